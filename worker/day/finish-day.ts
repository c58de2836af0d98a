import type { BatchItem } from "drizzle-orm/batch";
import { localDateAndHour } from "../../shared/analytics";
import { dayOf, isMarkOfDay } from "../../shared/day";
import { takeBackCompletionsStatements } from "../analytics/recorder";
import type { Db } from "../db/client";
import type { TaskRow } from "../tasks/task-rows";
import type { DayOwner } from "./today";

/**
 * The person's day a finished task counts on: the day stamped with its finish
 * (docs/decisions/180-day-facts-stamped.md), or for a finish stored before stamps, the day of its
 * instant in the present zone and start hour. Null for an open task.
 */
export function finishDayOf(owner: DayOwner, task: Pick<TaskRow, "completedDay" | "completedAt">): string | null {
  if (task.completedDay) return task.completedDay;
  return task.completedAt ? dayOf(task.completedAt, owner.timeZone, owner.dayStartHour) : null;
}

/** The day a task was made on: stamped when made, or for older tasks its instant's day now. */
export function createdDayOf(owner: DayOwner, task: Pick<TaskRow, "createdDay" | "createdAt">): string {
  return task.createdDay ?? dayOf(task.createdAt, owner.timeZone, owner.dayStartHour);
}

/**
 * A reopen takes the finish off the day it counted on, everywhere
 * (docs/decisions/181-reopen-takes-the-finish-off-its-day.md): that day's record loses the
 * completion (and the priority completion when the task was one of that day's three), so Done,
 * Analytics, the streak and the plan's recap keep agreeing. Append after the reopen, in a batch that
 * aborts unless the task is still finished.
 */
export function unfinishStatements(
  db: Db,
  user: DayOwner & { id: string },
  task: Pick<TaskRow, "completedDay" | "completedAt" | "isPriority" | "priorityDate" | "createdDay" | "createdAt">,
): BatchItem<"sqlite">[] {
  const date = finishDayOf(user, task);
  if (!date || !task.completedAt) return [];
  return takeBackCompletionsStatements(db, user.id, {
    date,
    hour: localDateAndHour(task.completedAt, user.timeZone).hour,
    completed: 1,
    priorityCompleted: task.isPriority && isMarkOfDay(task.priorityDate, date) ? 1 : 0,
    carriedCompleted: createdDayOf(user, task) < date ? 1 : 0,
  });
}
