import { type QueryClient, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AcknowledgeTimerInput, StartFocusSessionInput } from "../../shared/schemas/focus";
import {
  type StartedFocusSession,
  startedFocusSessionSchema,
  type TimerSnapshot,
  timerSnapshotSchema,
} from "../../shared/schemas/timer-state";
import { clockOffset } from "../../shared/timer";
import { apiRequest, OfflineError } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { patchTask } from "./tasks";
import { applyTimer } from "./timer-cache";

// What the focus screen does to the timer, as hooks that keep the cache right; the screen passes
// only what it shows (toasts, confetti). Apart from timer.ts, which every signed-in screen loads
// (the live channel applies timer frames with it).

/** A screen's own callbacks for one of the hooks below (everything but the request). */
type ScreenCallbacks<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, "mutationFn">;

export type TimerAction = "pause" | "resume" | "end" | "reset" | "acknowledge" | "break";
export type TimerActionInput = { action: TimerAction; body?: AcknowledgeTimerInput };

/** POST /api/timer/{action}: the answer is the new state, applied at once (the live frame follows). */
async function timerAction(queryClient: QueryClient, { action, body = {} }: TimerActionInput): Promise<TimerSnapshot> {
  const sentAt = Date.now();
  const snapshot = timerSnapshotSchema.parse(await apiRequest("POST", `/api/timer/${action}`, body));
  applyTimer(queryClient, snapshot, clockOffset(snapshot.serverNow, sentAt, Date.now()));
  return snapshot;
}

export function useTimerAction(callbacks: ScreenCallbacks<TimerSnapshot, TimerActionInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ ...callbacks, mutationFn: (input: TimerActionInput) => timerAction(queryClient, input) });
}

export type StartFocusInput = { taskId: number; duration: number };

/**
 * POST /api/focus-sessions (docs/product.md#compatible-calls): starts a focus session on the
 * server's timer; its state is applied at once and the sessions are read again.
 */
export function useStartFocusSession(callbacks: ScreenCallbacks<StartedFocusSession, StartFocusInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: async (input: StartFocusInput) => {
      const sentAt = Date.now();
      const started = startedFocusSessionSchema.parse(
        await apiRequest("POST", "/api/focus-sessions", {
          ...input,
          isCompleted: false,
        } satisfies StartFocusSessionInput),
      );
      applyTimer(queryClient, started.timer, clockOffset(started.timer.serverNow, sentAt, Date.now()));
      void queryClient.invalidateQueries({ queryKey: queryKeys.focusSessions });
      return started;
    },
  });
}

export type FocusRun = { taskId: number | null; sessionId: number | null };

/**
 * "Completed" on the focus screen: the task is marked done (PATCH /api/tasks/{id}) and the run's
 * session completed (PATCH /api/focus-sessions/{id}/complete, with the spec's empty JSON body);
 * then everything that follows them is read again, as after any change (the sessions, the tasks,
 * the day's figures).
 */
export function useCompleteFocusRun(callbacks: ScreenCallbacks<void, FocusRun> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: async ({ taskId, sessionId }: FocusRun) => {
      // Online only, like the timer: the task is not marked done while the session cannot be.
      if (navigator.onLine === false) throw new OfflineError();
      if (taskId !== null) await patchTask(queryClient, taskId, { isCompleted: true });
      if (sessionId === null) return;
      await apiRequest("PATCH", `/api/focus-sessions/${sessionId}/complete`, {});
    },
    onSuccess: (...args) => {
      void invalidateTaskData(queryClient);
      return callbacks.onSuccess?.(...args);
    },
  });
}
