import type { SessionEndReason } from "../../shared/live-protocol";
import type { UndoSnapshot, users } from "../db/schema";
import type { TaskRow } from "../db/task-rows";
import { type ChangeAnnouncement, type DaySettings, daySettingsOf } from "../hub/hub-client";

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
  /** The day was closed in the evening, or reopened (docs/decisions/291-the-evening-close.md). */
  | { type: "day-closed" }
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
   * The person's day `date` began (the day-start step, run once per person and day by the hub's
   * schedule or the day's first read: docs/decisions/259-the-day-begins-on-the-server.md): what the
   * day needs prepared follows from it. Nothing is announced: no device shows anything new yet.
   */
  | { type: "day-began"; date: string }
  /**
   * A focus session was completed now. With `startedAt` its minutes count in the local hours it
   * was focused in (without its `pauses`); without, at the hour of completion.
   */
  | { type: "focus-finished"; minutes: number; startedAt?: Date; pauses?: readonly { from: number; to: number }[] }
  /**
   * Sign-in sessions were revoked (a sign-out, a device signed out, sign-out everywhere, a password
   * change, the sessions past the cap at a sign-in, an account deleted): the hub remembers them and
   * closes their sockets, saying `reason` when there is one. Their ids are often known only from
   * the batch's results (a delete's returning): such a change names it in `eventsAfter`.
   */
  | { type: "sessions-ended"; sessionIds: readonly string[]; reason?: SessionEndReason }
  /**
   * The settings of the person's day changed (zone, start hour, morning nudge): `user` is their row
   * as stored, whose settings the hub moves the nudge and the next day start to.
   */
  | { type: "day-settings-changed"; user: typeof users.$inferSelect }
  /**
   * Every row of the account is gone: the hub closes every socket and forgets everything but the
   * sessions this change ended (its `sessions-ended` events).
   */
  | { type: "account-deleted" };

/**
 * What the person's hub is told after a change: derived from its events (announcementOf), never
 * picked by a route; worker/hub/hub-client.ts (announceChange) carries it in one call.
 */
export type Announcement = ChangeAnnouncement;

/** Events after which every device reads the day again (the plan step, the streak, the recap). */
const CHANGES_THE_DAY: ReadonlySet<ChangeEvent["type"]> = new Set([
  "task-reopened",
  "day-planned",
  "day-skipped",
  "day-closed",
  "no-items-said-again",
  "analytics-cleared",
]);

/** Events that tell the hub nothing: a focus session's end (the timer announces it) and a day's start. */
const ANNOUNCES_NOTHING: ReadonlySet<ChangeEvent["type"]> = new Set(["focus-finished", "day-began"]);

/** Events that are the hub's own business (sign-in's sessions, the day's settings, the account): no tasks changed. */
const TELLS_NO_TASKS: ReadonlySet<ChangeEvent["type"]> = new Set([
  "sessions-ended",
  "day-settings-changed",
  "account-deleted",
]);

/** What the sessions, the settings and the account's events tell the hub; null when nothing. */
function hubOwnAnnouncement(events: readonly ChangeEvent[]): Announcement | null {
  const ended = new Set<string>();
  let reason: SessionEndReason | undefined;
  let settings: DaySettings | undefined;
  let deleted = false;
  for (const event of events) {
    if (event.type === "sessions-ended") {
      for (const id of event.sessionIds) ended.add(id);
      reason ??= event.reason;
    }
    if (event.type === "day-settings-changed") settings = daySettingsOf(event.user);
    if (event.type === "account-deleted") deleted = true;
  }
  // The wipe closes every socket itself and keeps the sessions that ended as revoked.
  if (deleted) return { tasksChanged: false, wiped: { revokedSessionIds: [...ended] } };
  if (ended.size === 0 && !settings) return null;
  return {
    tasksChanged: false,
    ...(ended.size > 0 ? { sessionsEnded: { sessionIds: [...ended], ...(reason ? { reason } : {}) } } : {}),
    ...(settings ? { daySettings: settings } : {}),
  };
}

/**
 * What to tell the hub after a change with these events; null when there is nothing to tell (no
 * event, or only events that announce nothing).
 */
export function announcementOf(events: readonly ChangeEvent[]): Announcement | null {
  const own = hubOwnAnnouncement(events);
  if (own?.wiped) return own;
  const told = events.filter((event) => !ANNOUNCES_NOTHING.has(event.type) && !TELLS_NO_TASKS.has(event.type));
  if (told.length === 0) return own;
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
  if (own) {
    const { tasksChanged: _none, ...told } = own;
    Object.assign(announcement, told);
  }
  return announcement;
}
