import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AcknowledgeTimerInput } from "../../shared/schemas/focus";
import {
  type StartedFocusSession,
  startedFocusSessionSchema,
  type TimerSnapshot,
  timerSnapshotSchema,
} from "../../shared/schemas/timer-state";
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

export type TimerAction = "pause" | "resume" | "end" | "reset" | "acknowledge" | "break";

/** POST /api/timer/{action}: the answer is the new state, applied at once (the live frame follows). */
export async function timerAction(
  queryClient: QueryClient,
  action: TimerAction,
  body: AcknowledgeTimerInput = {},
): Promise<TimerSnapshot> {
  const sentAt = Date.now();
  const snapshot = timerSnapshotSchema.parse(await apiRequest("POST", `/api/timer/${action}`, body));
  applyTimer(queryClient, snapshot, clockOffset(snapshot.serverNow, sentAt, Date.now()));
  return snapshot;
}

/** POST /api/focus-sessions (spec §7): starts a focus session on the server's timer. */
export async function startFocusSession(
  queryClient: QueryClient,
  input: { taskId: number; duration: number },
): Promise<StartedFocusSession> {
  const sentAt = Date.now();
  const started = startedFocusSessionSchema.parse(
    await apiRequest("POST", "/api/focus-sessions", { ...input, isCompleted: false }),
  );
  applyTimer(queryClient, started.timer, clockOffset(started.timer.serverNow, sentAt, Date.now()));
  void queryClient.invalidateQueries({ queryKey: queryKeys.focusSessions });
  return started;
}

/** PATCH /api/focus-sessions/{id}/complete with the spec's empty JSON body. */
export async function completeFocusSession(queryClient: QueryClient, id: number) {
  await apiRequest("PATCH", `/api/focus-sessions/${id}/complete`, {});
  void queryClient.invalidateQueries({ queryKey: queryKeys.focusSessions });
  void queryClient.invalidateQueries({ queryKey: queryKeys.analyticsToday });
}
