import { t } from "@lingui/core/macro";
import type { InfiniteData } from "@tanstack/react-query";
import type { Day, HistoryPage } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import type { ShownTask } from "./shown-task";

// What every change kind says about itself (docs/decisions/255-one-module-per-change-kind.md): one
// module per kind (web/changes/<kind>.ts) holds its requests, what it shows at once, its words, what
// its answer shows before the reads come back, and how it waits offline. The outbox, the views of
// waiting changes and the refusals read them through web/changes/registry.ts.

/** A change as the screen sends it (web/api/send-change.ts): the request, and what it shows when it waits. */
export type Change<Intent extends { kind: string } = { kind: string }> = {
  method: "POST" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  effect: Intent;
};

/** A task's title in a change's words, quoted; "a task" when this device no longer knows it. */
export type TitleOf = (id: number | undefined) => string;

/** Who keeps a change, and the tasks the device shows when it is kept (web/api/outbox.ts). */
export type KeptBy = { userId: string; tasks: readonly Task[] };

/**
 * One change kind. `Effect` is what is stored with a waiting change (data, read back from IndexedDB
 * after a reload: a stored shape is never changed, only added to); `Intent` is what the screen sends,
 * before the outbox keeps it.
 */
export type ChangeKind<Effect extends { kind: string }, Intent extends { kind: string } = Effect> = {
  kind: Effect["kind"];
  /** How it waits offline: the change as stored (tasks made here get local ids, a removed task is kept). */
  kept?(intent: Intent, by: KeptBy): Effect;
  /** What it shows at once, and after every fresh read while it waits: the tasks as they will be. Applied twice, it changes nothing more. */
  showTasks(tasks: Task[], effect: Effect, today: string): Task[];
  /** The day (GET /api/day) as it will be, when the change touches it. */
  showDay?(day: Day, effect: Effect): Day;
  /** The Done screen's history as it will be, when the change touches it. */
  showHistory?(history: InfiniteData<HistoryPage>, effect: Effect): InfiniteData<HistoryPage>;
  /** What the person did, naming the task ("Mark "Call Sam" done"): said when the server refuses it after it waited. */
  words(effect: Effect, titleOf: TitleOf): string;
  /** What the person wrote that a refusal would lose, offered back (docs/decisions/246-refused-changes-named-and-kept.md). */
  written?(effect: Effect): string | undefined;
  /** Once sent: the server's ids of the tasks it made on this device, for the changes still waiting. */
  serverIds?(effect: Effect, answer: unknown): Map<number, number>;
  /** Taken back before it was sent (the Undo of a delete made offline): the task to show again. */
  putBack?(effect: Effect): Task | undefined;
  /**
   * What its answer shows at once, before everything that follows the tasks is read again (after
   * every kind: web/api/refetch-after-change.ts, docs/decisions/189-one-refetch-after-any-change.md).
   */
  answered?(answer: unknown, effect: Effect): Answered;
};

/** What a change's answer puts into the cached reads. */
export type Answered = { day?: Day; tasks?: (shown: Task[]) => Task[] };

/** A toast's words: its title names the task (docs/decisions/245-toasts-name-their-task.md). */
export type ToastWords = { title: string; description: string };

/** What a toast adds when the change waits on the device (docs/product.md#offline). */
export function keptOnDevice(): string {
  return t`It syncs when you're back online.`;
}

/** The words of a failure: the server's reason when it gave one (docs/product.md#how-a-failure-reads). */
export function failureWords(title: string, reason: string | undefined): ToastWords {
  return { title, description: reason || t`Please try again.` };
}

/** A task changed by a waiting change: marked "Not synced". */
export function changed(task: Task, fields: Partial<Task>): ShownTask {
  return { ...task, ...fields, unsynced: true };
}

/** The tasks of `ids` changed by a waiting change; every other task as it is. */
export function patchEach(tasks: Task[], ids: readonly number[], fields: (task: Task) => Partial<Task>): Task[] {
  const wanted = new Set(ids);
  return tasks.map((task) => (wanted.has(task.id) ? changed(task, fields(task)) : task));
}

/** The day with a task no longer carried over from an earlier day. */
export function notCarried(day: Day, id: number): Day {
  return { ...day, carriedOver: day.carriedOver.filter((task) => task.id !== id) };
}
