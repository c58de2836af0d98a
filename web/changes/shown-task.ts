import type { Task } from "../../shared/schemas/tasks";

// The part of the change kinds the first screen needs: whether a row shows a change not yet on the
// server. The kinds themselves (web/changes/registry.ts) load with the outbox and the screens that
// send them (docs/decisions/255-one-module-per-change-kind.md).

/** A task as shown: `unsynced` while a change to it waits on this device. */
export type ShownTask = Task & { unsynced?: true };

/** Whether a task is shown from a change not yet on the server (docs/product.md#offline). */
export function isUnsynced(task: Task): boolean {
  return (task as ShownTask).unsynced === true;
}
