import type { ServerFrame } from "../../shared/schemas/live";
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
