import type { ServerFrame } from "../../shared/schemas/live";
import type { users } from "../db/schema";
import type { Bindings } from "../env";
import type { HubSchedule, ScheduleRow } from "./schedule";

/**
 * What the hub's host gives a part that changes what every device shows: its storage, the bindings,
 * the one schedule and the host's broadcast. A part's methods run inside the host's one-at-a-time
 * handling.
 */
export type HubHost = {
  readonly kv: SyncKvStorage;
  readonly env: Bindings;
  /** The hub's one schedule: a part writes its rows there (docs/decisions/258-one-schedule-in-the-hub.md). */
  readonly schedule: HubSchedule;
  /** Sends a frame to every open socket of the person. */
  broadcast(frame: ServerFrame): void;
};

/** Work to do once the host's one-at-a-time section is over (a push: it must not hold up the others). */
export type AfterAlarm = () => Promise<unknown>;

/**
 * The job of one kind of schedule row. When the alarm rings, the host offers it each of its rows:
 * `due` (default: the row's instant has come) says whether to run it, and `run` does the job and
 * answers what to send afterwards, or null. A row its job did not write again is done and dropped;
 * to come back, the job writes its row anew (schedule.put). A job that throws runs again
 * SCHEDULE_RETRY_MS later. Alarms are at least once, so every job is idempotent.
 */
export type ScheduleHandler<P = unknown> = {
  due?(row: ScheduleRow<P>, now: number): boolean;
  run(row: ScheduleRow<P>, now: number): Promise<AfterAlarm | null>;
};

/** The person's row as their home database stores it: what a part reads the person's settings from. */
export type PersonRow = typeof users.$inferSelect;

/**
 * Who a person is and when their day starts, as the hub's rows keep it: their id, their home
 * database (docs/decisions/274-the-hub-learns-the-home.md; a row from before homes has none: 0),
 * their zone and day start hour. Anything else a part needs it reads from the person's row.
 */
export type DaySettings = { userId: string; home?: number; timeZone: string; dayStartHour: number };

/** The who and when of a person's row. */
export function daySettingsOf(person: PersonRow): DaySettings {
  return { userId: person.id, home: person.home, timeZone: person.timeZone, dayStartHour: person.dayStartHour };
}

/**
 * A change as the hub is told it, ONCE, after its batch committed (docs/decisions/381-one-message-from-a-change-to-the-hub.md):
 * the change's events, the tab that made it (null: none known), and the person's row when the change
 * read or stored it (a day's start). `Event` is the change pipeline's vocabulary (worker/changes/events.ts).
 */
export type HubNews<Event> = { events: readonly Event[]; tab: string | null; person?: PersonRow };

/**
 * One part of the person's hub (docs/decisions/380-the-hub-hosts-parts.md). The host builds its
 * table of jobs, its handling of a change and its day start from one list of these
 * (worker/hub-host/hub-parts.ts); a part says what it schedules and what it does, each hook optional:
 * - `jobs`: its kinds of schedule rows, each with what runs when a row is due;
 * - `mend`: puts its rows right when the hub wakes and before due rows run;
 * - `follows` and `followChange`: the change events it follows, and what it does after a change with
 *   one of them (committed already);
 * - `settingsChanged`: the person's settings as stored (a change stored them): its rows follow;
 * - `dayStarted`: the person's day began: what it prepares, from their row as D1 holds it.
 */
export type HubPart<Event extends { type: string } = { type: string }> = {
  readonly jobs?: Readonly<Record<string, ScheduleHandler>>;
  mend?(): void;
  readonly follows?: readonly Event["type"][];
  followChange?(news: HubNews<Event>, now: number): Promise<void>;
  settingsChanged?(person: PersonRow, now: number): Promise<void>;
  dayStarted?(person: PersonRow, now: number): Promise<void>;
};
