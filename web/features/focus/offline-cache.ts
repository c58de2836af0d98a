import type { TimerState } from "../../../shared/schemas/focus";
import type { TimerView } from "../../api/timer";

/**
 * The localStorage keys of spec §3, kept as an offline cache of the server's timer (DECISIONS 10):
 * timer_start = when the run would have started without its pauses (this device's clock, ms),
 * timer_duration = its length in seconds, timer_paused_at = when it was paused (ms), if paused.
 */
export const TIMER_KEYS = { start: "timer_start", duration: "timer_duration", pausedAt: "timer_paused_at" } as const;

function write(key: string, value: number | null) {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, String(Math.round(value)));
}

/** Mirrors the server's state: a run under way is stored, anything else clears the keys. */
export function saveTimerCache(view: TimerView): void {
  const { state, offsetMs } = view;
  try {
    if ((state.status === "running" || state.status === "paused") && state.startedAt !== null) {
      write(TIMER_KEYS.start, state.startedAt + state.pausedTotalMs - offsetMs);
      write(TIMER_KEYS.duration, state.durationMs / 1000);
      write(
        TIMER_KEYS.pausedAt,
        state.status === "paused" && state.pausedAt !== null ? state.pausedAt - offsetMs : null,
      );
    } else {
      clearTimerCache();
    }
  } catch {
    // Storage full or blocked: the server still has the timer.
  }
}

export function clearTimerCache(): void {
  try {
    for (const key of Object.values(TIMER_KEYS)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Spec §4 "on load": a stored running timer resumes if time remains, stays paused if a paused
 * time is stored, and is discarded if expired. Used only when the server cannot be reached.
 */
export function readTimerCache(now = Date.now()): TimerView | null {
  try {
    const start = Number(localStorage.getItem(TIMER_KEYS.start));
    const seconds = Number(localStorage.getItem(TIMER_KEYS.duration));
    const pausedRaw = localStorage.getItem(TIMER_KEYS.pausedAt);
    if (!start || !seconds) return null;
    const pausedAt = pausedRaw ? Number(pausedRaw) : null;
    const durationMs = seconds * 1000;
    if (pausedAt === null && start + durationMs <= now) {
      clearTimerCache();
      return null;
    }
    const state: TimerState = {
      status: pausedAt === null ? "running" : "paused",
      kind: "focus",
      taskId: null,
      taskTitle: null,
      sessionId: null,
      durationMs,
      startedAt: start,
      pausedAt,
      pausedTotalMs: 0,
      finishedAt: null,
      finishReason: null,
      // Anything the server says replaces this.
      version: -1,
    };
    return { state, serverNow: now, offsetMs: 0 };
  } catch {
    return null;
  }
}
