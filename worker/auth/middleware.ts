import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError, unauthorized } from "../http/errors";
import { readSessionCookie } from "./cookies";
import { acceptLiveSession, liveSessionQuery } from "./sessions";
import { verifyToken } from "./tokens";

export type SessionClaims = { userId: string; sessionId: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** The origin this app is served from: APP_ORIGIN when configured, else the request's own. */
export function appOrigin(requestUrl: string, configured: string | undefined): string {
  return configured ? new URL(configured).origin : new URL(requestUrl).origin;
}

const FOREIGN_ORIGIN = "This request must come from the Onething app.";

/**
 * Sign-in and registration set the session cookie, so another site must not be able to post them
 * from a visitor's browser (login CSRF). Browsers always send Origin on a cross-site POST; clients
 * that send none (scripts, the spec's API clients) are not browsers and are let through.
 */
export const rejectForeignOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin !== undefined && origin !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
    throw new ApiError(403, FOREIGN_ORIGIN);
  }
  await next();
});

/**
 * The session a request claims, from a Bearer token or, failing that, the session cookie (no
 * database read yet). A request authenticated by the cookie alone that changes state must come
 * from our own origin (CSRF).
 */
export async function claimedSession(c: Context<AppEnv>): Promise<SessionClaims> {
  const bearer = bearerToken(c.req.header("Authorization"));
  const token = bearer ?? readSessionCookie(c);
  if (!token) throw unauthorized();
  const claims = await verifyToken(c.env.AUTH_SECRET, token, "session");
  if (!claims) throw unauthorized("Your session has expired. Please sign in again.");
  if (!bearer && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (origin !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError(403, FOREIGN_ORIGIN);
    }
  }
  return claims;
}

/** Sets the signed-in user from a session row read for `claims`; a revoked or expired one answers 401. */
export async function acceptSession(
  c: Context<AppEnv>,
  claims: SessionClaims,
  row: Parameters<typeof acceptLiveSession>[2],
) {
  const session = await acceptLiveSession(c.var.db, claims.sessionId, row);
  if (!session) throw unauthorized("Your session has ended. Please sign in again.");
  c.set("user", { id: claims.userId, sessionId: claims.sessionId, timeZone: session.timeZone });
}

/**
 * Resolves the signed-in user (claimedSession) and checks the session row, so that logout and
 * password changes revoke at once.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await claimedSession(c);
  const [row] = await liveSessionQuery(c.var.db, claims.sessionId, claims.userId);
  await acceptSession(c, claims, row);
  await next();
});
