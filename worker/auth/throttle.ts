import { and, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";

/**
 * Failures allowed per window before the key is locked for lockMs. The tight limit is per account
 * and client address, so nobody can lock someone else out of their account from their own
 * address; the account-wide limit stops a guesser spread over many addresses, and is out of reach
 * of one address (locked at client.maxFailures, across all accounts).
 */
export const THROTTLE = {
  accountFromClient: { maxFailures: 5 },
  account: { maxFailures: 50 },
  client: { maxFailures: 20 },
  windowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
} as const;

export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

const normalized = (login: string) => login.trim().toLowerCase();

/**
 * What a known account's failures count against: its id, so its username and its email share one
 * lock (and re-entering the password in settings counts towards it too). An unknown login counts
 * against what was typed.
 */
export const accountLockKey = (userId: string) => `user:${userId}`;

/**
 * Every key of a login's per-address counters starts with this: the login as a JSON string, which
 * ends at its own closing quote, so no other login's keys share the prefix.
 */
const accountFromClientPrefix = (login: string) => `account-client:${JSON.stringify(normalized(login))}`;

function keysFor(login: string, client: string) {
  return {
    accountFromClient: `${accountFromClientPrefix(login)} ${client}`,
    account: `account:${normalized(login)}`,
    client: `client:${client}`,
  };
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

/** Throws 429 while the account, the account from this client address, or the address is locked. */
export async function assertNotLocked(db: Db, login: string, client: string, now = Date.now()) {
  const keys = keysFor(login, client);
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.accountFromClient, keys.account, keys.client]));
  for (const row of rows) {
    const until = row.lockedUntil?.getTime() ?? 0;
    if (until > now) throw tooMany(until - now);
  }
}

/** Counts a failed sign-in against every key, locking a key that reaches its limit. */
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
  await db.batch([
    count(keys.accountFromClient, THROTTLE.accountFromClient.maxFailures),
    count(keys.account, THROTTLE.account.maxFailures),
    count(keys.client, THROTTLE.client.maxFailures),
  ]);
}

/** After a right password: the account's counters and this address's for the account start over. */
export async function clearAccountFailures(db: Db, login: string, client: string) {
  const keys = keysFor(login, client);
  await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.account, keys.accountFromClient]));
}

/** The statement that forgets every failure counter of these logins, from any address (account deletion). */
export function clearAccountFailuresQuery(db: Db, logins: string[]) {
  return db.delete(loginFailures).where(
    or(
      inArray(
        loginFailures.key,
        logins.map((login) => keysFor(login, "").account),
      ),
      ...logins.map((login) => {
        // The keys that start with the prefix: from the prefix up to (not including) the prefix with
        // its last character, the closing quote, raised by one.
        const prefix = accountFromClientPrefix(login);
        return and(gte(loginFailures.key, prefix), lt(loginFailures.key, `${prefix.slice(0, -1)}#`));
      }),
    ),
  );
}
