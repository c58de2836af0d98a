import type { Answers, AnswerValue, QuestionId } from "../../../shared/questions";

/** Answers per task id, as the questions step collects them. */
export type AnswersState = Readonly<Record<number, Answers>>;

export type AnswersAction =
  | { type: "answer"; taskId: number; questionId: QuestionId; value: AnswerValue }
  | { type: "reset" };

/** Spec §4: choosing the same value again removes the answer; a different value replaces it. */
export function answersReducer(state: AnswersState, action: AnswersAction): AnswersState {
  if (action.type === "reset") return {};
  const { taskId, questionId, value } = action;
  const current: Answers = { ...state[taskId] };
  const record = current as Record<QuestionId, AnswerValue | undefined>;
  if (record[questionId] === value) delete record[questionId];
  else record[questionId] = value;
  return { ...state, [taskId]: current };
}
