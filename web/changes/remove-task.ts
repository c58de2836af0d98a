import { t } from "@lingui/core/macro";
import type { Task } from "../../shared/schemas/tasks";
import { type Change, type ChangeKind, notCarried } from "./change-kind";

// A task deleted (DELETE /api/tasks/{id}), with Undo. Offline, the task is kept with the change so
// that an Undo before it is sent can put it back (docs/decisions/222-offline-outbox.md).

/** Stored: `task` is kept so that an Undo before sending can put it back. */
export type RemoveTaskEffect = { kind: "removeTask"; id: number; task?: Task };

/**
 * DELETE /api/tasks/{id}, `?complete=true` when the deletion counts as a finish
 * (docs/decisions/070-toasts-bottom-deleting-call.md); a "No" item's does not
 * (docs/decisions/113-deleting-no-item-completion.md). Answered with the undo ticket.
 */
export function deleteTaskChange(
  id: number,
  { countAsCompleted }: { countAsCompleted: boolean },
): Change<RemoveTaskEffect> {
  return {
    method: "DELETE",
    path: `/api/tasks/${id}${countAsCompleted ? "?complete=true" : ""}`,
    effect: { kind: "removeTask", id },
  };
}

export const removeTask = {
  kind: "removeTask",
  kept: (intent, { tasks }) => ({ ...intent, task: tasks.find((task) => task.id === intent.id) }),
  showTasks: (tasks, effect) => tasks.filter((task) => task.id !== effect.id),
  showDay: (day, effect) => notCarried(day, effect.id),
  words: (effect, titleOf) => {
    const task = titleOf(effect.id);
    return t`Delete ${task}`;
  },
  putBack: (effect) => effect.task,
} satisfies ChangeKind<RemoveTaskEffect>;
