import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError, unauthorized } from "../http/errors";
import { readSessionCookie } from "./cookies";
import { findLiveSession } from "./sessions";
import { verifyToken } from "./tokens";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The origin this app is served from: APP_ORIGIN when configured, else the request's own. */
export function appOrigin(requestUrl: string, configured: string | undefined): string {
  return configured ? new URL(configured).origin : new URL(requestUrl).origin;
}

/**
 * Resolves the signed-in user from a Bearer token or, failing that, the session cookie, and checks
 * the session row so that logout and password changes revoke at once. A request authenticated by
 * the cookie alone that changes state must come from our own origin (CSRF).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const bearer = bearerToken(c.req.header("Authorization"));
  const token = bearer ?? readSessionCookie(c);
  if (!token) throw unauthorized();
  const claims = await verifyToken(c.env.AUTH_SECRET, token, "session");
  if (!claims) throw unauthorized("Your session has expired. Please sign in again.");
  if (!bearer && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (origin !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError(403, "This request must come from the Onething app.");
    }
  }
  const session = await findLiveSession(c.var.db, claims.sessionId, claims.userId);
  if (!session) throw unauthorized("Your session has ended. Please sign in again.");
  c.set("user", { id: claims.userId, sessionId: claims.sessionId, timeZone: session.timeZone });
  await next();
});
