import { and, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { abortBatchIf, abortedBy } from "../db/batch-guard";
import type { Db } from "../db/client";
import { loginFailures, users } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError } from "../http/errors";
import { loginMatch } from "./users";

/**
 * Failures allowed per window before the key is locked for lockMs. The tight limit is per account
 * and client address, so nobody can lock someone else out of their account from their own
 * address; the account-wide limit stops a guesser spread over many addresses, and is out of reach
 * of one address (locked at client.maxFailures, across all accounts). A browser with a device
 * cookie for the account, or a signed-in session re-entering its password, has a counter of its
 * own instead of these three (docs/decisions/131-device-cookies.md).
 */
export const THROTTLE = {
  accountFromClient: { maxFailures: 5 },
  device: { maxFailures: 5 },
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

/**
 * The counter of a known device: a browser's device cookie for the account (./device-cookies.ts),
 * or a signed-in session (sessionDeviceId) re-entering its password.
 */
const deviceLockKey = (deviceId: string) => `device:${deviceId}`;
export const sessionDeviceId = (sessionId: string) => `session:${sessionId}`;

/**
 * The counters an attempt is refused by and counted against, with their limits: a known device's
 * own, or (a browser without one) the account from this address, the account, and the address.
 */
function countersFor(login: string, client: string, device: string | null) {
  if (device) return [{ key: deviceLockKey(device), max: THROTTLE.device.maxFailures }];
  const keys = keysFor(login, client);
  return [
    { key: keys.accountFromClient, max: THROTTLE.accountFromClient.maxFailures },
    { key: keys.account, max: THROTTLE.account.maxFailures },
    { key: keys.client, max: THROTTLE.client.maxFailures },
  ];
}

const counterKeys = (login: string, client: string, device: string | null) =>
  countersFor(login, client, device).map((counter) => counter.key);

function tooMany(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(
    429,
    // A proper plural, never "minute(s)" (docs/decisions/153-everyday-details.md).
    `Too many attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
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

/** The counter rows whose lock refuses this login from this address or device (assertNotLocked decides). */
export function lockRowsQuery(db: Db, login: string, client: string, device: string | null = null) {
  return db
    .select({ key: loginFailures.key, lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(inArray(loginFailures.key, counterKeys(login, client, device)));
}

/**
 * For sign-in, where the lock key is not known before the account is: the rows of lockRowsQuery
 * for what was typed and for the key of each account the login names (matched as
 * userByLoginQuery matches), so the lookup of the account and its lock check are one trip
 * (docs/decisions/054-every-write-makes-most-two-d1.md).
 * The account's keys are built in SQL exactly as keysFor builds them from accountLockKey (ids are
 * ASCII, where lower() and JSON quoting agree with JavaScript's); assertNotLocked then keeps only
 * the rows of the key the answer is decided by. `devices`: the ids of the browser's device cookies,
 * one of which may turn out to be for the account.
 */
export function signInLockRowsQuery(db: Db, login: string, client: string, devices: readonly string[] = []) {
  const keys = keysFor(login, client);
  const accounts = sql`select ${users.id} as id from ${users} where ${loginMatch(login)}`;
  const lockKey = sql`lower('user:' || account.id)`;
  return db
    .select({ key: loginFailures.key, lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(
      or(
        inArray(loginFailures.key, [keys.accountFromClient, keys.account, keys.client, ...devices.map(deviceLockKey)]),
        sql`${loginFailures.key} in (
          select 'account:' || ${lockKey} from (${accounts}) as account
          union all
          select 'account-client:' || json_quote(${lockKey}) || ' ' || ${client} from (${accounts}) as account)`,
      ),
    );
}

type LockRow = { key: string; lockedUntil: Date | null };

/**
 * Throws 429 while the account, the account from this client address, or the address is locked;
 * for a known device, while that device is.
 */
export function assertNotLocked(
  rows: readonly LockRow[],
  login: string,
  client: string,
  device: string | null = null,
  now = Date.now(),
) {
  const keys = new Set(counterKeys(login, client, device));
  for (const row of rows) {
    const until = row.lockedUntil?.getTime() ?? 0;
    if (keys.has(row.key) && until > now) throw tooMany(until - now);
  }
}

/** Counts a failed sign-in against each of its counters, locking one that reaches its limit (one batch). */
export async function recordFailure(
  db: Db,
  login: string,
  client: string,
  device: string | null = null,
  now = Date.now(),
) {
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
  const [first, ...rest] = countersFor(login, client, device).map((counter) => count(counter.key, counter.max));
  if (first) await db.batch([first, ...rest]);
}

/**
 * After a right password: the account's counters, this address's for the account and the known
 * device's start over.
 */
export function clearAccountFailuresOfClientQuery(db: Db, login: string, client: string, device: string | null = null) {
  const keys = keysFor(login, client);
  const deviceKeys = device ? [deviceLockKey(device)] : [];
  return db
    .delete(loginFailures)
    .where(inArray(loginFailures.key, [keys.account, keys.accountFromClient, ...deviceKeys]));
}

/**
 * Runs a write that a right password allows as one batch, unless a key of the login is locked as
 * it runs: a lock set since lockRowsQuery was read (by guesses sent in parallel) refuses it with
 * 429 too, and nothing of it is written (docs/decisions/054-every-write-makes-most-two-d1.md).
 * Answers the statements' results.
 */
export async function batchUnlessLocked<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  db: Db,
  login: string,
  client: string,
  statements: T,
  device: string | null = null,
  now = Date.now(),
): Promise<BatchResponse<T>> {
  const locked = sql`exists (select 1 from ${loginFailures} where ${inArray(
    loginFailures.key,
    counterKeys(login, client, device),
  )} and ${loginFailures.lockedUntil} > ${now})`;
  try {
    const [, ...results] = await db.batch([abortBatchIf(db, loginFailures, locked), ...statements]);
    return results as unknown as BatchResponse<T>;
  } catch (err) {
    // Locked a moment ago: about a whole lock period is left.
    if (abortedBy(err, loginFailures)) throw tooMany(THROTTLE.lockMs);
    throw err;
  }
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
