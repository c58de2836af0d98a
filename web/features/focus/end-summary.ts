import { plural, t } from "@lingui/core/macro";
import type { TimerState } from "../../../shared/schemas/focus";
import { elapsedMs } from "../../../shared/timer";

/**
 * What the complete phase says about how a focus run ended (docs/product.md#complete-phase): a run that
 * ran out keeps the brief's "Great job!" texts; one ended early says how long was focused
 * (docs/decisions/149-ending-early-and-breaks.md).
 */
type EndSummary = { heading: string; lead: string; endedEarly: boolean; note?: string };

const ranOut = (): EndSummary => ({
  heading: t`Great job!`,
  lead: t`You've completed your focus session on:`,
  endedEarly: false,
});

/** "9 seconds", "1 minute", "12 minutes and 5 seconds": the time focused, as a person says it. */
export function focusedDurationText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return plural(seconds, { one: "# second", other: "# seconds" });
  if (seconds === 0) return plural(minutes, { one: "# minute", other: "# minutes" });
  return t`${plural(minutes, { one: "# minute", other: "# minutes" })} and ${plural(seconds, { one: "# second", other: "# seconds" })}`;
}

/** Less than this is not counted in analytics (its minutes round to 0: docs/decisions/148-analytics-figures-agree.md). */
const COUNTED_FROM_MS = 30_000;

/** How long a finished run was focused, pauses left out. */
export const focusedMsOf = (state: TimerState) => elapsedMs(state, state.finishedAt ?? 0);

export function endSummary(state: TimerState): EndSummary {
  if (state.finishReason !== "ended") return ranOut();
  const focusedMs = focusedMsOf(state);
  const focused = focusedDurationText(focusedMs);
  const planned = focusedDurationText(state.durationMs);
  return {
    heading: t`Session ended early`,
    lead: t`You focused for ${focused} of ${planned} on:`,
    endedEarly: true,
    ...(focusedMs < COUNTED_FROM_MS ? { note: t`Under half a minute is not counted in your analytics.` } : {}),
  };
}
