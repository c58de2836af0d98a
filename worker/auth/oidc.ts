import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv, Bindings } from "../env";
import { ApiError } from "../http/errors";

/** The hosted identity provider is used only when all three settings are present (DECISIONS 14). */
export function oidcConfigured(env: Bindings): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}

/** Starts the authorization-code flow with PKCE, state and nonce. */
export async function startOidcLogin(_c: Context<AppEnv>): Promise<Response> {
  throw new ApiError(501, "Signing in with the identity provider is not available yet.");
}

/** GET /api/auth/oidc/callback: finishes the flow, links or creates the user, signs them in. */
export const oidcRoutes = new Hono<AppEnv>();
