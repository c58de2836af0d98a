import { type Answers, hasAnyAnswer } from "../../../shared/questions";

/** docs/product.md#questions-step: every task needs at least one answer; the first one without is named in the toast. */
export function firstUnanswered<T extends { id: number }>(
  tasks: readonly T[],
  answersOf: (task: T) => Answers,
): T | undefined {
  return tasks.find((task) => !hasAnyAnswer(answersOf(task)));
}
