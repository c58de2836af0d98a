import type { Day } from "../../../../shared/schemas/day";
import { PLAN_PRIORITIES_MAX } from "../../../../shared/schemas/day";
import type { Task } from "../../../../shared/schemas/tasks";

/** The tasks today's three can be chosen from: open, not on the "No" List (the server's rule for a plan). */
export function plannableTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => !task.isCompleted && task.category !== "no_list");
}

/**
 * The earlier day's three that can still be kept today ("Keep yesterday's three"): the day's ids,
 * in their ranking's order, that the list still has open and off the "No" List (another device may
 * have finished one since the day was read).
 */
export function previousThree(day: Pick<Day, "previousPriorityTaskIds">, tasks: readonly Task[]): Task[] {
  const open = new Map(plannableTasks(tasks).map((task) => [task.id, task]));
  return day.previousPriorityTaskIds.flatMap((id) => open.get(id) ?? []).slice(0, PLAN_PRIORITIES_MAX);
}
