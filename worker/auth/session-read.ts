import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { DEFAULT_DAY_START_HOUR } from "../../shared/day";
import { createDb, type Db } from "../db/client";
import { directoryDatabase } from "../db/person-db";
import type { PersonHome } from "../db/person-home";
import type { AppEnv, SessionClaims, SessionUser } from "../env";
import { sessionEnded, sessionEndedFor } from "../http/errors";
import { revokedInHub, sessionEndReason } from "../hub/hub-client";
import { beginDayOnRead } from "../today/begin-day";
import {
  isLiveSession,
  joinedSessionRow,
  liveSessionQuery,
  personStateQuery,
  type SessionRow,
  sessionRowQuery,
  touchSession,
} from "./sessions";

type Queries = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** What a route learns from its one authenticated read. */
export type UserRead<T> = {
  user: SessionUser;
  session: SessionRow;
  data: T;
  /**
   * The read found the person's day new and began it first: `data` was read before the day's
   * start made today's rows (the routines' occurrences), so a reader of those reads again.
   */
  dayWasNew?: boolean;
};

/**
 * The session check's row with the route's rows. `personGone`: the session is live in the
 * directory but the person's own row is gone from their home, their account's deletion cut short
 * between the two databases (only where readDirectoryAsUser's `personMayBeGone` allows it); no day
 * is begun for it.
 */
type SessionAndRows<T> = { row: SessionRow | undefined; data: T; personGone?: boolean };

/**
 * The day of a person whose row is gone from their home (a deletion cut short): none begun, in the
 * zone and start hour of every new account. What it decides is only the scope of the change that
 * finishes the deletion, which counts nothing.
 */
const NO_DAY = { timeZone: "UTC", dayStartHour: DEFAULT_DAY_START_HOUR, tasksVersion: 0, dayBegun: null };

/**
 * THE way a route knows who is asking (docs/architecture.md#request-path). The route names
 * `requireUser` (the token, checked before its validators); its handler then calls this once: the
 * session check and the route's own queries go out as ONE D1 batch (one snapshot, one round trip
 * from far away: docs/decisions/051-revocation-stays-immediate-replica-reads-writes.md), and the
 * signed-in user comes back with their rows.
 *
 *   .get("/things", requireUser, beginDay, async (c) => {
 *     const { data: [things] } = await readAsUser(c, (db, userId) => [thingsOfUserQuery(db, userId)]);
 *     return c.json(things);
 *   })
 *   .post("/things", requireUser, beginDay, applyOnce, validate("json", thingSchema), async (c) => {
 *     const { user } = await readAsUser(c); // nothing to read first: the session check alone
 *     await c.var.db.batch([...]);          // the change: the second and last D1 call
 *   })
 *
 * The queries get the user id from the token and must scope by it: they run before the session
 * is known to be live, and their rows are dropped with a 401 when it is not.
 */
export function readAsUser(c: Context<AppEnv>): Promise<UserRead<[]>>;
export function readAsUser<T extends Queries>(
  c: Context<AppEnv>,
  queries: (db: Db, userId: string) => T,
): Promise<UserRead<BatchResponse<T>>>;
export async function readAsUser<T extends Queries>(
  c: Context<AppEnv>,
  queries?: (db: Db, userId: string) => T,
): Promise<UserRead<BatchResponse<T> | []>> {
  const rowsOnly = ({ row, data: [, rows] }: SessionAndRows<[unknown, BatchResponse<T>]>) => ({ row, data: rows });
  const checked = await checkedRead(c, sessionAndRows<[], T>(c, undefined, queries).then(rowsOnly));
  if (!queries || !checked.dayWasNew) return checked;
  // The first read of a day read before the day's start wrote today's rows: once a day, read them
  // again, with the session check (an account deleted meanwhile answers 401, not its rows missing:
  // docs/decisions/316-a-change-whose-person-is-gone.md).
  const again = rowsOnly(await sessionAndRows<[], T>(c, undefined, queries));
  if (!isLiveSession(again.row)) throw await sessionEndedError(c, claimsOf(c), again.row !== undefined);
  return { ...checked, data: again.data };
}

/**
 * readAsUser for queries of the directory's rows (the account's credentials, its sign-in
 * counters): the session check batched with them, the person's day read with it (in the same batch
 * when their rows share the directory, else from their home at the same time). With
 * `personMayBeGone` (a write's, whose home is read on its primary) a session whose person's row is
 * gone from their home is live still: the account's deletion was cut short between the two
 * databases, and asking again finishes it (docs/decisions/315-a-deletion-cut-short-is-finished.md).
 */
export function readDirectoryAsUser<T extends Queries>(
  c: Context<AppEnv>,
  queries: (db: Db, userId: string) => T,
  options: { personMayBeGone?: boolean } = {},
): Promise<UserRead<BatchResponse<T>>> {
  const read = sessionAndRows<T, []>(c, queries, undefined, options.personMayBeGone === true);
  return checkedRead(
    c,
    read.then(({ data: [account], ...rest }) => ({ ...rest, data: account })),
  );
}

/**
 * readAsUser for a route that reads the account and the person's rows at once (the account with
 * their settings, the export): the session check with both, in one trip
 * (PersonHome.readBoth: one batch when they share a database). `data` is the account's results,
 * then the rows'.
 */
export async function readAccountAndRowsAsUser<A extends Queries, R extends Queries>(
  c: Context<AppEnv>,
  accountQueries: (db: Db, userId: string) => A,
  rowQueries: (db: Db, userId: string) => R,
): Promise<UserRead<[BatchResponse<A>, BatchResponse<R>]>> {
  const checked = await checkedRead(c, sessionAndRows(c, accountQueries, rowQueries));
  if (!checked.dayWasNew) return checked;
  // As readAsUser: the day's start came after this read, which is made again once.
  const again = await sessionAndRows(c, accountQueries, rowQueries);
  if (!isLiveSession(again.row)) throw await sessionEndedError(c, claimsOf(c), again.row !== undefined);
  return { ...checked, data: again.data };
}

/**
 * The session check with the route's queries of the account and of the person's rows, in one trip:
 * the directory's session row and the person's day (their zone, day start, day begun, tasks version)
 * from their own row, each with the queries of its side (docs/decisions/272-a-session-check-across-two-databases.md).
 */
async function sessionAndRows<A extends Queries | [], R extends Queries | []>(
  c: Context<AppEnv>,
  accountQueries: ((db: Db, userId: string) => A) | undefined,
  rowQueries: ((db: Db, userId: string) => R) | undefined,
  personMayBeGone = false,
): Promise<SessionAndRows<[BatchResponse<A & Queries>, BatchResponse<R & Queries>]>> {
  const { sessionId, userId } = claimsOf(c);
  const home = homeOf(c);
  const [[sessions, ...accountData], [people, ...rowData]] = await home.readBoth(
    [sessionRowQuery(home.account, sessionId, userId), ...(accountQueries?.(home.account, userId) ?? [])],
    [personStateQuery(home.rows, userId), ...(rowQueries?.(home.rows, userId) ?? [])],
  );
  const session = (sessions as SessionPart[])[0];
  const person = (people as PersonPart[])[0];
  const personGone = personMayBeGone && session !== undefined && person === undefined;
  return {
    row: joinedSessionRow(session, personGone ? NO_DAY : person),
    data: [accountData, rowData] as unknown as [BatchResponse<A & Queries>, BatchResponse<R & Queries>],
    ...(personGone ? { personGone } : {}),
  };
}

type SessionPart = Awaited<ReturnType<typeof sessionRowQuery>>[number];
type PersonPart = Awaited<ReturnType<typeof personStateQuery>>[number];

/** readAsUser for the common case of a route that reads one row (or none: `row` is undefined). */
export async function readRowAsUser<R>(
  c: Context<AppEnv>,
  query: (db: Db, userId: string) => BatchItem<"sqlite"> & PromiseLike<R[]>,
): Promise<{ user: SessionUser; row: R | undefined }> {
  const {
    user,
    data: [rows],
  } = await readAsUser(c, (db, userId) => [query(db, userId)] as const);
  return { user, row: (rows as R[])[0] };
}

/**
 * The session check under readAsUser, for a read that builds its own D1 batch with the session's
 * row in it (GET /api/tasks sends raw statements, its rows going out unmapped): when the request
 * reads from a replica that may not have seen a revocation yet, the user's hub is asked at the same
 * time. A revoked or expired session answers 401; last_seen_at is refreshed after the answer; on a
 * route that names beginDay, a day the person's rows say has not begun begins before the answer.
 */
export async function checkedRead<T>(c: Context<AppEnv>, read: Promise<SessionAndRows<T>>): Promise<UserRead<T>> {
  const claims = claimsOf(c);
  const [{ row, data, personGone }, revoked] = await Promise.all([read, revokedWhileReplicaMayLag(c, claims)]);
  if (revoked || !isLiveSession(row)) throw await sessionEndedError(c, claims, row !== undefined);
  const touch = touchSession(c.var.directory, claims.sessionId, row);
  if (touch) afterAnswer(c, touch);
  const user = {
    id: claims.userId,
    sessionId: claims.sessionId,
    timeZone: row.timeZone,
    dayStartHour: row.dayStartHour,
    home: claims.home,
  };
  if (personGone) return { user, session: row, data };
  // A new day not yet begun in the person's rows begins first, once, on a route whose chain names
  // beginDay (docs/decisions/404-the-day-begun-by-a-named-door.md).
  const dayWasNew = await beginDayOnRead(c, user, row.dayBegun);
  return { user, session: row, data, ...(dayWasNew ? { dayWasNew } : {}) };
}

/**
 * The 401 of a session that is not live. One whose row is gone was ended elsewhere for a reason (a
 * password change, a sign-out everywhere...): the 401 says which, so the device can
 * (docs/decisions/177-signed-out-told-why.md).
 */
export async function sessionEndedError(c: Context<AppEnv>, claims: SessionClaims, rowExists: boolean) {
  const why = rowExists ? null : await sessionEndReason(c.env, claims.userId, claims.sessionId);
  return why ? sessionEndedFor(why) : sessionEnded();
}

/** The person's databases, which requireUser handed to the route (worker/db/person-session.ts). */
export function homeOf(c: Context<AppEnv>): PersonHome {
  const { home } = c.var;
  if (!home) throw new Error("this route reads as the user but does not name requireUser");
  return home;
}

/** The token's claims, which requireUser checked before the route's validators ran. */
export function claimsOf(c: Context<AppEnv>): SessionClaims {
  const { claims } = c.var;
  if (!claims) throw new Error("this route reads as the user but does not name requireUser");
  return claims;
}

/** The hub's word on a revocation for directory reads from a replica; if it cannot be reached, the primary's. */
async function revokedWhileReplicaMayLag(c: Context<AppEnv>, claims: SessionClaims): Promise<boolean> {
  if (!homeOf(c).accountMayLag) return false;
  try {
    return await revokedInHub(c.env, claims.userId, claims.sessionId);
  } catch (err) {
    console.error("the hub could not say whether the session was revoked; asking the primary", err);
    const primary = createDb(directoryDatabase(c.env).withSession("first-primary"));
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
