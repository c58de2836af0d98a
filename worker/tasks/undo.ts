import { and, eq, gt, lte, notExists, or, sql } from "drizzle-orm";
import { UNDO } from "../../shared/constants";
import { isTodaysPriority } from "../../shared/day";
import type { UndoTicket } from "../../shared/schemas/undo";
import { type AnalyticsUser, recordDayAndHour } from "../analytics/recorder";
import { abortBatchIf } from "../db/batch-guard";
import type { Db } from "../db/client";
import { tasks, type UndoSnapshot, undoActions } from "../db/schema";
import { isVisible, type TaskRow } from "../db/task-rows";

/**
 * Undo of a removal (docs/decisions/071-undo-keeps-snapshot-pending-row.md): the removing batch
 * also stores the removed tasks as they were, read inside that same batch, so the record is exactly
 * what the removal changed. An Undo within UNDO.windowMs writes them back; after it the record is
 * purged, lazily, by the user's next removal or undo (an expired record is never used, whatever its
 * age).
 */

/** A fresh ticket: the token names the record, `undoUntil` is when it stops working. */
export function newUndoTicket(now: Date): UndoTicket & { expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + UNDO.windowMs);
  return { undoToken: crypto.randomUUID(), undoUntil: expiresAt.toISOString(), expiresAt };
}

/**
 * The completion a delete with `complete` counts for an open task, as its undo record keeps it to
 * take back: on the person's day and hour of `now`, a priority completed when the task is one of
 * that day's three.
 */
export function completionCounted(user: AnalyticsUser, task: TaskRow, now: Date): NonNullable<UndoSnapshot["counted"]> {
  const { date, hour } = recordDayAndHour(user, now);
  return { date, hour, completed: 1, priorityCompleted: isTodaysPriority(task, date) ? 1 : 0 };
}

/** Drops the user's records whose window has ended. */
export function purgeExpiredUndoStatement(db: Db, userId: string, now: Date) {
  return db.delete(undoActions).where(and(eq(undoActions.userId, userId), lte(undoActions.expiresAt, now)));
}

/** Drops every undo record of the user: after Clear Tasks and Start Fresh nothing may come back. */
export function deleteUndoRecordsStatement(db: Db, userId: string) {
  return db.delete(undoActions).where(eq(undoActions.userId, userId));
}

/**
 * Statements to put BEFORE the removal in its batch: purge the expired records, then store the
 * user's visible tasks among `idsJson` (a JSON list of ids) as they are at that moment, with the
 * completions the removal counts.
 */
export function recordUndoStatements(
  db: Db,
  userId: string,
  idsJson: string,
  counted: UndoSnapshot["counted"],
  ticket: { undoToken: string; expiresAt: Date },
  now: Date,
) {
  const task = sql`json_object(
    'id', id, 'title', title, 'description', description, 'category', category,
    'isCompleted', json(case when is_completed then 'true' else 'false' end),
    'isPriority', json(case when is_priority then 'true' else 'false' end),
    'noListReason', no_list_reason, 'answers', json(answers),
    'categoryChosen', json(case when category_chosen then 'true' else 'false' end),
    'createdAt', created_at, 'updatedAt', updated_at, 'completedAt', completed_at,
    'priorityDate', priority_date, 'noListDate', no_list_date,
    'createdDay', created_day, 'completedDay', completed_day,
    'routineId', routine_id, 'routineDay', routine_day, 'estimateMinutes', estimate_minutes)`;
  const snapshot = sql`json_object('tasks', json_group_array(${task}), 'counted', json(${JSON.stringify(counted)}))`;
  // Columns in the table's order: token, user_id, snapshot, created_at, expires_at.
  const record = db.insert(undoActions).select(
    sql`select ${ticket.undoToken}, ${userId}, ${snapshot}, ${now.getTime()}, ${ticket.expiresAt.getTime()}
    from tasks where user_id = ${userId} and ${isVisible()} and id in (select value from json_each(${idsJson}))`,
  );
  return [purgeExpiredUndoStatement(db, userId, now), record] as const;
}

const openRecordOf = (userId: string, token: string, now: Date) =>
  and(eq(undoActions.token, token), eq(undoActions.userId, userId), gt(undoActions.expiresAt, now));

/** The user's record of this token, if its window is still open at `now`. */
export function findUndoRecord(db: Db, userId: string, token: string, now: Date) {
  return db.query.undoActions.findFirst({ where: openRecordOf(userId, token, now) });
}

/**
 * findUndoRecord as a plain select, for a batch: drizzle's relational findFirst throws inside
 * db.batch when no row matches, where a 404 is wanted.
 */
export function undoRecordQuery(db: Db, userId: string, token: string, now: Date) {
  return db
    .select()
    .from(undoActions)
    .where(openRecordOf(userId, token, now))
    .limit(1);
}

/**
 * The person's occurrence tasks on the (routine, day) of an occurrence the open record of `token`
 * keeps: read with the record, since only it names them. One under another id is the day's
 * occurrence made again since the removal (a pause and a resume), which the unique index
 * tasks_routine_day keeps from being made twice (docs/decisions/310-undo-refuses-a-second-occurrence.md).
 */
export function occurrencesOfRecordQuery(db: Db, userId: string, token: string, now: Date) {
  const removed = sql`select json_extract(value, '$.routineId'), json_extract(value, '$.routineDay')
    from ${undoActions}, json_each(${undoActions.snapshot}, '$.tasks') where ${openRecordOf(userId, token, now)}`;
  return db
    .select({ id: tasks.id, routineId: tasks.routineId, routineDay: tasks.routineDay })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), sql`(${tasks.routineId}, ${tasks.routineDay}) in (${removed})`));
}

/**
 * First statement of an Undo's batch: aborts it (abortBatchIf) unless the record is
 * still there and open, so two Undos of the same removal (a double click, a second device) restore once.
 */
export function undoStillOpenGuard(db: Db, userId: string, token: string, now: Date) {
  const open = db
    .select({ token: undoActions.token })
    .from(undoActions)
    .where(openRecordOf(userId, token, now));
  return abortBatchIf(db, undoActions, notExists(open));
}

/**
 * Writes the recorded tasks back as they were: a deleted one is inserted again with its own id (ids
 * are never reused: AUTOINCREMENT), a cleared one gets its fields back.
 */
export function restoreTasksStatement(db: Db, userId: string, snapshot: UndoSnapshot) {
  const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`);
  // A record stored before answers existed has none: the columns' defaults.
  const answers = sql.raw(`coalesce(json_extract(value, '$.answers'), '{}')`);
  const categoryChosen = sql.raw(`coalesce(json_extract(value, '$.categoryChosen'), 0)`);
  // Columns in the table's order: id, user_id, title, description, category, is_completed,
  // is_priority, no_list_reason, answers, category_chosen, created_at, updated_at, completed_at,
  // priority_date, no_list_date (absent from records stored before marks had days: null),
  // created_day, completed_day (absent from records stored before day stamps: null), routine_id,
  // routine_day (a routine's occurrence comes back as one; absent before routines: null),
  // estimate_minutes (absent from records stored before estimates: null).
  // ("where true" lets SQLite tell the upsert's ON from a join's.)
  return db
    .insert(tasks)
    .select(
      sql`select ${field("id")}, ${userId}, ${field("title")}, ${field("description")}, ${field("category")},
      ${field("isCompleted")}, ${field("isPriority")}, ${field("noListReason")}, ${answers}, ${categoryChosen},
      ${field("createdAt")},
      ${field("updatedAt")}, ${field("completedAt")}, ${field("priorityDate")}, ${field("noListDate")},
      ${field("createdDay")}, ${field("completedDay")}, ${field("routineId")}, ${field("routineDay")},
      ${field("estimateMinutes")}
    from json_each(${JSON.stringify(snapshot.tasks)}) where true`,
    )
    .onConflictDoUpdate({
      target: tasks.id,
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        category: sql`excluded.category`,
        isCompleted: sql`excluded.is_completed`,
        isPriority: sql`excluded.is_priority`,
        noListReason: sql`excluded.no_list_reason`,
        answers: sql`excluded.answers`,
        categoryChosen: sql`excluded.category_chosen`,
        updatedAt: sql`excluded.updated_at`,
        completedAt: sql`excluded.completed_at`,
        priorityDate: sql`excluded.priority_date`,
        noListDate: sql`excluded.no_list_date`,
        createdDay: sql`excluded.created_day`,
        completedDay: sql`excluded.completed_day`,
        estimateMinutes: sql`excluded.estimate_minutes`,
      },
      setWhere: sql`${tasks.userId} = excluded.user_id`,
    });
}

/** Removes the used record (and any expired one) at the end of the Undo's batch. */
export function consumeUndoStatement(db: Db, userId: string, token: string, now: Date) {
  return db
    .delete(undoActions)
    .where(and(eq(undoActions.userId, userId), or(eq(undoActions.token, token), lte(undoActions.expiresAt, now))));
}
