import type { Context } from "hono";
import { Hono } from "hono";
import * as oauth from "oauth4webapi";
import type { OidcErrorCode } from "../../shared/schemas/auth";
import { timeZoneSchema } from "../../shared/schemas/common";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { appOrigin } from "./middleware";
import {
  authorizationUrl,
  finishAuthorization,
  OIDC_CALLBACK_PATH,
  OidcFailure,
  oidcConfigured,
  oidcProvider,
} from "./oidc-provider";
import { saveTransaction, takeTransaction } from "./oidc-transaction";
import { linkOrCreateUser } from "./oidc-users";
import { finishDeletionCutShort, personRowGone } from "./person-row";
import { signIn } from "./routes";
import { limitAuthRequests } from "./throttle";

function redirectUri(c: Context<AppEnv>): string {
  return `${appOrigin(c.req.url, c.env.APP_ORIGIN)}${OIDC_CALLBACK_PATH}`;
}

/**
 * Both legs are full-page navigations, so a failure never answers JSON or a 500: it lands on the
 * login page, which shows the message for the code. The details go to the log only.
 */
function failed(c: Context<AppEnv>, err: unknown): Response {
  let reason: OidcErrorCode = "provider";
  if (err instanceof OidcFailure) reason = err.reason;
  else if (err instanceof ApiError && err.status === 429) reason = "throttled";
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : "";
  const log = err instanceof OidcFailure || reason === "throttled" ? console.warn : console.error;
  log(`oidc sign-in failed (${reason})`, err instanceof Error ? `${err.message}${cause}` : err);
  return c.redirect(`/login#error=${reason}`, 302);
}

/** GET /api/login with a provider configured: sends the browser to the provider's sign-in page. */
export async function startOidcLogin(c: Context<AppEnv>): Promise<Response> {
  try {
    const provider = await oidcProvider(c.env);
    // The login page passes the browser's time zone, for the account a first sign-in creates.
    const timeZone = timeZoneSchema.safeParse(c.req.query("timeZone"));
    const tx = {
      state: oauth.generateRandomState(),
      nonce: oauth.generateRandomNonce(),
      codeVerifier: oauth.generateRandomCodeVerifier(),
      issuer: provider.as.issuer,
      ...(timeZone.success ? { timeZone: timeZone.data } : {}),
    };
    const url = await authorizationUrl(provider, redirectUri(c), tx);
    await saveTransaction(c, tx);
    return c.redirect(url.href, 302);
  } catch (err) {
    return failed(c, err);
  }
}

/**
 * GET /api/auth/oidc/callback: finishes the flow, links or creates the user and signs them in
 * exactly like a password login. The token travels to the app in the URL fragment of /login,
 * which browsers never send to a server, so it cannot end up in access logs; the page stores it
 * and replaces the URL. The session cookie is set here as well.
 */
export const oidcRoutes = new Hono<AppEnv>().get("/callback", async (c) => {
  try {
    if (!oidcConfigured(c.env)) throw new OidcFailure("unavailable", "OIDC is not configured");
    const tx = await takeTransaction(c);
    await limitAuthRequests(c);
    if (!tx) throw new OidcFailure("state", "No sign-in attempt in progress (cookie missing, expired or altered)");
    const provider = await oidcProvider(c.env);
    if (provider.as.issuer !== tx.issuer) throw new OidcFailure("state", "The attempt began with another issuer");
    const profile = await finishAuthorization(provider, new URL(c.req.url), redirectUri(c), tx);
    const account = await linkOrCreateUser(c, profile, tx.timeZone ? { timeZone: tx.timeZone } : {});
    // An account whose deletion was cut short between the two databases is finished, never signed
    // in (docs/decisions/315-a-deletion-cut-short-is-finished.md).
    if (await personRowGone(c, account)) {
      await finishDeletionCutShort(c, account);
      throw new OidcFailure("deleted", "the account's deletion had been cut short: finished now");
    }
    const token = await signIn(c, account, "oidc");
    return c.redirect(`/login#token=${encodeURIComponent(token)}`, 302);
  } catch (err) {
    return failed(c, err);
  }
});
