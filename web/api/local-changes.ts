import type { Task } from "../../shared/schemas/tasks";

// Tasks and changes made on this device before the server has seen them (docs/product.md#offline):
// the part the first screen needs. What a waiting change does to the screen is
// web/api/outbox-effects.ts, loaded with the outbox.

/** A task as shown: `unsynced` while a change to it waits on this device. */
export type ShownTask = Task & { unsynced?: true };

/** What one waiting change does, as data (it is stored with the change). */
export type ChangeEffect =
  | { kind: "addTasks"; tasks: Task[] }
  | { kind: "patchTask"; id: number; fields: Partial<Task> }
  /** `task` is kept so that an Undo before sending can put it back. */
  | { kind: "removeTask"; id: number; task?: Task }
  | { kind: "plan"; priorityTaskIds: number[]; noListTaskIds: number[] }
  | { kind: "skipDay" }
  | { kind: "noListAgain"; ids: number[] }
  | { kind: "commitNoList"; items: { id: number; reason: string | null }[] };

/** A task to make: what POST /api/tasks and the braindump take. */
export type NewTask = Partial<Pick<Task, "description" | "category" | "noListReason">> & { title: string };

/** What a change does, as the screen sends it: the outbox makes the new tasks' local ids (web/api/outbox.ts). */
export type ChangeIntent = Exclude<ChangeEffect, { kind: "addTasks" }> | { kind: "addTasks"; tasks: NewTask[] };

/** Whether a task is shown from a change not yet on the server (docs/product.md#offline). */
export function isUnsynced(task: Task): boolean {
  return (task as ShownTask).unsynced === true;
}

/**
 * Today's three of a plan (POST /api/day/plan) and its "No" items said again: the three are today's
 * marks, every other open task's mark is gone (docs/decisions/134-the-plan-replaces.md). Used for an
 * answered plan too (web/api/day.ts), so both show the same.
 */
export function withPlanMarks(
  tasks: Task[],
  plan: { priorityTaskIds: readonly number[]; noListTaskIds: readonly number[] },
  date: string,
): Task[] {
  const three = new Set(plan.priorityTaskIds);
  const again = new Set(plan.noListTaskIds);
  return tasks.map((task) => {
    if (three.has(task.id)) return { ...task, isPriority: true, priorityDate: date };
    if (again.has(task.id)) return { ...task, noListDate: date };
    return task.isPriority && !task.isCompleted ? { ...task, isPriority: false, priorityDate: null } : task;
  });
}
