import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isTodaysPriority } from "../../shared/day";
import { type ClosedFields, type CloseMoves, closeMoves } from "../../shared/day-close-moves";
import type { DayCloseMove } from "../../shared/schemas/day-close";
import type { ChangeEvent } from "../changes/events";
import { guardOn } from "../changes/guard";
import type { Guard } from "../changes/pipeline";
import { createdDayOf } from "../day/finish-day";
import type { Db } from "../db/client";
import { idsIn } from "../db/ids-in";
import { dayCloses, tasks } from "../db/schema";
import { isVisible, type TaskRow } from "../db/task-rows";
import { newUndoTicket, recordRemovalForUndo } from "../tasks/user-data";
import type { DayOwner } from "../today/today";

/*
 * The evening close of one of the person's days (docs/decisions/291-the-evening-close.md), as one
 * change: every open task's move by name, the day's row with its note and tomorrow's first task,
 * in one batch through the change pipeline (docs/decisions/250-one-home-for-a-change.md).
 */

/**
 * The close's tasks as read with the session check: the person's visible tasks among the ids, and
 * their open stars, which a move to "Tomorrow" takes away from every other task.
 */
export function closeTasksQuery(db: Db, userId: string, ids: readonly number[]) {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isVisible(),
        or(idsIn(tasks.id, ids), and(eq(tasks.isPriority, true), eq(tasks.isCompleted, false))),
      ),
    );
}

export type CloseInput = {
  note: string | null;
  moves: readonly { id: number; to: DayCloseMove }[];
  tomorrowFirst: number | null;
};

/**
 * What is wrong with the close for the tasks read, or null. A task already done ("Done") or gone
 * ("Delete") is where the move sends it: the same close sent twice finds its work done and changes
 * nothing more. Any other move of a missing task answers 404; of a finished one, 409; of a
 * routine's occurrence, 409 too: it is done or deleted today, or missed, never moved.
 */
export function closeProblem(
  input: CloseInput,
  rows: readonly TaskRow[],
): { status: 404 | 409; message: MessageDescriptor } | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const move of input.moves) {
    const row = byId.get(move.id);
    const id = move.id;
    if (!row) {
      if (move.to === "delete") continue;
      return { status: 404, message: msg`Task ${id} not found. Nothing was changed.` };
    }
    const title = row.title;
    if (row.isCompleted && move.to !== "done" && move.to !== "delete") {
      return { status: 409, message: msg`"${title}" is done already. Nothing was changed.` };
    }
    // An occurrence is of its day: the next day start takes it off the list, whatever the close
    // said (docs/decisions/312-the-close-moves-no-occurrence.md).
    if (row.routineId !== null && move.to !== "done" && move.to !== "delete") {
      return {
        status: 409,
        message: msg`"${title}" is one of today's routines, which do not move: a routine not done today is missed. Nothing was changed.`,
      };
    }
  }
  if (input.tomorrowFirst !== null) {
    const row = byId.get(input.tomorrowFirst);
    const id = input.tomorrowFirst;
    if (!row) return { status: 404, message: msg`Task ${id} not found. Nothing was changed.` };
    const title = row.title;
    const leaving = input.moves.find(
      (move) => move.id === input.tomorrowFirst && ["no", "done", "delete"].includes(move.to),
    );
    const comesOff = input.moves.some((move) => move.id === row.id && (move.to === "tomorrow" || move.to === "later"));
    if (row.isCompleted || leaving || (row.category === "no_list" && !comesOff)) {
      return { status: 409, message: msg`"${title}" cannot be tomorrow's first task: it is done or said no to.` };
    }
    if (row.routineId !== null) {
      return {
        status: 409,
        message: msg`"${title}" cannot be tomorrow's first task: it is one of today's routines, and a routine not done today is missed. Nothing was changed.`,
      };
    }
  }
  return null;
}

export type CloseChange = {
  guards: Guard[];
  statements: BatchItem<"sqlite">[];
  events: ChangeEvent[];
  /** The Undo of the close's deletes, when it deletes any. */
  undo: ReturnType<typeof newUndoTicket> | null;
};

/**
 * The close of `date` as statements, from the tasks as read (`rows`): each task as the close's
 * moves say (`closeMoves`, shared/day-close-moves.ts), a finish stamped on the closed day (counted
 * there), a delete kept for Undo, and the day's row (a second close of the same day replaces the
 * first's note and choices). The guard aborts the batch when what the moves were decided on changed
 * as it runs (a task to finish no longer open, one to delete gone, one said "Tomorrow" or "Later"
 * put on or taken off the "No" list, an open star the close did not read): the caller reads again
 * and builds the close once more.
 */
export function closeChange(
  db: Db,
  owner: DayOwner & { id: string },
  input: CloseInput,
  rows: readonly TaskRow[],
  date: string,
  now: Date,
): CloseChange {
  const own = and(eq(tasks.userId, owner.id), isVisible());
  const byId = new Map(rows.map((row) => [row.id, row]));
  const moves = closeMoves(rows, input.moves, date);
  const statements: BatchItem<"sqlite">[] = [];
  const events: ChangeEvent[] = [{ type: "day-closed" }];
  // One update per set of fields: the tasks that become the same are written together.
  const alike = new Map<string, { fields: ClosedFields; ids: number[] }>();
  for (const { id, fields } of moves.changed) {
    const key = JSON.stringify(fields);
    const group = alike.get(key) ?? { fields, ids: [] };
    group.ids.push(id);
    alike.set(key, group);
  }
  for (const { fields, ids } of alike.values()) statements.push(closeUpdate(db, own, fields, ids, date, now));
  for (const id of moves.finished) {
    const row = byId.get(id) as TaskRow;
    events.push({
      type: "task-finished",
      priority: isTodaysPriority(row, date),
      carried: createdDayOf(owner, row) < date,
    });
  }
  let undo: CloseChange["undo"] = null;
  const deleted = moves.removed;
  if (deleted.length > 0) {
    undo = newUndoTicket(now);
    statements.push(...recordRemovalForUndo(db, owner.id, deleted, undo, now));
    statements.push(db.delete(tasks).where(and(eq(tasks.userId, owner.id), idsIn(tasks.id, deleted))));
    events.push({ type: "tasks-removed", taskIds: deleted });
  }
  if (moves.changed.length > 0) events.push({ type: "tasks-edited" });
  statements.push(
    db
      .insert(dayCloses)
      .values({
        userId: owner.id,
        date,
        note: input.note,
        tomorrowTaskIds: moves.tomorrow,
        tomorrowFirstTaskId: input.tomorrowFirst,
        closedAt: now,
      })
      .onConflictDoUpdate({
        target: [dayCloses.userId, dayCloses.date],
        set: {
          note: sql`excluded.note`,
          tomorrowTaskIds: sql`excluded.tomorrow_task_ids`,
          tomorrowFirstTaskId: sql`excluded.tomorrow_first_task_id`,
          closedAt: sql`excluded.closed_at`,
        },
      }),
  );
  const changedSince = closeChangedSince(db, own, input, rows, moves);
  return { guards: changedSince ? [guardOn(db, tasks, changedSince)] : [], statements, events, undo };
}

/** The update of the tasks `ids` to `fields`; a finish only of a task still open. */
function closeUpdate(db: Db, own: SQL | undefined, fields: ClosedFields, ids: number[], date: string, now: Date) {
  return db
    .update(tasks)
    .set({
      ...fields,
      // Said no to by the person: a column they chose (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md).
      ...(fields.category === "no_list" ? { categoryChosen: true } : {}),
      ...(fields.isCompleted ? { completedAt: now, completedDay: date } : {}),
      updatedAt: now,
    })
    .where(and(own, idsIn(tasks.id, ids), fields.isCompleted ? eq(tasks.isCompleted, false) : undefined));
}

/**
 * The condition that what the close's moves were decided on changed since `rows` were read, or
 * null when they read nothing that can change under them.
 */
function closeChangedSince(
  db: Db,
  own: SQL | undefined,
  input: CloseInput,
  rows: readonly TaskRow[],
  moves: CloseMoves,
): SQL | null {
  const counted = (ids: readonly number[], condition?: SQL) =>
    sql`(${db
      .select({ n: count() })
      .from(tasks)
      .where(and(own, idsIn(tasks.id, ids), condition))})`;
  const changed: SQL[] = [];
  if (moves.finished.length > 0)
    changed.push(sql`${counted(moves.finished, eq(tasks.isCompleted, false))} <> ${moves.finished.length}`);
  if (moves.removed.length > 0) changed.push(sql`${counted(moves.removed)} <> ${moves.removed.length}`);
  // "Tomorrow" and "Later" take a task off the "No" list as it was read.
  const offOrOn = new Set(input.moves.filter((move) => move.to === "tomorrow" || move.to === "later").map((m) => m.id));
  const moved = rows.filter((row) => offOrOn.has(row.id));
  if (moved.length > 0) {
    const onNoList = moved.filter((row) => row.category === "no_list").map((row) => row.id);
    changed.push(
      sql`${counted(
        moved.map((row) => row.id),
        eq(tasks.category, "no_list"),
      )} <> ${onNoList.length} or ${counted(onNoList, eq(tasks.category, "no_list"))} <> ${onNoList.length}`,
    );
  }
  // Every other open star goes: the close read them all (closeTasksQuery), and stars "Tomorrow"'s.
  if (moves.starsGo) {
    const starred = [
      ...rows.filter((row) => row.isPriority && !row.isCompleted).map((row) => row.id),
      ...moves.tomorrow,
    ];
    changed.push(
      sql`(${db
        .select({ n: count() })
        .from(tasks)
        .where(
          and(own, eq(tasks.isPriority, true), eq(tasks.isCompleted, false), sql`not (${idsIn(tasks.id, starred)})`),
        )}) <> 0`,
    );
  }
  return changed.length > 0 ? sql.join(changed, sql` or `) : null;
}

/** A reopen (DELETE /api/day/close): the day's row goes; what the close moved stays where it went. */
export function reopenStatement(db: Db, userId: string, date: string) {
  return db
    .delete(dayCloses)
    .where(and(eq(dayCloses.userId, userId), eq(dayCloses.date, date)))
    .returning({ date: dayCloses.date });
}
