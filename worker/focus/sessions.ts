import { and, desc, eq, sql } from "drizzle-orm";
import type { FocusSession } from "../../shared/schemas/focus";
import { focusedMinutes } from "../../shared/timer";
import type { Pause } from "../analytics/focus-hours";
import { type AnalyticsUser, analyticsStatements } from "../analytics/recorder";
import type { Db } from "../db/client";
import { focusSessions } from "../db/schema";

export type FocusSessionRow = typeof focusSessions.$inferSelect;

/** The API shape of a focus_sessions row (spec §3). */
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

export function listOwnSessions(db: Db, userId: string) {
  return db.select().from(focusSessions).where(eq(focusSessions.userId, userId)).orderBy(desc(focusSessions.id));
}

export type CompletionOutcome = "completed" | "already-completed" | "missing";

/**
 * Marks the session completed and counts it in the daily analytics, exactly once however often it
 * is called (the alarm is at-least-once; "End Session", the alarm and PATCH .../complete can race).
 *
 * Why one batch with a guard rather than "update ... returning, then the analytics": D1 runs a batch
 * as one transaction, so the counters can never be recorded without the row being completed or the
 * other way round, even if the Durable Object or the Worker dies half-way. The analytics statements
 * come from the recorder and cannot carry our condition, so the batch starts with a guard that
 * aborts the whole transaction unless the session is still open: an INSERT of a row with a NULL
 * user_id, which the NOT NULL constraint refuses, that selects a row only when no open session
 * with this id exists (completed meanwhile, or deleted by Start Fresh, Clear Tasks or account
 * deletion). The conditional update after it (`is_completed = 0`) then changes exactly the row we
 * read as open. An aborted batch is told apart from a real failure by reading the row again.
 */
export async function completeFocusSession(
  db: Db,
  user: AnalyticsUser,
  sessionId: number,
  focusedSeconds: number,
  at: Date,
  pauses: readonly Pause[] = [],
): Promise<CompletionOutcome> {
  const existing = await findOwnSession(db, user.id, sessionId);
  if (!existing) return "missing";
  if (existing.isCompleted) return "already-completed";
  const seconds = Math.max(0, Math.min(existing.duration, Math.round(focusedSeconds)));
  try {
    await db.batch(completionBatch(db, user, sessionId, seconds, at, existing.startedAt, pauses));
    return "completed";
  } catch (err) {
    const now = await findOwnSession(db, user.id, sessionId);
    if (!now) return "missing";
    if (now.isCompleted) return "already-completed";
    throw err;
  }
}

/**
 * The statements of one completion, in order: the guard, the conditional update, the recorder's
 * analytics. Anything after the guard (whatever the recorder adds) commits only with the update.
 */
export function completionBatch(
  db: Db,
  user: AnalyticsUser,
  sessionId: number,
  seconds: number,
  at: Date,
  startedAt?: Date,
  pauses: readonly Pause[] = [],
) {
  // Fails (user_id is NOT NULL) exactly when the session is no longer open: completed by another
  // caller since we read it, or deleted.
  const stillOpen = db
    .select({ id: focusSessions.id })
    .from(focusSessions)
    .where(
      and(eq(focusSessions.id, sessionId), eq(focusSessions.userId, user.id), eq(focusSessions.isCompleted, false)),
    );
  const guard = db.insert(focusSessions).select((qb) =>
    qb
      .select({
        id: sql<number>`null`.as("id"),
        userId: sql<string>`null`.as("user_id"),
        taskId: sql<number>`null`.as("task_id"),
        duration: sql<number>`0`.as("duration"),
        focusedSeconds: sql<number>`null`.as("focused_seconds"),
        startedAt: sql<Date>`0`.as("started_at"),
        completedAt: sql<Date>`null`.as("completed_at"),
        isCompleted: sql<boolean>`0`.as("is_completed"),
      })
      .from(sql`(select 1)`)
      .where(sql`not exists ${stillOpen}`),
  );
  const complete = db
    .update(focusSessions)
    .set({ isCompleted: true, completedAt: at, focusedSeconds: seconds })
    .where(
      and(eq(focusSessions.id, sessionId), eq(focusSessions.userId, user.id), eq(focusSessions.isCompleted, false)),
    );
  const analytics = analyticsStatements(
    db,
    user,
    // The minutes count in the local hours from the session's start to its end, pauses left out.
    [{ type: "focus-completed", minutes: focusedMinutes(seconds * 1000), ...(startedAt ? { startedAt, pauses } : {}) }],
    at,
  );
  return [guard, complete, ...analytics] as const;
}
