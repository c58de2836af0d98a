import type { SessionEndReason } from "../../shared/live-protocol";
import type { UndoSnapshot } from "../db/schema";
import type { TaskRow } from "../db/task-rows";
import type { HubNews, PersonRow } from "../hub/hub-part";

/*
 * What a change causes, as the pipeline (./pipeline.ts) and its subscribers see it
 * (docs/decisions/250-one-home-for-a-change.md). A capability describes its change as its own
 * statements plus these events; the statements other capabilities add (the day's counters, a
 * reopen's finish taken off its day) follow from them, and the person's hub is told them, once
 * (docs/decisions/381-one-message-from-a-change-to-the-hub.md): each of its parts reads what it
 * needs from them.
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
  /**
   * Tasks are gone from every list (deleted, cleared from the "No" list, yesterday's open routine
   * occurrences closed by a day's start): a timer about one lets go.
   */
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
   * day needs prepared follows from it, in D1 and in the hub. No device is sent a frame: each reads
   * its day again at the day's end.
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
   * The settings of the person's day changed (zone, start hour, a push's time, routines on or
   * off): `user` is their row as stored, whose settings the hub's parts follow.
   */
  | { type: "day-settings-changed"; user: PersonRow }
  /**
   * The person changed their settings (language, zone, day start, the nudge, the close, the focus
   * lengths: PATCH /api/account): every other device reads the user again and follows them
   * (docs/decisions/398-a-change-of-settings-reaches-every-device.md).
   */
  | { type: "settings-changed" }
  /**
   * A device turned notifications on (its push subscription saved): `user` is the person's row, from
   * which the hub arms the pushes that are on, the evening close's by default
   * (docs/decisions/295-the-close-push-armed-when-notifications-go-on.md).
   */
  | { type: "notifications-turned-on"; user: PersonRow }
  /**
   * Every row of the account is gone: the hub closes every socket and forgets everything but the
   * sessions this change ended (its `sessions-ended` events).
   */
  | { type: "account-deleted" };

/** Events that carry the person's row as the change stored it: the hub's parts follow their settings from it. */
type WithPersonRow = Extract<ChangeEvent, { user: PersonRow }>;

/** The person's row as the last of these events that carries it has it; undefined when none does. */
export function personRowOf(events: readonly ChangeEvent[]): PersonRow | undefined {
  return events.filter((event): event is WithPersonRow => "user" in event).at(-1)?.user;
}

/** A committed change as its person's hub is told it, once (worker/changes/tell-hub.ts). */
export type ChangeNews = HubNews<ChangeEvent>;
