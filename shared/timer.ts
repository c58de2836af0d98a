// Pure timer math shared by the UserHub and the focus screen. Every figure derives from stored
// instants (start, pauses, duration) and a "now", never from counting ticks, so a reload, a
// sleeping laptop or a second device all compute the same remaining time.
import type { TimerState } from "./schemas/focus";

/** The part of the state the math needs. */
export type TimerClock = Pick<
  TimerState,
  "status" | "durationMs" | "startedAt" | "pausedAt" | "pausedTotalMs" | "finishedAt"
>;

/** docs/product.md#other-constants: a zap below 33 %, a star from 33 to below 66, a trophy at 66 or above. */
export const ICON_THRESHOLDS = { star: 33, trophy: 66 } as const;
export type ProgressIcon = "zap" | "star" | "trophy";

/** The instant a running or paused run ends if nothing changes, or null when none is under way. */
export function endInstant(timer: TimerClock): number | null {
  if ((timer.status !== "running" && timer.status !== "paused") || timer.startedAt === null) return null;
  return timer.startedAt + timer.pausedTotalMs + timer.durationMs;
}

/**
 * Milliseconds of the run spent focusing (pauses excluded), between 0 and the duration. A paused
 * run is frozen at its pause instant, a finished one at the instant it finished.
 */
export function elapsedMs(timer: TimerClock, now: number): number {
  if (timer.status === "idle" || timer.startedAt === null) return 0;
  let until = now;
  if (timer.status === "paused" && timer.pausedAt !== null) until = timer.pausedAt;
  if (timer.status === "finished") until = timer.finishedAt ?? timer.startedAt + timer.pausedTotalMs + timer.durationMs;
  return clamp(until - timer.startedAt - timer.pausedTotalMs, 0, timer.durationMs);
}

/** Milliseconds left: the full duration when idle, nothing once finished (even if ended early). */
export function remainingMs(timer: TimerClock, now: number): number {
  if (timer.status === "idle") return timer.durationMs;
  if (timer.status === "finished") return 0;
  return timer.durationMs - elapsedMs(timer, now);
}

/** Share of the run done, 0–100. */
export function progressPercent(timer: TimerClock, now: number): number {
  if (timer.durationMs <= 0) return 0;
  return (elapsedMs(timer, now) / timer.durationMs) * 100;
}

export function progressIcon(percent: number): ProgressIcon {
  if (percent >= ICON_THRESHOLDS.trophy) return "trophy";
  if (percent >= ICON_THRESHOLDS.star) return "star";
  return "zap";
}

/** True once a running run has reached its end instant (the server's alarm is then due). */
export function isDue(timer: TimerClock, now: number): boolean {
  const end = endInstant(timer);
  return timer.status === "running" && end !== null && now >= end;
}

/**
 * MM:SS, zero padded (docs/product.md#active-phase). Seconds round up, so a fresh 25-minute run reads 25:00 and the
 * display reaches 00:00 exactly at the end instant.
 */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** Whole minutes actually focused, as analytics counts them (docs/decisions/006-how-analytics-counters-move.md: rounded). */
export function focusedMinutes(focusedMs: number): number {
  return Math.round(focusedMs / 60_000);
}

/**
 * How far the server's clock is ahead of ours, from an answer stamped `serverNow` that was asked
 * at `sentAt` and arrived at `receivedAt` (local clock). The midpoint assumes a symmetric trip.
 */
export function clockOffset(serverNow: number, sentAt: number, receivedAt: number = sentAt): number {
  return serverNow - (sentAt + receivedAt) / 2;
}

/** The server's "now" seen from this device: local time corrected by the offset. */
export function serverTime(localNow: number, offsetMs: number): number {
  return localNow + offsetMs;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
