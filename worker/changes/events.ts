import type { UndoSnapshot } from "../db/schema";
import type { TaskRow } from "../db/task-rows";

/*
 * What a change causes, as the pipeline (./pipeline.ts) and its subscribers see it
 * (docs/decisions/250-one-home-for-a-change.md). A capability describes its change as its own
 * statements plus these events; the statements other capabilities add (the day's counters, a
 * reopen's finish taken off its day) and what the person's hub is told both follow from them.
 */

/** One thing a change did, in the words of the product. */
export type ChangeEvent =
  /** Tasks were made: one, or a braindump's lines. */
  | { type: "tasks-created"; count: number }
  /**
   * A task was finished now (created finished, ticked, or deleted with `complete`): counted on
   * today's record. `priority`: one of today's three; `carried`: made on an earlier day
   * (docs/decisions/190-carried-finishes-count-in-the-score.md).
   */
  | { type: "task-finished"; priority: boolean; carried?: boolean }
  /**
   * A finished task is open again; `task` is its row as it was, finished, so its finish leaves the
   * day it counted on (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
   */
  | { type: "task-reopened"; task: TaskRow }
  /** Tasks changed what they are (title, category, marks, answers): the day's breakdown is recounted. */
  | { type: "tasks-edited" }
  /** Tasks are gone from every list (deleted, cleared from the "No" list): a timer about one lets go. */
  | { type: "tasks-removed"; taskIds: readonly number[] }
  /** Undo put removed tasks back; the completion their removal counted, if any, is taken off that day. */
  | { type: "tasks-restored"; counted: UndoSnapshot["counted"] }
  /** The day was planned: a plan, Analyze Priorities, a "No" list commit. */
  | { type: "day-planned" }
  /** "Skip for today" (docs/decisions/183-skip-changes-nothing.md). */
  | { type: "day-skipped" }
  /** Earlier "No" list items were said no to again today. */
  | { type: "no-items-said-again" }
  /**
   * Every task, record and plan is gone: Clear Tasks (a timer about any task lets go) or, with
   * `startFresh`, Start Fresh (the timer goes back to idle).
   */
  | { type: "everything-cleared"; startFresh: boolean }
  /** Reset Stats: the daily records are gone. */
  | { type: "analytics-cleared" }
  /**
   * A focus session was completed now. With `startedAt` its minutes count in the local hours it
   * was focused in (without its `pauses`); without, at the hour of completion.
   */
  | { type: "focus-finished"; minutes: number; startedAt?: Date; pauses?: readonly { from: number; to: number }[] };

/** What the person's hub is told after a change: derived from its events, never picked by a route. */
export type Announcement = {
  /** Tasks that are gone, or "all" of them (Clear Tasks): a timer about one of them lets go. */
  removedTasks?: readonly number[] | "all";
  /** Start Fresh: the timer goes back to idle whatever it is about. */
  resetTimer?: boolean;
  /** The change also changed the person's day: the one frame is `day-changed` rather than `tasks-changed`. */
  dayChanged?: boolean;
};

/** Events after which every device reads the day again (the plan step, the streak, the recap). */
const CHANGES_THE_DAY: ReadonlySet<ChangeEvent["type"]> = new Set([
  "task-reopened",
  "day-planned",
  "day-skipped",
  "no-items-said-again",
  "analytics-cleared",
]);

/**
 * What to tell the hub after a change with these events; null when there is nothing to tell (no
 * event, or only a focus session's end, which the timer announces itself).
 */
export function announcementOf(events: readonly ChangeEvent[]): Announcement | null {
  const told = events.filter((event) => event.type !== "focus-finished");
  if (told.length === 0) return null;
  const announcement: Announcement = {};
  const removed = new Set<number>();
  for (const event of told) {
    if (event.type === "tasks-removed") for (const id of event.taskIds) removed.add(id);
    if (event.type === "everything-cleared") {
      if (event.startFresh) announcement.resetTimer = true;
      else announcement.removedTasks = "all";
    }
    if (CHANGES_THE_DAY.has(event.type)) announcement.dayChanged = true;
  }
  if (removed.size > 0 && announcement.removedTasks !== "all") announcement.removedTasks = [...removed];
  return announcement;
}
