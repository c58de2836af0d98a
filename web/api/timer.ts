import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TimerSnapshot, timerSnapshotSchema } from "../../shared/schemas/timer-state";
import { clockOffset } from "../../shared/timer";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";

/**
 * The server's timer as this device sees it: the snapshot plus how far the server's clock is ahead
 * of ours, so remaining time is computed from the server's end instant on our clock.
 */
export type TimerView = TimerSnapshot & { offsetMs: number };

export async function fetchTimer(signal?: AbortSignal): Promise<TimerView> {
  const sentAt = Date.now();
  const snapshot = timerSnapshotSchema.parse(await apiRequest("GET", "/api/timer", undefined, { signal }));
  return { ...snapshot, offsetMs: clockOffset(snapshot.serverNow, sentAt, Date.now()) };
}

/** Frames and answers can arrive out of order: the state with the higher version wins. */
function newer(current: TimerView | undefined, incoming: TimerView): TimerView {
  return current && current.state.version > incoming.state.version ? current : incoming;
}

/**
 * Puts a snapshot (from a live frame or an API answer) into the cache. A run that just finished
 * changed the focus sessions and today's analytics, so those are refetched.
 */
export function applyTimer(queryClient: QueryClient, snapshot: TimerSnapshot, offsetMs: number) {
  const before = queryClient.getQueryData<TimerView>(queryKeys.timer);
  const after = newer(before, { ...snapshot, offsetMs });
  queryClient.setQueryData<TimerView>(queryKeys.timer, after);
  if (after.state.status === "finished" && before?.state.status !== "finished") {
    void queryClient.invalidateQueries({ queryKey: queryKeys.focusSessions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.analyticsToday });
  }
}

export function useTimer() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.timer,
    queryFn: async ({ signal }) =>
      newer(queryClient.getQueryData<TimerView>(queryKeys.timer), await fetchTimer(signal)),
  });
}
