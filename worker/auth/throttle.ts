import { msg, plural } from "@lingui/core/macro";
import { and, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
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
/** The row that retires a device cookie replaced by a newer sign-in (kept until the cookie expires). */
const retiredDeviceKey = (deviceId: string) => `retired-device:${deviceId}`;

/** The device whose counter an attempt was counted on (countAttemptQueries' returned keys), or null. */
export function countedDevice(keys: readonly { key: string }[][]): string | null {
  const prefix = deviceLockKey("");
  const key = keys.flat().find((row) => row.key.startsWith(prefix))?.key;
  return key === undefined ? null : key.slice(prefix.length);
}

/**
 * A sign-in gives the browser a new device cookie for the account: the tokens it replaces no
 * longer vouch for the browser, wherever a copy of them is (docs/decisions/175-device-cookies-retire.md).
 */
export function retireDevicesQuery(db: Db, replaced: readonly { deviceId: string; expiresAt: number }[], now: Date) {
  return db
    .insert(loginFailures)
    .values(
      replaced.map((device) => ({
        key: retiredDeviceKey(device.deviceId),
        count: 0,
        windowStart: now,
        lockedUntil: new Date(device.expiresAt),
      })),
    )
    .onConflictDoNothing();
}
export const sessionDeviceId = (sessionId: string) => `session:${sessionId}`;

/**
 * Up to `batch` counters that no longer count (the daily clean-up: worker/scheduled.ts): their window
 * has passed and no lock lasts, a retired device's row included once its cookie has expired. Most are
 * made by sign-ins to no account, by anyone, so only this removes them.
 */
export function deleteExpiredLoginFailuresQuery(db: Db, now: number, batch: number) {
  const expired = sql`${loginFailures.windowStart} < ${now - THROTTLE.windowMs}
    and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now})`;
  return db
    .delete(loginFailures)
    .where(
      sql`${loginFailures.key} in (select ${loginFailures.key} from ${loginFailures} where ${expired} limit ${batch})`,
    );
}

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
    msg`${plural(minutes, {
      one: "Too many attempts. Please wait # minute and try again.",
      other: "Too many attempts. Please wait # minutes and try again.",
    })}`,
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

/**
 * Per-address sign-in rate for everyone, a known device too (Workers rate-limit binding, generous:
 * a shared address of many people): each sign-in is a password hash and a session, so no browser
 * may make them without bound (docs/decisions/176-sessions-and-sign-ins-per-person.md).
 */
export async function limitSignIns(c: Context<AppEnv>) {
  const limiter = c.env.SIGN_IN_LIMITER;
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

/** A counter an attempt is counted against: its key and the condition it applies under, as SQL. */
type AttemptCounter = { key: SQL; max: number; applies: SQL };

/**
 * The statements that count one password attempt BEFORE the password is checked, for a batch
 * (D1 runs it as one transaction, so attempts sent at once are counted one after another): a
 * guard that aborts the batch while any counter that applies is locked (abortedBy(err,
 * loginFailures); nothing is counted then), then each counter's upsert. A counter locks as it
 * reaches its limit, so a burst gets at most the limit of verdicts, and the attempt that reached
 * it still gets its own (docs/decisions/168-attempts-counted-before-the-check.md). A window that
 * has passed starts again from one, never while its lock lasts.
 */
function countAttemptQueries(db: Db, counters: readonly AttemptCounter[], now: number) {
  const windowStart = now - THROTTLE.windowMs;
  const lockedUntil = now + THROTTLE.lockMs;
  const lockOver = sql`(${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now})`;
  const freshWindow = sql`(${loginFailures.windowStart} < ${windowStart} and ${lockOver})`;
  const applying = counters.map((counter) => sql`case when ${counter.applies} then ${counter.key} end`);
  const guard = abortBatchIf(
    db,
    loginFailures,
    sql`exists (select 1 from ${loginFailures} where ${loginFailures.key} in (${sql.join(applying, sql`, `)}) and ${loginFailures.lockedUntil} > ${now})`,
  );
  const upserts = counters.map(({ key, max, applies }) =>
    db
      .insert(loginFailures)
      .select(
        (qb) =>
          qb
            .select({
              key: sql`${key}`.as("key"),
              count: sql`1`.as("count"),
              windowStart: sql`${now}`.as("window_start"),
              lockedUntil: sql`${max <= 1 ? lockedUntil : null}`.as("locked_until"),
            })
            .from(sql`(select 1)`)
            // A WHERE, also so that SQLite reads the ON CONFLICT below as the upsert's.
            .where(applies) as never,
      )
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${freshWindow} then 1 else ${loginFailures.count} + 1 end`,
          windowStart: sql`case when ${freshWindow} then ${now} else ${loginFailures.windowStart} end`,
          lockedUntil: sql`case when ${freshWindow} then ${max <= 1 ? lockedUntil : null} when ${loginFailures.count} + 1 >= ${max} and ${lockOver} then ${lockedUntil} else ${loginFailures.lockedUntil} end`,
        },
      })
      // Which counters the attempt was counted on (a device's, or the three of an unknown browser).
      .returning({ key: loginFailures.key }),
  );
  return [guard, ...upserts] as const;
}

/**
 * Sign-in's attempt, counted with the lookup of the account in one trip: against the browser's
 * device counter when one of its device cookies is for the account the login names, else against
 * the account from this address, the account and the address. The account's keys are built in
 * SQL exactly as keysFor builds them from accountLockKey (see signInLockRowsQuery).
 */
export function signInAttemptQueries(
  db: Db,
  login: string,
  client: string,
  devices: readonly { userId: string; deviceId: string; issuedAt: number }[],
  now = Date.now(),
) {
  const typed = keysFor(login, client);
  const accountId = sql`(select ${users.id} from ${users} where ${loginMatch(login)} limit 1)`;
  // A device cookie vouches for the browser only for its own account, when it was issued after
  // the account's last password change and has not been replaced by a newer sign-in
  // (docs/decisions/175-device-cookies-retire.md).
  const deviceKey = devices.length
    ? sql`(case ${sql.join(
        devices.map(
          (device) => sql`when ${accountId} = ${device.userId}
            and coalesce((select ${users.passwordChangedAt} from ${users} where ${users.id} = ${device.userId}), 0) < ${device.issuedAt}
            and not exists (select 1 from ${loginFailures} where ${loginFailures.key} = ${retiredDeviceKey(device.deviceId)})
            then ${deviceLockKey(device.deviceId)}`,
        ),
        sql` `,
      )} end)`
    : sql`null`;
  const withoutDevice = sql`${deviceKey} is null`;
  const lockKey = sql`lower('user:' || ${accountId})`;
  return countAttemptQueries(
    db,
    [
      { key: deviceKey, max: THROTTLE.device.maxFailures, applies: sql`${deviceKey} is not null` },
      {
        // json_quote(null) is the text 'null': the account's absence is tested first.
        key: sql`case when ${accountId} is null then ${typed.accountFromClient} else 'account-client:' || json_quote(${lockKey}) || ' ' || ${client} end`,
        max: THROTTLE.accountFromClient.maxFailures,
        applies: withoutDevice,
      },
      {
        key: sql`case when ${accountId} is null then ${typed.account} else 'account:' || ${lockKey} end`,
        max: THROTTLE.account.maxFailures,
        applies: withoutDevice,
      },
      { key: sql`${typed.client}`, max: THROTTLE.client.maxFailures, applies: withoutDevice },
    ],
    now,
  );
}

/**
 * A signed-in session re-entering its password (settings): the attempt counted on the session's
 * own counter in the trip that reads the account, when the account has a password to check.
 */
export function passwordCheckAttemptQueries(db: Db, userId: string, device: string, now = Date.now()) {
  const hasPassword = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.passwordHash} is not null)`;
  return countAttemptQueries(
    db,
    [{ key: sql`${deviceLockKey(device)}`, max: THROTTLE.device.maxFailures, applies: hasPassword }],
    now,
  );
}

/**
 * Runs a batch that counts an attempt (countAttemptQueries' statements among its own), answering
 * 429 while a counter that applies is locked: `refuse` reads the counters again and throws for
 * the lock that refused it (assertNotLocked); a lock gone by then still answers 429.
 */
export async function countingAttempt<T>(run: () => Promise<T>, refuse: () => Promise<void>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!abortedBy(err, loginFailures)) throw err;
    await refuse();
    throw tooMany(THROTTLE.lockMs);
  }
}

/**
 * After a right password: the account's counters, this address's for the account and the known
 * device's start over; without a device, the address's counter (which counts failures over every
 * account) gives back the attempt counted before the check.
 */
export function rightPasswordQueries(db: Db, login: string, client: string, device: string | null) {
  const keys = keysFor(login, client);
  const clear = db
    .delete(loginFailures)
    .where(
      inArray(loginFailures.key, [keys.account, keys.accountFromClient, ...(device ? [deviceLockKey(device)] : [])]),
    );
  if (device) return [clear] as const;
  return [clear, refundAttemptQuery(db, keys.client, THROTTLE.client.maxFailures)] as const;
}

/** Gives back an attempt counted on `key` (a right password, or a request refused before any check). */
function refundAttemptQuery(db: Db, key: string, max: number) {
  return db
    .update(loginFailures)
    .set({
      count: sql`max(${loginFailures.count} - 1, 0)`,
      lockedUntil: sql`case when ${loginFailures.count} - 1 < ${max} then null else ${loginFailures.lockedUntil} end`,
    })
    .where(eq(loginFailures.key, key));
}

/** Gives back a session's attempt that was counted but never checked (no password was sent). */
export const refundPasswordCheckQuery = (db: Db, device: string) =>
  refundAttemptQuery(db, deviceLockKey(device), THROTTLE.device.maxFailures);

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
