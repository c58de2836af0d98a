import type { QueryClient } from "@tanstack/react-query";
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
import { invalidateTaskData } from "./refetch-after-change";
import { applyTimer } from "./timer-cache";

// What the focus screen does to the timer; apart from timer.ts, which every signed-in screen loads
// (the live channel applies timer frames with it).

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

/** POST /api/focus-sessions (docs/product.md#compatible-calls): starts a focus session on the server's timer. */
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
  // A focus run's end moves the day's figures (minutes, the streak, the history) as any change does.
  void invalidateTaskData(queryClient);
}
