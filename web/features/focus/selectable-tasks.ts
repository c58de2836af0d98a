import { hasRemovedMarker } from "../../../shared/constants";
import type { Task } from "../../../shared/schemas/tasks";
import { rankByAnswers } from "../../../shared/scoring";

/** docs/product.md#selection-phase: selectable tasks exclude completed ones, [REMOVED] ones and the "No" List. */
export function selectableTasks(tasks: readonly Task[]): Task[] {
  const open = tasks.filter(
    (task) => !task.isCompleted && task.category !== "no_list" && !hasRemovedMarker(task.title),
  );
  // Priority tasks first (docs/product.md#selection-phase), each group in its own order.
  return [...open.filter((task) => task.isPriority), ...open.filter((task) => !task.isPriority)];
}

/**
 * The START HERE task, which opening the Focus tab preselects: the best-ranked open priority task
 * (ranked by the saved answers, as the results step ranks them). With no priority task (nothing
 * ranked yet, or all done), none: the person picks (docs/product.md#selection-phase).
 */
export function startHereTask(tasks: readonly Task[]): number | null {
  const priority = selectableTasks(tasks).filter((task) => task.isPriority);
  return rankByAnswers(priority, (task) => task.answers)[0]?.id ?? null;
}
