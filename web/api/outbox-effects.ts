import type { InfiniteData } from "@tanstack/react-query";
import type { Day, HistoryPage } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { type ChangeEffect, type NewTask, type ShownTask, withPlanMarks } from "./local-changes";

// What a change waiting in the outbox does to what the screen shows (docs/product.md#offline): the
// same as the server will do, applied to the cached tasks and day at once, and again after every
// read of them until the change is sent. Pure functions of data, so a change read back from
// IndexedDB after a reload shows the same way; applying one twice changes nothing more.

function changed(task: Task, fields: Partial<Task>): ShownTask {
  return { ...task, ...fields, unsynced: true };
}

function patchEach(tasks: Task[], ids: readonly number[], fields: (task: Task) => Partial<Task>): Task[] {
  const wanted = new Set(ids);
  return tasks.map((task) => (wanted.has(task.id) ? changed(task, fields(task)) : task));
}

/** A title as the braindump's duplicate rules compare it. */
function sameTitle(title: string): string {
  return title.trim().toLowerCase();
}

/** The tasks as they will be once the change is applied; `today` is the person's day (GET /api/day). */
export function withTaskEffect(tasks: Task[], effect: ChangeEffect, today: string): Task[] {
  switch (effect.kind) {
    case "addTasks": {
      const known = new Set(tasks.map((task) => task.id));
      // A server task of the same title is this one, created by a send another tab (or the service
      // worker) made before this page knew: it is not shown twice.
      const onServer = new Set(tasks.filter((task) => task.id > 0).map((task) => sameTitle(task.title)));
      const added = effect.tasks
        .filter((task) => !known.has(task.id) && !onServer.has(sameTitle(task.title)))
        .map((task) => changed(task, task.category === "no_list" ? { noListDate: today } : {}));
      return added.length === 0 ? tasks : [...tasks, ...added];
    }
    case "patchTask":
      return patchEach(tasks, [effect.id], () => effect.fields);
    case "removeTask":
      return tasks.filter((task) => task.id !== effect.id);
    case "plan": {
      const touched = new Set([...effect.priorityTaskIds, ...effect.noListTaskIds]);
      return withPlanMarks(tasks, effect, today).map((task) => (touched.has(task.id) ? changed(task, {}) : task));
    }
    case "skipDay":
      return tasks;
    case "noListAgain":
      return patchEach(tasks, effect.ids, () => ({ noListDate: today }));
    case "commitNoList": {
      const reasons = new Map(effect.items.map((item) => [item.id, item.reason]));
      return patchEach(tasks, [...reasons.keys()], (task) => ({
        category: "no_list",
        isPriority: false,
        priorityDate: null,
        noListDate: today,
        noListReason: reasons.get(task.id) ?? null,
      }));
    }
  }
}

/** The day as it will be once the change is applied: a plan or a "No" list commit plans it; a skip skips it. */
export function withDayEffect(day: Day, effect: ChangeEffect): Day {
  switch (effect.kind) {
    case "plan":
    case "commitNoList":
      return { ...day, planned: true, skipped: false };
    case "skipDay":
      return { ...day, skipped: true };
    case "removeTask":
      return { ...day, carriedOver: day.carriedOver.filter((task) => task.id !== effect.id) };
    case "patchTask":
      // A carried task finished or put on the "No" list is no longer carried.
      return effect.fields.isCompleted || effect.fields.category === "no_list"
        ? { ...day, carriedOver: day.carriedOver.filter((task) => task.id !== effect.id) }
        : day;
    default:
      return day;
  }
}

/**
 * The Done screen's history as it will be: a reopened task leaves it, and its finish leaves its day's
 * count (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
 */
export function withHistoryEffect(history: InfiniteData<HistoryPage>, effect: ChangeEffect): InfiniteData<HistoryPage> {
  if (effect.kind !== "patchTask" || effect.fields.isCompleted !== false) return history;
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
}

/**
 * The change with its tasks made on this device (negative ids, see newLocalTaskId) replaced by the
 * ids the server gave them: in the path's segments and anywhere in the body and the effect.
 */
export function withServerIds<T>(value: T, serverIds: ReadonlyMap<number, number>): T {
  if (serverIds.size === 0) return value;
  const swap = (item: unknown): unknown => {
    if (typeof item === "number") return serverIds.get(item) ?? item;
    if (typeof item === "string")
      return item.replace(/(?<=\/)-\d+(?=\/|\?|$)/g, (id) => String(serverIds.get(Number(id)) ?? id));
    if (Array.isArray(item)) return item.map(swap);
    if (item && typeof item === "object") {
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, swap(inner)]));
    }
    return item;
  };
  return swap(value) as T;
}

/** The local ids (negative) a change still names: it waits for them to be created, or is refused with them. */
export function localIdsIn(value: unknown): number[] {
  const found: number[] = [];
  const visit = (item: unknown) => {
    if (typeof item === "number" && item < 0) found.push(item);
    else if (typeof item === "string")
      for (const match of item.matchAll(/(?<=\/)-\d+(?=\/|\?|$)/g)) found.push(Number(match[0]));
    else if (Array.isArray(item)) item.forEach(visit);
    else if (item && typeof item === "object") Object.values(item).forEach(visit);
  };
  visit(value);
  return found;
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
    // Set to the person's day when shown (withTaskEffect); the server sets it when it creates the task.
    noListDate: null,
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
