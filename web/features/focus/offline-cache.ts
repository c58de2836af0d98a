import type { TimerState } from "../../../shared/schemas/focus";
import type { TimerView } from "../../api/timer-cache";

/**
 * The localStorage keys of docs/product.md#browser-storage, kept as an offline cache of the
 * server's timer (docs/decisions/010-server-owns-timer.md): timer_start = when the run would have
 * started without its pauses (this device's clock, ms), timer_duration = its length in seconds,
 * timer_paused_at = when it was paused (ms), if paused.
 */
export const TIMER_KEYS = { start: "timer_start", duration: "timer_duration", pausedAt: "timer_paused_at" } as const;

type TimerKey = (typeof TIMER_KEYS)[keyof typeof TIMER_KEYS];
/** What the keys should hold: a number to store, or null to remove the key. */
export type TimerCacheValues = Record<TimerKey, number | null>;

const NOTHING: TimerCacheValues = { timer_start: null, timer_duration: null, timer_paused_at: null };

/** Mirrors the server's state on this device's clock: a run under way is stored, anything else clears the keys. */
export function timerCacheValues({ state, offsetMs }: TimerView): TimerCacheValues {
  if ((state.status !== "running" && state.status !== "paused") || state.startedAt === null) return NOTHING;
  return {
    timer_start: Math.round(state.startedAt + state.pausedTotalMs - offsetMs),
    timer_duration: Math.round(state.durationMs / 1000),
    timer_paused_at:
      state.status === "paused" && state.pausedAt !== null ? Math.round(state.pausedAt - offsetMs) : null,
  };
}

/**
 * docs/product.md#the-timer "on load": a stored running timer resumes if time remains, stays paused if a paused
 * time is stored, and is discarded ("expired") if its time is up. Null when nothing usable is stored.
 */
export function timerFromCache(stored: Record<TimerKey, string | null>, now: number): TimerView | "expired" | null {
  const start = Number(stored.timer_start);
  const seconds = Number(stored.timer_duration);
  if (!start || !seconds) return null;
  const pausedAt = stored.timer_paused_at ? Number(stored.timer_paused_at) : null;
  if (pausedAt !== null && !Number.isFinite(pausedAt)) return null;
  const durationMs = seconds * 1000;
  if (pausedAt === null && start + durationMs <= now) return "expired";
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
}

export function saveTimerCache(view: TimerView): void {
  try {
    for (const [key, value] of Object.entries(timerCacheValues(view))) {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, String(value));
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

/** The run cached on this device, used only when the server cannot be reached; an expired one is removed. */
export function readTimerCache(now = Date.now()): TimerView | null {
  try {
    const found = timerFromCache(
      {
        timer_start: localStorage.getItem(TIMER_KEYS.start),
        timer_duration: localStorage.getItem(TIMER_KEYS.duration),
        timer_paused_at: localStorage.getItem(TIMER_KEYS.pausedAt),
      },
      now,
    );
    if (found !== "expired") return found;
    clearTimerCache();
    return null;
  } catch {
    return null;
  }
}
