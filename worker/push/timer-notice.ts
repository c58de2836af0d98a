import { FOCUS_TIMER_PATH } from "../../shared/constants";
import type { PushMessageBody } from "../../shared/schemas/push";
import type { TimerState } from "../../shared/schemas/timer-state";

/**
 * The push for a run whose time ran out: "Focus session complete" with the task's title, or
 * "Break over". The tag is the run's start instant, the same one the page's own notice uses, so
 * the browser shows one notification per run however many arrive.
 */
export function timerFinishedMessage(state: TimerState): PushMessageBody {
  const isBreak = state.kind === "break";
  return {
    type: "timer-finished",
    title: isBreak ? "Break over" : "Focus session complete",
    body: isBreak
      ? "Your break is over. Ready for the next one thing?"
      : (state.taskTitle ?? "Your focus session is done."),
    tag: `onething-${state.startedAt ?? 0}`,
    url: FOCUS_TIMER_PATH,
  };
}
