import { hasRemovedMarker } from "../../../shared/constants";
import type { CommitNoListInput } from "../../../shared/schemas/no-list";
import type { Task } from "../../../shared/schemas/tasks";

const isRemoved = (task: Task) => hasRemovedMarker(task.title);

/** docs/product.md#no-list-screen: the builder lists only tasks that are not no_list, not completed and not [REMOVED]. */
export function builderTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.category !== "no_list" && !task.isCompleted && !isRemoved(task));
}

/** docs/product.md#committed-mode: the items in the no_list category. */
export function noListItems(tasks: readonly Task[]): Task[] {
  return tasks.filter((task) => task.category === "no_list" && !isRemoved(task));
}

/**
 * The ids that are both selected and still listed, in list order: a task that left the list
 * (cleared or moved in another tab) is never sent, even if its id is still held locally.
 */
export function selectedIds(listed: readonly Task[], selected: ReadonlySet<number>): number[] {
  return listed.filter((task) => selected.has(task.id)).map((task) => task.id);
}

/** The commit payload: each selected id with its reason, blank reasons left out. */
export function commitItems(ids: readonly number[], reasons: Readonly<Record<number, string>>): CommitNoListInput {
  return {
    items: ids.map((id) => {
      const reason = reasons[id]?.trim();
      return reason ? { id, reason } : { id };
    }),
  };
}
