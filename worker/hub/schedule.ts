import { machineInstant } from "../test-clock";
import { HUB_KEY_PREFIXES } from "./storage-keys";

/** A row of the hub's one schedule: when, what kind of job, and what the job needs. */
export type ScheduleRow<P = unknown> = {
  /** The row's id: the kind itself for a job a person has one of (every kind so far). */
  id: string;
  /** What kind of job: the part that wrote it runs it (SCHEDULE_KINDS in ./storage-keys.ts names them). */
  kind: string;
  /** When it is due (ms). */
  at: number;
  payload: P;
  /** Changes with every write of the row, so the host can tell a row its job moved from the one it ran. */
  tag: string;
};

/** How long after a job failed (it threw) the schedule runs it again. */
export const SCHEDULE_RETRY_MS = 30_000;

const PREFIX = HUB_KEY_PREFIXES.schedule;

/**
 * The person's hub keeps ONE schedule, as the agents SDK's `schedule()` does: rows of (when, kind,
 * payload) in the object's storage and one alarm, always pointed at the earliest row
 * (docs/decisions/258-one-schedule-in-the-hub.md). A timed job is a handler of its kind (the hub's
 * host builds the table from its parts' `jobs`: worker/hub-host/hub-parts.ts) and a row; the parts write their rows
 * here and never touch the alarm.
 *
 * Rows and the alarm live in the storage, so both survive eviction and restarts. Synchronous KV
 * calls only for the rows, so a read and its write cannot interleave with another call.
 */
export class HubSchedule {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** The row of this id, or undefined. */
  row<P>(id: string): ScheduleRow<P> | undefined {
    return this.storage.kv.get<ScheduleRow<P>>(`${PREFIX}${id}`);
  }

  /** Every row, the earliest first. */
  rows(): ScheduleRow[] {
    return [...this.storage.kv.list<ScheduleRow>({ prefix: PREFIX })].map(([, row]) => row).sort((a, b) => a.at - b.at);
  }

  /** Writes the row (a new one, or this id moved to `at` with `payload`) and points the alarm at the earliest. */
  async set<P>(kind: string, at: number, payload: P, id: string = kind): Promise<void> {
    this.put(kind, at, payload, id);
    await this.arm();
  }

  /** Drops the row of this id (none: nothing) and points the alarm at the earliest left. */
  async cancel(id: string): Promise<void> {
    this.drop(id);
    await this.arm();
  }

  /** set without pointing the alarm: for the host, which points it once after a run of due rows. */
  put<P>(kind: string, at: number, payload: P, id: string = kind): void {
    const row: ScheduleRow<P> = { id, kind, at, payload, tag: crypto.randomUUID() };
    this.storage.kv.put(`${PREFIX}${id}`, row);
  }

  /** cancel without pointing the alarm (see put). */
  drop(id: string): void {
    this.storage.kv.delete(`${PREFIX}${id}`);
  }

  /** Points the one alarm at the earliest row; no row: no alarm. */
  async arm(): Promise<void> {
    const [first] = this.rows();
    if (first === undefined) await this.storage.deleteAlarm();
    // The alarm rings on the machine's clock, which a browser-test build's may run ahead of (worker/test-clock.ts).
    else await this.storage.setAlarm(machineInstant(first.at));
  }
}
