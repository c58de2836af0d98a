import { hasAnyAnswer } from "../../../shared/questions";
import type { AnswersState } from "./answers-reducer";

// Apart from answers-reducer.ts: the questions step needs this (and the questions), the input step
// on the first screen only the reducer.

/** Spec §5: every task needs at least one answer; the first one without is named in the toast. */
export function firstUnanswered<T extends { id: number }>(tasks: readonly T[], answers: AnswersState): T | undefined {
  return tasks.find((task) => !hasAnyAnswer(answers[task.id]));
}
