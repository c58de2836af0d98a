import { and, eq, type SQL, sql } from "drizzle-orm";
import { TOP_PRIORITY_COUNT } from "../../shared/constants";
import type { CreateTaskInput, PatchTaskInput } from "../../shared/schemas/tasks";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { markDays } from "./mark-days";

/**
 * The two rules of today's marks, kept on every route that writes a task
 * (docs/decisions/172-marks-rules-on-every-route.md):
 * - at most TOP_PRIORITY_COUNT open tasks are today's priorities (a finished one keeps its mark
 *   for the record, but no longer takes a place);
 * - a task on the "No" list is never a priority.
 * Each rule is a condition inside the statement that writes, so changes sent at once from several
 * devices cannot break them between a read and a write.
 */

/** An open task whose priority mark is today's (or later: docs/decisions/133-marks-belong-to-their-day.md). */
const openTodaysPriority = (today: string): SQL =>
  sql`${tasks.isCompleted} = 0 and ${tasks.isPriority} = 1 and ${tasks.priorityDate} >= ${today}`;

/** How many of the user's open tasks other than `exceptId` are today's priorities, as the statement runs. */
const otherTodaysPriorities = (userId: string, today: string, exceptId: number | null): SQL =>
  sql`(select count(*) from ${tasks} as others where others.user_id = ${userId}
    and others.is_completed = 0 and others.is_priority = 1 and others.priority_date >= ${today}
    ${exceptId === null ? sql`` : sql`and others.id <> ${exceptId}`})`;

/** Not on the "No" list: the condition of every statement that sets a priority mark. */
export const offNoList = (): SQL => sql`(${tasks.category} is null or ${tasks.category} <> 'no_list')`;

/** True while today has room for one more priority besides `exceptId`. */
export const roomForPriority = (userId: string, today: string, exceptId: number | null): SQL =>
  sql`${otherTodaysPriorities(userId, today, exceptId)} < ${TOP_PRIORITY_COUNT}`;

/** The refusal of a fourth priority: nothing is changed. */
export const NO_ROOM_FOR_PRIORITY = `Today has ${TOP_PRIORITY_COUNT} priorities already: take one off first. Nothing was changed.`;
/** The refusal of a priority mark on a "No" list item. */
export const NO_LIST_IS_NO_PRIORITY =
  'A task on the "No" list cannot be one of today\'s priorities. Nothing was changed.';

/**
 * The marks a create or an edit writes (markDays' days), with the "No" list rule: a move onto the
 * list takes the priority mark away (the latest choice wins), and a change that asks for both is
 * refused before anything is written (mark-rules' problem).
 */
export function marksOfChange(
  change: Pick<CreateTaskInput & PatchTaskInput, "isPriority" | "category" | "priorityDate">,
  today: string,
): { isPriority?: boolean; priorityDate?: string | null; noListDate?: string | null } {
  const days = markDays(change, today);
  if (change.category === "no_list") return { ...days, isPriority: false, priorityDate: null };
  return days;
}

/** A change that asks for a priority on the "No" list in one go: refused with 400. */
export function asksForPriorityOnNoList(change: Pick<CreateTaskInput & PatchTaskInput, "isPriority" | "category">) {
  return change.isPriority === true && change.category === "no_list";
}

/**
 * The condition an edit of task `id` runs under: a priority mark is set only while today has room
 * for it and the task is not (and does not stay) on the "No" list. True when the edit sets none.
 */
export function markRulesHold(userId: string, id: number, change: PatchTaskInput, today: string): SQL | undefined {
  if (change.isPriority !== true) return undefined;
  const staysOffNoList = change.category !== undefined ? sql`1` : offNoList();
  // A finished task (or one this edit finishes) takes no place among today's open three.
  const finished = change.isCompleted === true ? sql`1` : change.isCompleted === false ? sql`0` : tasks.isCompleted;
  return and(staysOffNoList, sql`(${finished} = 1 or ${roomForPriority(userId, today, id)})`);
}

/**
 * After tasks come back open (a reopen, an Undo): those of `ids` that would make more than
 * TOP_PRIORITY_COUNT open priorities today lose their mark, the ones already there keep theirs
 * (the newer plan wins). Put it after the write in the same batch.
 */
export function keepTodaysPrioritiesStatement(
  db: Db,
  userId: string,
  ids: readonly number[],
  today: string,
  now: Date,
) {
  const idsJson = JSON.stringify(ids);
  const among = sql`(select value from json_each(${idsJson}))`;
  return db
    .update(tasks)
    .set({ isPriority: false, priorityDate: null, updatedAt: now })
    .where(
      and(
        eq(tasks.userId, userId),
        sql`${tasks.id} in ${among}`,
        openTodaysPriority(today),
        sql`${tasks.id} not in (select kept.id from ${tasks} as kept where kept.user_id = ${userId}
          and kept.is_completed = 0 and kept.is_priority = 1 and kept.priority_date >= ${today}
          order by kept.id in ${among}, kept.id limit ${TOP_PRIORITY_COUNT})`,
      ),
    );
}
