import { and, desc, eq, exists, isNull, notExists, sql } from "drizzle-orm";
import type { FocusSession } from "../../shared/schemas/focus";
import { focusedMinutes } from "../../shared/timer";
import { analyticsSubscriber } from "../analytics/change-subscriber";
import type { Pause } from "../analytics/focus-hours";
import { guardOf } from "../changes/guard";
import {
  type Change,
  type ChangeScope,
  type ChangeSubscriber,
  type ChangeUser,
  commitChange,
} from "../changes/pipeline";
import { abortBatchIf, abortedBy } from "../db/batch-guard";
import type { Db } from "../db/client";
import { focusSessions } from "../db/schema";
import { ownTaskQuery } from "../db/task-rows";

export type FocusSessionRow = typeof focusSessions.$inferSelect;

/** The API shape of a focus_sessions row (docs/product.md#focus-session). */
export function toFocusSession(row: FocusSessionRow): FocusSession {
  return {
    id: row.id,
    taskId: row.taskId,
    duration: row.duration,
    focusedSeconds: row.focusedSeconds,
    isCompleted: row.isCompleted,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export function findOwnSession(db: Db, userId: string, id: number) {
  return db.query.focusSessions.findFirst({ where: and(eq(focusSessions.id, id), eq(focusSessions.userId, userId)) });
}

/**
 * findOwnSession as a plain select, for a batch: drizzle's relational findFirst throws inside
 * db.batch when no row matches, where a 404 is wanted.
 */
export function ownSessionQuery(db: Db, userId: string, id: number) {
  return db
    .select()
    .from(focusSessions)
    .where(and(eq(focusSessions.id, id), eq(focusSessions.userId, userId)))
    .limit(1);
}

export function listOwnSessions(db: Db, userId: string) {
  return db.select().from(focusSessions).where(eq(focusSessions.userId, userId)).orderBy(desc(focusSessions.id));
}

export type CompletionOutcome = "completed" | "already-completed" | "closed" | "missing";

/**
 * A session ended without completing (its timer was reset): it keeps its row with an end instant
 * and no focused time, and can never be completed or counted afterwards
 * (docs/decisions/060-reset-focus-run-closed-deleted.md).
 */
export function isClosedUncompleted(row: Pick<FocusSessionRow, "isCompleted" | "completedAt">): boolean {
  return !row.isCompleted && row.completedAt !== null;
}

/** Reset: the run's session ends now with nothing focused and nothing counted, if it is still open. */
export function closeFocusSession(db: Db, userId: string, sessionId: number, at: Date) {
  return db.update(focusSessions).set({ completedAt: at, focusedSeconds: 0 }).where(isOpen(sessionId, userId));
}

/** Neither completed nor closed by a reset. */
function isOpen(sessionId: number, userId: string) {
  return and(
    eq(focusSessions.id, sessionId),
    eq(focusSessions.userId, userId),
    eq(focusSessions.isCompleted, false),
    isNull(focusSessions.completedAt),
  );
}

/**
 * The subscribers of a completion whose caller was given none: the daily records alone. The hub's
 * timer is given the app's list (worker/change-subscribers.ts) by its host, and a request has its own.
 */
const ONLY_THE_DAILY_RECORDS: readonly ChangeSubscriber[] = [analyticsSubscriber];

/** The scope of a completion the hub's timer runs: its counters follow `focus-finished`, which announces nothing. */
function completionScope(db: Db, user: ChangeUser, at: Date, subscribers: readonly ChangeSubscriber[]): ChangeScope {
  return { db, user, now: at, subscribers, announce: async () => {} };
}

/**
 * Marks the session completed and counts it in the daily analytics, exactly once however often it
 * is called (the alarm is at-least-once; "End Session", the alarm and PATCH .../complete can race).
 *
 * Why one change with a guard rather than "update ... returning, then the analytics": the pipeline
 * (docs/decisions/250-one-home-for-a-change.md) sends it as ONE D1 batch, one transaction, so the
 * counters (the `focus-finished` event's subscriber statements) can never be recorded without the
 * row being completed or the other way round, even if the Durable Object or the Worker dies
 * half-way. The subscribers' statements cannot carry our condition, so the batch starts with a
 * guard that aborts the whole transaction unless the session is still open (abortBatchIf): no open
 * session with this id exists when it was completed meanwhile, or deleted by Start Fresh, Clear
 * Tasks or account deletion. The conditional update after it (`is_completed = 0`) then changes
 * exactly the row we read as open. An aborted batch is told apart from a real failure by reading
 * the row again.
 */
export async function completeFocusSession(
  db: Db,
  user: ChangeUser,
  sessionId: number,
  focusedSeconds: number,
  at: Date,
  pauses: readonly Pause[] = [],
  subscribers: readonly ChangeSubscriber[] = ONLY_THE_DAILY_RECORDS,
): Promise<CompletionOutcome> {
  const existing = await findOwnSession(db, user.id, sessionId);
  if (!existing) return "missing";
  if (existing.isCompleted) return "already-completed";
  if (isClosedUncompleted(existing)) return "closed";
  const scope = completionScope(db, user, at, subscribers);
  return (await completeOpenSession(scope, existing, focusedSeconds, pauses)).outcome;
}

/**
 * completeFocusSession for a session already read as open (PATCH .../complete reads it with its
 * session check): one batch, which answers the completed row. Only when the batch lost a race
 * (its guard found the session no longer open) does one more read tell completed from reset
 * from deleted.
 */
export async function completeOpenSession(
  scope: ChangeScope,
  existing: FocusSessionRow,
  focusedSeconds: number,
  pauses: readonly Pause[] = [],
): Promise<{ outcome: CompletionOutcome; row?: FocusSessionRow }> {
  const { db, user, now: at } = scope;
  const seconds = Math.max(0, Math.min(existing.duration, Math.round(focusedSeconds)));
  try {
    const {
      results: [[row]],
    } = await commitChange(scope, () =>
      completionChange(db, user, existing.id, seconds, at, existing.startedAt, pauses),
    );
    return { outcome: "completed", row };
  } catch (err) {
    if (!abortedBy(err, focusSessions)) throw err;
    const now = await findOwnSession(db, user.id, existing.id);
    if (!now) return { outcome: "missing" };
    if (now.isCompleted) return { outcome: "already-completed", row: now };
    if (isClosedUncompleted(now)) return { outcome: "closed", row: now };
    throw err;
  }
}

/**
 * One completion as a change: the guard, the conditional update (answering the completed row) and
 * its event, `focus-finished`, whose counters the daily records' subscriber adds after the update.
 */
export function completionChange(
  db: Db,
  user: ChangeUser,
  sessionId: number,
  seconds: number,
  at: Date,
  startedAt?: Date,
  pauses: readonly Pause[] = [],
) {
  // Aborts the batch exactly when the session is no longer open: completed by another caller since
  // we read it, closed by a reset, or deleted.
  const stillOpen = db.select({ id: focusSessions.id }).from(focusSessions).where(isOpen(sessionId, user.id));
  const complete = db
    .update(focusSessions)
    .set({ isCompleted: true, completedAt: at, focusedSeconds: seconds })
    .where(isOpen(sessionId, user.id))
    .returning();
  return {
    guards: [guardOf(focusSessions, abortBatchIf(db, focusSessions, notExists(stillOpen)))] as const,
    statements: [complete] as const,
    // The minutes count in the local hours from the session's start to its end, pauses left out.
    events: [
      { type: "focus-finished", minutes: focusedMinutes(seconds * 1000), ...(startedAt ? { startedAt, pauses } : {}) },
    ],
  } satisfies Change<readonly [typeof complete]>;
}

/**
 * Starts a session row for the user's task in ONE statement that selects the task: a task deleted
 * after it was checked yields no row (and the caller a 404) instead of a foreign-key failure.
 */
export async function insertSessionIfTaskExists(
  db: Db,
  userId: string,
  taskId: number,
  duration: number,
  startedAt: Date,
): Promise<FocusSessionRow | undefined> {
  const [row] = await db
    .insert(focusSessions)
    .select((qb) =>
      qb
        .select({
          id: sql<number>`null`.as("id"),
          // Bound values, selected only while the user's task exists (the tasks capability's own
          // query: a capability does not reach into another's tables).
          userId: sql<string>`${userId}`.as("user_id"),
          taskId: sql<number>`${taskId}`.as("task_id"),
          duration: sql<number>`${duration}`.as("duration"),
          focusedSeconds: sql<number>`null`.as("focused_seconds"),
          startedAt: sql<Date>`${startedAt.getTime()}`.as("started_at"),
          completedAt: sql<Date>`null`.as("completed_at"),
          isCompleted: sql<boolean>`0`.as("is_completed"),
        })
        .from(sql`(select 1)`)
        .where(exists(ownTaskQuery(db, userId, taskId))),
    )
    .returning();
  return row;
}
