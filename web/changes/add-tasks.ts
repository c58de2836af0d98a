import { plural, t } from "@lingui/core/macro";
import { parseEstimate } from "../../shared/estimate";
import type { CreateTaskInput, ProcessTasksInput, Task } from "../../shared/schemas/tasks";
import { type Change, type ChangeKind, changed } from "./change-kind";

// Tasks added: the braindump (POST /api/process-tasks) and one task from the "No" List, the
// suggestions or a refused rename kept (POST /api/tasks). Offline, each new task gets a local id
// until the server gives it its own (docs/decisions/222-offline-outbox.md).

/** A task to make: what POST /api/tasks and the braindump take. */
export type NewTask = Partial<Pick<Task, "description" | "category" | "noListReason" | "estimateMinutes">> & {
  title: string;
};

/** Stored: the tasks as this device shows them, with their local ids. */
export type AddTasksEffect = { kind: "addTasks"; tasks: Task[] };
/** Sent by the screen: the tasks to make, not yet given ids. */
export type AddTasksIntent = { kind: "addTasks"; tasks: NewTask[] };

/** POST /api/process-tasks: the titles joined with "; " (docs/product.md#input-step), answered with the created tasks. */
export function processTasksChange(titles: string[]): Change<AddTasksIntent> {
  return {
    method: "POST",
    path: "/api/process-tasks",
    body: { text: titles.join("; "), allowDuplicates: true } satisfies ProcessTasksInput,
    // The server takes an estimate suffix ("~45m") off the title the same way
    // (docs/decisions/290-estimates-written-at-the-end-of-a-line.md), so the ids match by title.
    effect: { kind: "addTasks", tasks: titles.map(parseEstimate) },
  };
}

/** POST /api/tasks: one task, answered with it. */
export function createTaskChange(input: CreateTaskInput): Change<AddTasksIntent> {
  return { method: "POST", path: "/api/tasks", body: input, effect: { kind: "addTasks", tasks: [input] } };
}

/** A title as the braindump's duplicate rules compare it. */
function sameTitle(title: string): string {
  return title.trim().toLowerCase();
}

let lastLocalId = 0;
/**
 * An id for a task made on this device before the server has seen it: negative, so it never meets a
 * server id, and unique across reloads (from the clock).
 */
export function newLocalTaskId(): number {
  lastLocalId = Math.min(lastLocalId - 1, -Date.now() * 1000);
  return lastLocalId;
}

/** A task made on this device, as the server would make it (POST /api/tasks, the braindump). */
export function newLocalTask(userId: string, input: NewTask): Task {
  return {
    id: newLocalTaskId(),
    userId,
    title: input.title.trim(),
    description: input.description ?? null,
    category: input.category ?? null,
    isCompleted: false,
    isPriority: false,
    noListReason: input.noListReason ?? null,
    answers: {},
    createdAt: new Date().toISOString(),
    completedAt: null,
    priorityDate: null,
    // Set to the person's day when shown (showTasks); the server sets it when it creates the task.
    noListDate: null,
    routineId: null,
    estimateMinutes: input.estimateMinutes ?? null,
  };
}

/**
 * The server's ids for the tasks a braindump made on this device: matched by title (the server
 * drops titles another device added meanwhile, so the lists may differ in length).
 */
export function serverIdsOfCreated(local: readonly Task[], created: readonly Task[]): Map<number, number> {
  const byTitle = new Map(created.map((task) => [sameTitle(task.title), task.id]));
  const ids = new Map<number, number>();
  for (const task of local) {
    const id = byTitle.get(sameTitle(task.title));
    if (id !== undefined) ids.set(task.id, id);
  }
  return ids;
}

export const addTasks = {
  kind: "addTasks",
  kept: (intent, { userId }) => ({ kind: "addTasks", tasks: intent.tasks.map((task) => newLocalTask(userId, task)) }),
  showTasks(tasks, effect, today) {
    const known = new Set(tasks.map((task) => task.id));
    // A server task of the same title is this one, created by a send another tab (or the service
    // worker) made before this page knew: it is not shown twice.
    const onServer = new Set(tasks.filter((task) => task.id > 0).map((task) => sameTitle(task.title)));
    const added = effect.tasks
      .filter((task) => !known.has(task.id) && !onServer.has(sameTitle(task.title)))
      .map((task) => changed(task, task.category === "no_list" ? { noListDate: today } : {}));
    return added.length === 0 ? tasks : [...tasks, ...added];
  },
  words: (effect) => {
    const [only] = effect.tasks;
    if (effect.tasks.length === 1 && only) {
      const title = only.title;
      return t`Add "${title}"`;
    }
    const count = effect.tasks.length;
    return plural(count, { one: "Add # task", other: "Add # tasks" });
  },
  serverIds(effect, answer) {
    const created = (Array.isArray(answer) ? answer : [answer]).filter(
      (task): task is Task => typeof task === "object" && task !== null && "id" in task,
    );
    return serverIdsOfCreated(effect.tasks, created);
  },
} satisfies ChangeKind<AddTasksEffect, AddTasksIntent>;
