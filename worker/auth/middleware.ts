import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import { readsFromReplica } from "../db/d1-session";
import type { AppEnv } from "../env";
import { sessionRevokedInHub } from "../focus/live";
import { ApiError, unauthorized } from "../http/errors";
import { readSessionCookie } from "./cookies";
import { isLiveSession, liveSessionQuery, type SessionRow, touchSession } from "./sessions";
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

const SESSION_ENDED = "Your session has ended. Please sign in again.";

/**
 * Runs `read` (a D1 read that includes the session row of `claims`) and, when the request reads
 * from a replica that may not have seen a revocation yet, asks the user's hub at the same time
 * (docs/decisions.md#51): one D1 round trip, the hub's in parallel. Sets the signed-in user; a
 * revoked or expired session answers 401. last_seen_at is refreshed after the answer.
 */
export async function checkSession<T>(
  c: Context<AppEnv>,
  claims: SessionClaims,
  read: Promise<{ row: SessionRow | undefined; data: T }>,
): Promise<{ session: SessionRow; data: T }> {
  const [{ row, data }, revoked] = await Promise.all([read, revokedWhileReplicaMayLag(c, claims)]);
  if (revoked || !isLiveSession(row)) throw unauthorized(SESSION_ENDED);
  const touch = touchSession(c.var.db, claims.sessionId, row);
  if (touch) afterAnswer(c, touch);
  c.set("user", {
    id: claims.userId,
    sessionId: claims.sessionId,
    timeZone: row.timeZone,
    dayStartHour: row.dayStartHour,
  });
  return { session: row, data };
}

/** The hub's word on a revocation for replica reads; if it cannot be reached, the primary's. */
async function revokedWhileReplicaMayLag(c: Context<AppEnv>, claims: SessionClaims): Promise<boolean> {
  if (!readsFromReplica(c.req.raw)) return false;
  try {
    return await sessionRevokedInHub(c.env, claims.userId, claims.sessionId);
  } catch (err) {
    console.error("the hub could not say whether the session was revoked; asking the primary", err);
    const primary = createDb(c.env.DB.withSession("first-primary"));
    const [row] = await liveSessionQuery(primary, claims.sessionId, claims.userId);
    return !isLiveSession(row);
  }
}

/** Work that must not hold up the answer (its failure is only logged). */
function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>) {
  const logged = work.catch((err: unknown) => console.error("refreshing the session's last use failed", err));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context (a direct app.fetch without one): the promise still settles on its own.
  }
}

/**
 * For read routes that use readAsUser: checks the token (no database read) before the route's
 * validators run, so a signed-out request answers 401 whatever else is wrong with it.
 */
export const requireToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set("claims", await claimedSession(c));
  await next();
});

/**
 * Resolves the signed-in user (claimedSession) and checks the session row, so that logout and
 * password changes revoke at once. One D1 call; a read handler that needs data as well uses
 * readAsUser (session-read.ts) instead, to get both in that one call.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await claimedSession(c);
  const read = liveSessionQuery(c.var.db, claims.sessionId, claims.userId).then(([row]) => ({ row, data: null }));
  await checkSession(c, claims, read);
  await next();
});
