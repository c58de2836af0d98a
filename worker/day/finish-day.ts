import { dayOf } from "../../shared/day";
import type { TaskRow } from "../db/task-rows";
import type { DayOwner } from "../today/today";

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
