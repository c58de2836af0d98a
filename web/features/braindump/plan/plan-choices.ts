import { TOP_PRIORITY_COUNT } from "../../../../shared/constants";
import { isTodaysNoListItem } from "../../../../shared/day";
import type { Day } from "../../../../shared/schemas/day";
import type { Task } from "../../../../shared/schemas/tasks";

/**
 * The tasks today's three can be chosen from: open, not on the "No" List (the server's rule for a
 * plan), and not a routine's occurrence: routines show apart, the three stay the choice of what
 * matters most (docs/product.md#routines).
 */
export function plannableTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => !task.isCompleted && task.category !== "no_list" && task.routineId === null);
}

/**
 * The earlier day's three that can still be kept today ("Keep yesterday's three"): the day's ids,
 * in their ranking's order, that the list still has open and off the "No" List (another device may
 * have finished one since the day was read), and still starred: one moved to Later has lost its
 * star, here at once as on the server (docs/decisions/332-move-to-later-is-written.md). Last
 * evening's first task for today is offered starred or not, as the server offers it.
 */
export function previousThree(day: Pick<Day, "previousPriorityTaskIds" | "yesterday">, tasks: readonly Task[]): Task[] {
  const open = new Map(
    plannableTasks(tasks)
      .filter((task) => task.isPriority || task.id === day.yesterday?.firstTaskId)
      .map((task) => [task.id, task]),
  );
  return day.previousPriorityTaskIds.flatMap((id) => open.get(id) ?? []).slice(0, TOP_PRIORITY_COUNT);
}

/**
 * The earlier "No" items the plan step offers (`offered`: every id the day named while the step
 * was open), those still on the "No" list; which of them are said no to again today (named again
 * in the plan, which replaces an earlier plan of today); and the latest earlier day among the rest.
 */
export function offeredNoItems(
  offered: readonly number[],
  tasks: readonly Task[],
  today: string,
): { items: Task[]; saidAgain: number[]; fromDay: string | null } {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const items = offered.flatMap((id) => {
    const task = byId.get(id);
    return task && task.category === "no_list" ? [task] : [];
  });
  const saidAgain = items.filter((task) => isTodaysNoListItem(task, today)).map((task) => task.id);
  let fromDay: string | null = null;
  for (const task of items) {
    if (task.noListDate && task.noListDate < today && (!fromDay || task.noListDate > fromDay))
      fromDay = task.noListDate;
  }
  return { items, saidAgain, fromDay };
}
