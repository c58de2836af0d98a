import type { Answers, AnswerValue, QuestionId } from "../../shared/questions";

/** A change to one task's answers as PATCH /api/tasks/{id}/answers takes it: null clears an answer. */
export type AnswersPatch = Partial<Record<QuestionId, AnswerValue | null>>;

/** docs/product.md#questions-step: choosing the same value again removes the answer; a different value replaces it. */
export function toggleAnswer(current: Answers, questionId: QuestionId, value: AnswerValue): AnswersPatch {
  return { [questionId]: current[questionId] === value ? null : value };
}

/** The answers after a change, as the server's JSON merge patch computes them. */
export function applyAnswersPatch(answers: Answers, patch: AnswersPatch): Answers {
  const next: Record<string, AnswerValue> = { ...answers };
  for (const [id, value] of Object.entries(patch)) {
    if (value === null || value === undefined) delete next[id];
    else next[id] = value;
  }
  return next as Answers;
}
