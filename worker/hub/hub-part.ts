import type { ServerFrame } from "../../shared/schemas/live";
import type { Bindings } from "../env";

/**
 * What the hub's host gives a part that changes what every device shows: its storage, the bindings,
 * and the host's shared services. A part's methods run inside the host's one-at-a-time handling.
 */
export type HubHost = {
  readonly kv: SyncKvStorage;
  readonly env: Bindings;
  /** Points the one alarm at the earliest of what the parts say is next due. */
  armAlarm(): Promise<void>;
  /** Sends a frame to every open socket of the person. */
  broadcast(frame: ServerFrame): void;
};

/** Work to do once the host's one-at-a-time section is over (a push: it must not hold up the others). */
export type AfterAlarm = () => Promise<unknown>;

/**
 * A part with something due at an instant. The host has one alarm for all of them: it points it at
 * the earliest `nextDueAt`, and when it rings it runs every part's `runDue`, which does what is due
 * (and nothing when nothing is: alarms are at least once, so a part's run is idempotent).
 */
export interface TimedPart {
  /** When this part next needs the alarm (ms), or null. */
  nextDueAt(): number | null;
  /** The alarm rang at `now`: does what is due and answers what to send afterwards, or null. */
  runDue(now: number): Promise<AfterAlarm | null>;
}
