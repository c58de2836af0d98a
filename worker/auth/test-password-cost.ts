import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { isLoopbackUrl } from "./oidc-claims";
import { setPasswordHashParams, TEST_PARAMS } from "./password";

/**
 * The browser suite's server hashes new passwords at the test cost
 * (docs/decisions/123-browser-suites-local-server-hashes-passwords.md): each of its hundred-odd
 * tests signs up, and a production hash holds workerd's one thread for about 150 ms, stalling the
 * other test's page. Only a local server can ask for it: the binding comes from the e2e build's
 * .dev.vars, and the request must be addressed to this machine. Hashes carry their cost, so nothing
 * else changes.
 */
export const testPasswordCost: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.PASSWORD_HASH_COST === "test" && isLoopbackUrl(new URL(c.req.url))) setPasswordHashParams(TEST_PARAMS);
  await next();
};
