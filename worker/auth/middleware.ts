import { msg } from "@lingui/core/macro";
import { and } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { isHome } from "../db/person-db";
import { usePersonDatabase } from "../db/person-session";
import type { AppEnv, SessionClaims } from "../env";
import { applyChangeOnce, namesAChange } from "../http/apply-once";
import { ApiError, unauthorized } from "../http/errors";
import { readSessionCookie } from "./cookies";
import { claimsOf, homeOf, sessionEndedError } from "./session-read";
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

const FOREIGN_ORIGIN = msg`This request must come from the Onething app.`;

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
  if (claims && !isHome(claims.home)) throw unauthorized(msg`Your session has expired. Please sign in again.`);
  if (!claims) throw unauthorized(msg`Your session has expired. Please sign in again.`);
  if (!bearer && !SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    if (origin !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError(403, FOREIGN_ORIGIN);
    }
  }
  return claims;
}

/**
 * THE session door of a protected route: checks the token (no database read) before the route's
 * validators run, so a signed-out request answers 401 whatever else is wrong with it, and hands the
 * route the person's databases (`c.var.home`, named by the token: worker/db/person-session.ts). It
 * writes nothing and answers nothing itself. The handler then checks the session, together with
 * what it reads, by one call of readAsUser (session-read.ts): the signed-in user comes from there.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const claims = await claimedSession(c);
  c.set("claims", claims);
  usePersonDatabase(c, claims.home);
  await next();
});

/**
 * The apply-once door, named after requireUser in the chain of every route that takes a change id:
 * a change sent with its own id is applied once, however often it arrives, a repeat answered with
 * the first answer (worker/http/apply-once.ts), and only for a live session: the claim checks it in
 * its own trip, so a replay is refused to a revoked session as any answer is
 * (docs/decisions/224-what-a-replay-keeps.md). A route without it (the live ticket: a one-use
 * credential) answers each request anew, `Idempotency-Key` or not.
 */
export const applyOnce = createMiddleware<AppEnv>(async (c, next) => {
  if (!namesAChange(c)) return next();
  const claims = claimsOf(c);
  const home = homeOf(c);
  // The session's liveness in the claim's own statement when the account shares the person's
  // database; else the claim asks that the person's row is there (a deleted account makes no
  // receipt) while the directory's session row is read at the same time
  // (docs/decisions/272-a-session-check-across-two-databases.md).
  const { inRows, alongside } = home.accountCheck(
    (now: number) => liveSessionCondition(claims.sessionId, claims.userId, now),
    async () => {
      const [row] = await sessionRowQuery(home.account, claims.sessionId, claims.userId);
      return row !== undefined && row.expire.getTime() > Date.now();
    },
  );
  const personRow = personRowCondition(claims.userId);
  await applyChangeOnce(
    c,
    {
      userId: claims.userId,
      sessionIsLive: (now) => (inRows ? (and(personRow, inRows(now)) ?? personRow) : personRow),
      ...(alongside ? { sessionLiveInDirectory: alongside } : {}),
      sessionEnded: () => sessionEndedError(c, claims, false),
    },
    next,
  );
});
