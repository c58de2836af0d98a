import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isHome } from "../db/person-db";
import { personIsInDirectory, usePersonDatabase } from "../db/person-session";
import type { AppEnv, SessionClaims } from "../env";
import { applyOnce, namesAChange } from "../http/apply-once";
import { ApiError, unauthorized } from "../http/errors";
import { readSessionCookie } from "./cookies";
import { sessionEndedError } from "./session-read";
import { liveSessionCondition, personRowCondition, sessionRowQuery } from "./sessions";
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
async function claimedSession(c: Context<AppEnv>): Promise<SessionClaims> {
  const bearer = bearerToken(c.req.header("Authorization"));
  const token = bearer ?? readSessionCookie(c);
  if (!token) throw unauthorized();
  const claims = await verifyToken(c.env.AUTH_SECRET, token, "session");
  if (claims && !isHome(claims.home)) throw unauthorized("Your session has expired. Please sign in again.");
  if (!claims) throw unauthorized("Your session has expired. Please sign in again.");
  if (!bearer && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (origin !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError(403, FOREIGN_ORIGIN);
    }
  }
  return claims;
}

/**
 * How the apply-once claim knows the session is live: in its own statement when the person's rows
 * share the directory; else the claim asks that the person's row is there (a deleted account makes
 * no receipt) while the directory's session row is read at the same time
 * (docs/decisions/272-a-session-check-across-two-databases.md).
 */
function changeSenderCheck(c: Context<AppEnv>, claims: SessionClaims) {
  if (personIsInDirectory(c)) {
    return { sessionIsLive: (now: number) => liveSessionCondition(claims.sessionId, claims.userId, now) };
  }
  return {
    sessionIsLive: () => personRowCondition(claims.userId),
    sessionLiveInDirectory: async () => {
      const [row] = await sessionRowQuery(c.var.directory, claims.sessionId, claims.userId);
      return row !== undefined && row.expire.getTime() > Date.now();
    },
  };
}

/**
 * The one middleware of a protected route: checks the token (no database read) before the route's
 * validators run, so a signed-out request answers 401 whatever else is wrong with it. The handler
 * then checks the session, together with what it reads, by one call of readAsUser
 * (session-read.ts): the signed-in user comes from there.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await claimedSession(c);
  c.set("claims", claims);
  usePersonDatabase(c, claims.home);
  // A change sent with its own id is applied once, however often it arrives (worker/http/apply-once.ts),
  // and only for a live session: the claim checks it in its own trip, so a replay is refused to a
  // revoked session as any answer is (docs/decisions/224-what-a-replay-keeps.md).
  if (namesAChange(c)) {
    await applyOnce(
      c,
      {
        userId: claims.userId,
        ...changeSenderCheck(c, claims),
        sessionEnded: () => sessionEndedError(c, claims, false),
      },
      next,
    );
  } else await next();
});

/**
 * requireUser for a request that is no change and whose answer must never be given twice (the live
 * ticket: a one-use credential). An `Idempotency-Key` on it is ignored: each request is checked and
 * answered anew.
 */
export const requireUserAnsweredAnew = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await claimedSession(c);
  c.set("claims", claims);
  usePersonDatabase(c, claims.home);
  await next();
});
