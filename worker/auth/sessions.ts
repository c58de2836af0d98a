import { and, desc, eq, gt, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { SESSION_TTL_MS } from "./tokens";

/** How stale last_seen_at may get before a request refreshes it (keeps reads cheap). */
const LAST_SEEN_GRANULARITY_MS = 5 * 60 * 1000;

type SessionData = { method: "password" | "oidc"; userAgent?: string };

/** A new session's id and its insert, not yet run: sign-in sends it in the batch of its other writes. */
export function newSession(db: Db, userId: string, sess: SessionData, now = Date.now()) {
  const sid = crypto.randomUUID();
  const expire = new Date(now + SESSION_TTL_MS);
  const insert = db
    .insert(sessions)
    .values({ sid, userId, sess, expire, createdAt: new Date(now), lastSeenAt: new Date(now) });
  return { sid, expire, insert };
}

/** Stores a new session, signing out the person's sessions past the cap: answers their ids too. */
export async function createSession(
  db: Db,
  userId: string,
  sess: SessionData,
  now = Date.now(),
): Promise<{ sid: string; expire: Date; signedOut: string[] }> {
  const { sid, expire, insert } = newSession(db, userId, sess, now);
  const [, capped] = await db.batch([insert, capSessionsQuery(db, userId, sid)]);
  return { sid, expire, signedOut: capped.map((row) => row.sid) };
}

/**
 * The select of the session check: the session row of this sid and user, with the user's time zone,
 * day start hour (their "today": shared/day.ts), the last day of theirs that has begun (so a read
 * that finds a new day runs the day-start step first: docs/decisions/259-the-day-begins-on-the-server.md)
 * and tasks version (GET /api/tasks answers its ETag from the same read, so a revoked session never
 * learns whether the list changed).
 */
export function liveSessionQuery(db: Db, sid: string, userId: string) {
  return db
    .select({
      expire: sessions.expire,
      lastSeenAt: sessions.lastSeenAt,
      timeZone: users.timeZone,
      dayStartHour: users.dayStartHour,
      tasksVersion: users.tasksVersion,
      dayBegun: users.dayBegun,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), eq(sessions.userId, userId)))
    .limit(1);
}

/**
 * The session check split across two databases, for a person homed outside the directory
 * (docs/decisions/272-a-session-check-across-two-databases.md): the session row from the directory
 * (the users row there only makes it the account's own) ...
 */
export function sessionRowQuery(db: Db, sid: string, userId: string) {
  return db
    .select({ expire: sessions.expire, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sid), eq(sessions.userId, userId)))
    .limit(1);
}

/** ... and the person's day and tasks version from their own row in their home database. */
export function personStateQuery(db: Db, userId: string) {
  return db
    .select({
      timeZone: users.timeZone,
      dayStartHour: users.dayStartHour,
      tasksVersion: users.tasksVersion,
      dayBegun: users.dayBegun,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
}

/** SQL that is true while the person's own row is in this (home) database: their account is not deleted. */
export function personRowCondition(userId: string) {
  return sql`exists (select 1 from ${users} where ${users.id} = ${userId})`;
}

/** The session check's row from its two halves; undefined when either is missing. */
export function joinedSessionRow(
  session: { expire: Date; lastSeenAt: Date } | undefined,
  person: Omit<SessionRow, "expire" | "lastSeenAt"> | undefined,
): SessionRow | undefined {
  return session && person ? { ...session, ...person } : undefined;
}

/**
 * SQL that is true while this sign-in session is live (its row there, unexpired, the account's own):
 * what the apply-once claim is conditioned on, in the same statement that writes it
 * (worker/http/apply-once.ts).
 */
export function liveSessionCondition(sid: string, userId: string, now: number) {
  return sql`exists (select 1 from ${sessions} where ${sessions.sid} = ${sid} and ${sessions.userId} = ${userId} and ${sessions.expire} > ${now})`;
}

export type SessionRow = Awaited<ReturnType<typeof liveSessionQuery>>[number];

/**
 * liveSessionQuery's row from a plain D1 result object (column names as SQLite answers them), for
 * a route that batches the session check with D1 statements of its own.
 */
export function sessionRowFromD1(raw: Record<string, unknown> | undefined): SessionRow | undefined {
  if (!raw) return undefined;
  return {
    expire: new Date(Number(raw.expire)),
    lastSeenAt: new Date(Number(raw.last_seen_at)),
    timeZone: String(raw.time_zone),
    dayStartHour: Number(raw.day_start_hour),
    tasksVersion: Number(raw.tasks_version),
    dayBegun: raw.day_begun === null || raw.day_begun === undefined ? null : String(raw.day_begun),
  };
}

/** Whether the row read by liveSessionQuery is there and not expired. */
export function isLiveSession(row: SessionRow | undefined, now = Date.now()): row is SessionRow {
  return row !== undefined && row.expire.getTime() > now;
}

/** Refreshes last_seen_at of a live session when it is more than a few minutes old; else nothing. */
export function touchSession(db: Db, sid: string, row: SessionRow, now = Date.now()): Promise<unknown> | undefined {
  if (now - row.lastSeenAt.getTime() <= LAST_SEEN_GRANULARITY_MS) return undefined;
  return db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.sid, sid))
    .run();
}

/** The row read by liveSessionQuery if it is still live (refreshing last_seen_at now and then), else null. */
export async function acceptLiveSession(db: Db, sid: string, row: SessionRow | undefined, now = Date.now()) {
  if (!isLiveSession(row, now)) return null;
  await touchSession(db, sid, row, now);
  return row;
}

/**
 * The live session for this sid and user with the user's time zone (one query), or null when
 * revoked or expired.
 */
export async function findLiveSession(db: Db, sid: string, userId: string, now = Date.now()) {
  const [row] = await liveSessionQuery(db, sid, userId);
  return acceptLiveSession(db, sid, row, now);
}

export async function revokeSession(db: Db, sid: string) {
  await revokeSessionQuery(db, sid);
}

/** revokeSession as a statement, for a change's batch. */
export function revokeSessionQuery(db: Db, sid: string) {
  return db.delete(sessions).where(eq(sessions.sid, sid));
}

export function revokeOtherSessionsQuery(db: Db, userId: string, keepSid: string) {
  return db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.sid, keepSid)));
}

/**
 * The most sign-in sessions one person holds (a device or browser each): past it, a new sign-in
 * signs out the least recently used (docs/decisions/176-sessions-and-sign-ins-per-person.md).
 */
export const SESSIONS_PER_PERSON = 20;

/**
 * After `keepSid`'s insert in the same batch: signs out the user's sessions past
 * SESSIONS_PER_PERSON, least recently used first, never `keepSid`. Answers their ids, for
 * announceRevokedSessions with the reason "too-many-sessions".
 */
export function capSessionsQuery(db: Db, userId: string, keepSid: string) {
  const kept = db
    .select({ sid: sessions.sid })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.sid} = ${keepSid} desc`, desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(SESSIONS_PER_PERSON);
  return db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), notInArray(sessions.sid, kept)))
    .returning({ sid: sessions.sid });
}

export function revokeAllSessionsQuery(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The user's sessions that still work, most recently used first. */
export function listLiveSessions(db: Db, userId: string, now = Date.now()) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, new Date(now))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Up to `batch` sign-in sessions past their expiry, of anyone (the daily clean-up: worker/scheduled.ts). */
export function deleteExpiredSessionsQuery(db: Db, now: number, batch: number) {
  return db
    .delete(sessions)
    .where(
      sql`${sessions.sid} in (select ${sessions.sid} from ${sessions} where ${sessions.expire} < ${now} limit ${batch})`,
    );
}

/**
 * The id a device is shown under: a hash of the session id. The session id is what a token
 * names, so it never leaves the server; the handle only means something together with the
 * signed-in user who owns it (every lookup goes through that user's own sessions).
 */
export async function deviceHandle(sid: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`onething-device:${sid}`));
  return Buffer.from(digest).toString("base64url").slice(0, 32);
}
