import { eq, inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

/** Failures allowed per window before the key is locked for LOCK_MS. */
export const THROTTLE = {
  account: { maxFailures: 5 },
  client: { maxFailures: 20 },
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

function keysFor(login: string, client: string) {
  return { account: `account:${login.trim().toLowerCase()}`, client: `client:${client}` };
}

function tooMany(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(
    429,
    `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minute(s) and try again.`,
    undefined,
    { "Retry-After": String(seconds) },
  );
}

/** Per-address request rate (Workers rate-limit binding): a cheap first line against floods. */
export async function limitAuthRequests(c: Context<AppEnv>) {
  const limiter = c.env.AUTH_LIMITER;
  if (!limiter) return;
  const { success } = await limiter.limit({ key: clientAddress(c) });
  if (!success) throw tooMany(60_000);
}

/** Throws 429 while the account or the client address is locked after repeated failures. */
export async function assertNotLocked(db: Db, login: string, client: string, now = Date.now()) {
  const keys = keysFor(login, client);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.account, keys.client]));
  for (const row of rows) {
    const until = row.lockedUntil?.getTime() ?? 0;
    if (until > now) throw tooMany(until - now);
  }
}

/** Counts a failed sign-in against both keys, locking a key that reaches its limit. */
export async function recordFailure(db: Db, login: string, client: string, now = Date.now()) {
  const keys = keysFor(login, client);
  const windowStart = now - THROTTLE.windowMs;
  const count = (key: string, max: number) =>
    db
      .insert(loginFailures)
      .values({ key, count: 1, windowStart: new Date(now) })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          // A window that has passed starts again from one.
          count: sql`case when ${loginFailures.windowStart} < ${windowStart} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${loginFailures.windowStart} < ${windowStart} then ${now} else ${loginFailures.windowStart} end`,
          lockedUntil: sql`case when ${loginFailures.windowStart} >= ${windowStart} and ${loginFailures.count} + 1 >= ${max} then ${now + THROTTLE.lockMs} else ${loginFailures.lockedUntil} end`,
        },
      });
  await db.batch([count(keys.account, THROTTLE.account.maxFailures), count(keys.client, THROTTLE.client.maxFailures)]);
}

export async function clearAccountFailures(db: Db, login: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, keysFor(login, "").account));
}

/** The statement that forgets the failure counters of these logins (account deletion). */
export function clearAccountFailuresQuery(db: Db, logins: string[]) {
  return db.delete(loginFailures).where(
    inArray(
      loginFailures.key,
      logins.map((login) => keysFor(login, "").account),
    ),
  );
}
