import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { FOCUS_TIMER_PATH } from "../../shared/constants";
import type { PushMessageBody } from "../../shared/schemas/push";
import type { TimerState } from "../../shared/schemas/timer-state";

/**
 * The push for a run whose time ran out: "Focus session complete" with the task's title, or
 * "Break over", in the person's language (docs/decisions/397-the-server-speaks-the-person-s-language.md).
 * The tag is the run's start instant, the same one the page's own notice uses, so the browser shows
 * one notification per run however many arrive.
 */
export function timerFinishedMessage(state: TimerState, words: I18n): PushMessageBody {
  const isBreak = state.kind === "break";
  return {
    type: "timer-finished",
    title: isBreak ? words._(msg`Break over`) : words._(msg`Focus session complete`),
    body: isBreak
      ? words._(msg`Your break is over. Ready for the next one thing?`)
      : (state.taskTitle ?? words._(msg`Your focus session is done.`)),
    tag: `onething-${state.startedAt ?? 0}`,
    url: FOCUS_TIMER_PATH,
  };
}
