import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { addDays, isTodaysPriority } from "../../shared/day";
import type { DayCloseMove } from "../../shared/schemas/day-close";
import type { ChangeEvent } from "../changes/events";
import { guardOn } from "../changes/guard";
import type { Guard } from "../changes/pipeline";
import { createdDayOf } from "../day/finish-day";
import type { DayOwner } from "../day/today";
import type { Db } from "../db/client";
import { idsIn } from "../db/ids-in";
import { dayCloses, tasks } from "../db/schema";
import { isVisible, type TaskRow } from "../db/task-rows";
import { newUndoTicket, recordRemovalForUndo } from "../tasks/user-data";

/*
 * The evening close of one of the person's days (docs/decisions/291-the-evening-close.md), as one
 * change: every open task's move by name, the day's row with its note and tomorrow's first task,
 * in one batch through the change pipeline (docs/decisions/250-one-home-for-a-change.md).
 */

/** The close's named tasks as read with the session check: the person's visible tasks among the ids. */
export function closeTasksQuery(db: Db, userId: string, ids: readonly number[]) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isVisible(), idsIn(tasks.id, ids)));
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
 * The close of `date` as statements, from the tasks as read (`rows`):
 * - "Tomorrow" keeps the star for the morning, dated the closed day, and, when any task goes there,
 *   every other open star of the person goes out (the close says what tomorrow's three are);
 * - "Later" takes the star off; "No" puts the task on tomorrow's "No" list;
 * - "Done" finishes it on the closed day (counted there); "Delete" removes it, kept for Undo;
 * - the day's row: a second close of the same day replaces the first's note and choices.
 * The guard aborts the batch when a task to finish is no longer open, or one to delete is gone, as
 * it runs: the caller reads again and builds the close once more.
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
  const idsTo = (to: DayCloseMove) =>
    input.moves.filter((move) => move.to === to && byId.has(move.id)).map((move) => move.id);
  const tomorrow = idsTo("tomorrow");
  const later = idsTo("later");
  const no = idsTo("no");
  const done = idsTo("done").filter((id) => byId.get(id)?.isCompleted === false);
  const deleted = idsTo("delete");
  const statements: BatchItem<"sqlite">[] = [];
  const events: ChangeEvent[] = [{ type: "day-closed" }];
  type Values = { [K in keyof typeof tasks.$inferInsert]?: (typeof tasks.$inferInsert)[K] | SQL };
  const set = (ids: number[], values: Values, where?: SQL) => {
    if (ids.length > 0)
      statements.push(
        db
          .update(tasks)
          .set({ ...values, updatedAt: now })
          .where(and(own, idsIn(tasks.id, ids), where)),
      );
  };
  if (tomorrow.length > 0) {
    statements.push(
      db
        .update(tasks)
        .set({ isPriority: false, priorityDate: null, updatedAt: now })
        .where(
          and(own, eq(tasks.isPriority, true), eq(tasks.isCompleted, false), sql`not (${idsIn(tasks.id, tomorrow)})`),
        ),
    );
  }
  // From the "No" list, "Tomorrow" and "Later" take the task off it.
  const offNoList = {
    category: sql`case when ${tasks.category} = 'no_list' then 'later' else ${tasks.category} end`,
    noListDate: sql`case when ${tasks.category} = 'no_list' then null else ${tasks.noListDate} end`,
  };
  set(tomorrow, { isPriority: true, priorityDate: date, ...offNoList });
  set(later, { isPriority: false, priorityDate: null, ...offNoList });
  set(no, {
    category: "no_list",
    categoryChosen: true,
    isPriority: false,
    priorityDate: null,
    noListDate: addDays(date, 1),
  });
  set(done, { isCompleted: true, completedAt: now, completedDay: date }, eq(tasks.isCompleted, false));
  for (const id of done) {
    const row = byId.get(id) as TaskRow;
    events.push({
      type: "task-finished",
      priority: isTodaysPriority(row, date),
      carried: createdDayOf(owner, row) < date,
    });
  }
  let undo: CloseChange["undo"] = null;
  if (deleted.length > 0) {
    undo = newUndoTicket(now);
    statements.push(...recordRemovalForUndo(db, owner.id, deleted, undo, now));
    statements.push(db.delete(tasks).where(and(eq(tasks.userId, owner.id), idsIn(tasks.id, deleted))));
    events.push({ type: "tasks-removed", taskIds: deleted });
  }
  if (tomorrow.length + later.length + no.length + done.length > 0) events.push({ type: "tasks-edited" });
  statements.push(
    db
      .insert(dayCloses)
      .values({
        userId: owner.id,
        date,
        note: input.note,
        tomorrowTaskIds: tomorrow,
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
  const counted = (ids: number[], condition?: SQL) =>
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(own, idsIn(tasks.id, ids), condition));
  const guards =
    done.length + deleted.length > 0
      ? [
          guardOn(
            db,
            tasks,
            sql`(${counted(done, eq(tasks.isCompleted, false))}) <> ${done.length}
              or (${counted(deleted)}) <> ${deleted.length}`,
          ),
        ]
      : [];
  return { guards, statements, events, undo };
}

/** A reopen (DELETE /api/day/close): the day's row goes; what the close moved stays where it went. */
export function reopenStatement(db: Db, userId: string, date: string) {
  return db
    .delete(dayCloses)
    .where(and(eq(dayCloses.userId, userId), eq(dayCloses.date, date)))
    .returning({ date: dayCloses.date });
}
