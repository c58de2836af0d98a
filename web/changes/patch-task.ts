import { t } from "@lingui/core/macro";
import type { PatchTaskInput, Task } from "../../shared/schemas/tasks";
import { shortTaskName } from "../ui/task-name";
import {
  type Change,
  type ChangeKind,
  failureWords,
  keptOnDevice,
  notCarried,
  patchEach,
  type ToastWords,
} from "./change-kind";

// A task's fields changed: renamed (the title editor), moved (the board), done in one tap or on the
// focus screen (PATCH /api/tasks/{id}), or reopened (POST /api/tasks/{id}/reopen, which shows the
// same). The one kind whose refusal can lose words: a rename's title.

export type PatchTaskEffect = { kind: "patchTask"; id: number; fields: Partial<Task> };

/** PATCH /api/tasks/{id}: the one request that changes a task's fields (docs/decisions/209-one-home-per-api-operation.md). */
export function patchTaskChange(id: number, patch: PatchTaskInput): Change<PatchTaskEffect> {
  const fields: Partial<Task> = { ...patch };
  if (patch.isCompleted) fields.completedAt = new Date().toISOString();
  return { method: "PATCH", path: `/api/tasks/${id}`, body: patch, effect: { kind: "patchTask", id, fields } };
}

/** POST /api/tasks/{id}/reopen: a finished task comes back open, today. */
export function reopenChange(task: Pick<Task, "id">): Change<PatchTaskEffect> {
  return {
    method: "POST",
    path: `/api/tasks/${task.id}/reopen`,
    effect: { kind: "patchTask", id: task.id, fields: { isCompleted: false, completedAt: null } },
  };
}

export const patchTask = {
  kind: "patchTask",
  showTasks: (tasks, effect) => patchEach(tasks, [effect.id], () => effect.fields),
  // A carried task finished or put on the "No" list is no longer carried.
  showDay: (day, effect) =>
    effect.fields.isCompleted || effect.fields.category === "no_list" ? notCarried(day, effect.id) : day,
  /**
   * A reopened task leaves the Done screen's history, and its finish leaves its day's count
   * (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
   */
  showHistory(history, effect) {
    if (effect.fields.isCompleted !== false) return history;
    const reopened = history.pages.flatMap((page) => page.tasks).find((task) => task.id === effect.id);
    if (!reopened) return history;
    const pages = history.pages.map((page) => ({
      ...page,
      tasks: page.tasks.filter((task) => task.id !== effect.id),
      days: page.days?.map((day) =>
        day.date === reopened.completedDay ? { ...day, tasksCompleted: Math.max(0, day.tasksCompleted - 1) } : day,
      ),
    }));
    return { ...history, pages };
  },
  // A rename names the old title and the new (docs/decisions/246-refused-changes-named-and-kept.md).
  words(effect, titleOf) {
    const task = titleOf(effect.id);
    const title = effect.fields.title;
    if (title !== undefined) return t`Rename ${task} to "${title}"`;
    if (effect.fields.isCompleted !== undefined)
      return effect.fields.isCompleted ? t`Mark ${task} done` : t`Reopen ${task}`;
    return t`Move ${task}`;
  },
  written: (effect) => effect.fields.title,
} satisfies ChangeKind<PatchTaskEffect>;

/** The toasts of the other changes of a task's fields, as their screens say them, naming the task. */
export const patchTaskToasts = {
  renamed: (before: string, after: string): ToastWords => {
    const task = shortTaskName(after);
    return { title: t`Task renamed: "${task}"`, description: t`"${before}" is now "${after}".` };
  },
  reopened: (title: string): ToastWords => {
    const task = shortTaskName(title);
    return {
      title: t`Task reopened: "${task}"`,
      description: t`"${title}" is open again, in Current Tasks for today.`,
    };
  },
  notReopened: (title: string, reason?: string) => {
    const task = shortTaskName(title);
    return failureWords(t`Could not reopen: "${task}"`, reason);
  },
  /** A carried task put on today's "No" list from the plan step. */
  saidNo: (title: string): ToastWords => {
    const task = shortTaskName(title);
    return { title: t`Said no: "${task}"`, description: t`"${title}" is on today's "No" List.` };
  },
};

/** The toasts of a one-tap done and of its Undo (docs/decisions/185-done-in-one-tap.md), naming the task. */
export const doneToasts = {
  done: (title: string, kept: boolean): ToastWords => {
    const task = shortTaskName(title);
    const done = t`"${title}" is done.`;
    return { title: t`Task done: "${task}"`, description: kept ? `${done} ${keptOnDevice()}` : done };
  },
  notDone: (title: string, reason?: string) => {
    const task = shortTaskName(title);
    return failureWords(t`Could not mark done: "${task}"`, reason);
  },
  undone: (title: string): ToastWords => {
    const task = shortTaskName(title);
    return { title: t`Undone: "${task}"`, description: t`"${title}" is open again.` };
  },
  notUndone: (title: string, reason?: string) => {
    const task = shortTaskName(title);
    return failureWords(t`Could not undo: "${task}"`, reason);
  },
};
