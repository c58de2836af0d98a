import { i18n } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import type { TimerState } from "../../../shared/schemas/focus";
import { focusedDurationText, focusedMsOf } from "./end-summary";

/** What a break's end says, in the notification and on the screen. */
export const BREAK_OVER = {
  title: msg`Break over`,
  body: msg`Your break is over. Ready for the next one thing?`,
} as const;

// The rules behind what the focus screen announces and how it marks the end of a run, kept apart
// from the hooks that run them so they can be checked without a browser.

const minutesText = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  return plural(minutes, { one: "# minute", other: "# minutes" });
};

/** A change the screen saw: the older state and the newer one (by the hub's version). */
function isNewer(before: TimerState | undefined, state: TimerState | undefined): before is TimerState {
  return !!state && !!before && before.version < state.version;
}

/**
 * What screen readers hear when the timer changes state (start, pause, resume, end), or null when
 * the change says nothing new.
 */
export function transitionAnnouncement(before: TimerState | undefined, state: TimerState | undefined): string | null {
  if (!state || !isNewer(before, state)) return null;
  const isBreak = state.kind === "break";
  if (state.status === "running" && (before.status === "idle" || before.status === "finished")) {
    const duration = minutesText(state.durationMs);
    return isBreak ? t`Break started: ${duration}.` : t`Focus session started: ${duration}.`;
  }
  if (state.status === "paused" && before.status === "running")
    return isBreak ? t`Break paused.` : t`Focus session paused.`;
  if (state.status === "running" && before.status === "paused")
    return isBreak ? t`Break resumed.` : t`Focus session resumed.`;
  if (state.status === "finished" && before.status !== "finished") {
    if (isBreak) return t`Break over.`;
    const focused = focusedDurationText(focusedMsOf(state));
    return state.finishReason === "ended"
      ? t`Focus session ended early, after ${focused} of focus.`
      : t`Focus session complete. Great job!`;
  }
  return null;
}

/** Whole minutes left, rounded up: what the clock's minutes will read within the next minute. */
export function minutesLeft(remainingMs: number): number {
  return Math.ceil(remainingMs / 60_000);
}

/**
 * A countdown milestone: when the minutes left drop to a multiple of five or to the last minute.
 * `previous` is the minutes left at the last check (null at the first check, which never speaks).
 */
export function minuteMilestone(previous: number | null, minutes: number): string | null {
  if (previous === null || minutes >= previous || minutes <= 0) return null;
  if (minutes === 1 || minutes % 5 === 0)
    return plural(minutes, { one: "# minute remaining.", other: "# minutes remaining." });
  return null;
}

export type EndOfRun = {
  /**
   * Confetti for a focus session this screen saw running out; not for one ended early, nor for a
   * break (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md).
   */
  confetti: boolean;
  /** A chime and a browser notification, only for a run that ran out: the person may be away. */
  alert: { runId: string; title: string; body: string; tag: string } | null;
};

/** How the screen marks a run it saw finishing, or null when the change is not such an end. */
export function endOfRun(
  before: TimerState | undefined,
  state: TimerState | undefined,
  taskTitle: string,
): EndOfRun | null {
  if (!state || !isNewer(before, state)) return null;
  if (state.status !== "finished" || (before.status !== "running" && before.status !== "paused")) return null;
  const isBreak = state.kind === "break";
  if (state.finishReason !== "elapsed") return { confetti: false, alert: null };
  return {
    confetti: !isBreak,
    alert: {
      runId: String(state.startedAt),
      title: isBreak ? i18n._(BREAK_OVER.title) : t`Great job!`,
      body: isBreak ? i18n._(BREAK_OVER.body) : t`You've completed your focus session on: ${taskTitle}`,
      tag: `onething-${state.startedAt}`,
    },
  };
}
