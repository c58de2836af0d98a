import { t } from "@lingui/core/macro";
import type { InfiniteData } from "@tanstack/react-query";
import type { Day, HistoryPage } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { type AddTasksEffect, type AddTasksIntent, addTasks } from "./add-tasks";
import type { ChangeKind, KeptBy } from "./change-kind";
import { type CloseDayEffect, closeDay } from "./close-day";
import { type CommitNoListEffect, commitNoList } from "./commit-no-list";
import { type NoListAgainEffect, noListAgain } from "./no-list-again";
import { type PatchTaskEffect, patchTask } from "./patch-task";
import { type PlanEffect, planDay } from "./plan-day";
import { type RemoveTaskEffect, removeTask } from "./remove-task";
import { type ReopenDayEffect, reopenDay } from "./reopen-day";
import { type RoutineEffect, routineChange } from "./routine-change";
import { type SkipDayEffect, skipDay } from "./skip-day";

// The one registry of the change kinds that work offline (docs/decisions/255-one-module-per-change-kind.md):
// the outbox, the views of waiting changes and the refusals ask it, and it asks the kind's module.
// No other code looks at a change's kind. Loaded with the outbox and the screens that send changes,
// never with the first screen.

/** What one waiting change does, as data (it is stored with the change in IndexedDB). */
export type ChangeEffect =
  | AddTasksEffect
  | PatchTaskEffect
  | RemoveTaskEffect
  | PlanEffect
  | SkipDayEffect
  | NoListAgainEffect
  | CommitNoListEffect
  | RoutineEffect
  | CloseDayEffect
  | ReopenDayEffect;

/** What a change does as the screen sends it: the outbox makes the stored effect (new tasks' local ids, a removed task kept). */
export type ChangeIntent = Exclude<ChangeEffect, { kind: "addTasks" }> | AddTasksIntent;

type Kinds = {
  [Kind in ChangeEffect["kind"]]: ChangeKind<
    Extract<ChangeEffect, { kind: Kind }>,
    Extract<ChangeIntent, { kind: Kind }>
  >;
};

/** Every change kind the outbox can store, by its name: a new kind that is not here does not compile. */
export const CHANGE_KINDS: Kinds = {
  addTasks,
  patchTask,
  removeTask,
  plan: planDay,
  skipDay,
  noListAgain,
  commitNoList,
  routine: routineChange,
  closeDay,
  reopenDay,
};

/**
 * The module of a change's kind. TypeScript cannot tie an entry of `Kinds` to the one member of the
 * union it was picked by, so this is the one place that says so.
 */
function kindOf(change: { kind: ChangeEffect["kind"] }): ChangeKind<ChangeEffect, ChangeIntent> {
  return CHANGE_KINDS[change.kind] as unknown as ChangeKind<ChangeEffect, ChangeIntent>;
}

/** The change as the outbox keeps it (web/api/outbox.ts). */
export function keptEffect(intent: ChangeIntent, by: KeptBy): ChangeEffect {
  const kind = kindOf(intent);
  return kind.kept ? kind.kept(intent, by) : (intent as ChangeEffect);
}

/** The tasks as they will be once the change is applied; `today` is the person's day (GET /api/day). */
export function withTaskEffect(tasks: Task[], effect: ChangeEffect, today: string): Task[] {
  return kindOf(effect).showTasks(tasks, effect, today);
}

/** The day as it will be once the change is applied. */
export function withDayEffect(day: Day, effect: ChangeEffect): Day {
  return kindOf(effect).showDay?.(day, effect) ?? day;
}

/** The Done screen's history as it will be once the change is applied. */
export function withHistoryEffect(history: InfiniteData<HistoryPage>, effect: ChangeEffect): InfiniteData<HistoryPage> {
  return kindOf(effect).showHistory?.(history, effect) ?? history;
}

/** What the person did, in words naming the task, for a refusal after it waited ("Mark "Call Sam" done"). */
export function changeInWords(effect: ChangeEffect, tasks: readonly Task[]): string {
  return kindOf(effect).words(effect, (id) => {
    const title = tasks.find((task) => task.id === id)?.title ?? t`a task`;
    return t({ message: `"${title}"`, context: "a task's title, quoted in a sentence" });
  });
}

/** What the person wrote that a refusal of this change would lose. */
export function writtenIn(effect: ChangeEffect): string | undefined {
  return kindOf(effect).written?.(effect);
}

/** Once sent: the server's ids of the tasks the change made on this device (none for most kinds). */
export function serverIdsOf(effect: ChangeEffect, answer: unknown): Map<number, number> {
  return kindOf(effect).serverIds?.(effect, answer) ?? new Map();
}

/** Taken back before it was sent: the task to show again, if the change removed one. */
export function putBackOf(effect: ChangeEffect): Task | undefined {
  return kindOf(effect).putBack?.(effect);
}
