import type { TimerState } from "../../shared/schemas/focus";

export const T0 = 1_700_000_000_000;
export const MIN = 60_000;

/** A 25-minute focus run on task 1 started at T0, with any fields changed. */
export function runningTimer(change: Partial<TimerState> = {}): TimerState {
  return {
    status: "running",
    kind: "focus",
    taskId: 1,
    taskTitle: "Write",
    sessionId: 1,
    durationMs: 25 * MIN,
    startedAt: T0,
    pausedAt: null,
    pausedTotalMs: 0,
    finishedAt: null,
    finishReason: null,
    version: 2,
    ...change,
  };
}
