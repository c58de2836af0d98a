import type { QueryClient } from "@tanstack/react-query";
import type { TimerSnapshot } from "../../shared/schemas/timer-state";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

// The timer as this device keeps it in the query cache. Apart from web/api/timer.ts, which parses
// the API's answers with zod: the live channel (on every signed-in screen) writes here without
// loading zod (docs/decisions/120-signed-first-screen-carries-waits.md).

/**
 * The server's timer as this device sees it: the snapshot plus how far the server's clock is ahead
 * of ours, so remaining time is computed from the server's end instant on our clock.
 */
export type TimerView = TimerSnapshot & { offsetMs: number };

/** Frames and answers can arrive out of order: the state with the higher version wins. */
export function newer(current: TimerView | undefined, incoming: TimerView): TimerView {
  return current && current.state.version > incoming.state.version ? current : incoming;
}

/**
 * Puts a snapshot (from a live frame or an API answer) into the cache. A run that just finished
 * changed the focus sessions and the day's figures, so all that follows them is refetched.
 */
export function applyTimer(queryClient: QueryClient, snapshot: TimerSnapshot, offsetMs: number) {
  const before = queryClient.getQueryData<TimerView>(queryKeys.timer);
  const after = newer(before, { ...snapshot, offsetMs });
  queryClient.setQueryData<TimerView>(queryKeys.timer, after);
  if (after.state.status === "finished" && before?.state.status !== "finished") {
    void invalidateTaskData(queryClient);
  }
}
