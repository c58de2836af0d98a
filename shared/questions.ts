// The prioritisation questions (docs/product.md#prioritisation-questions-and-answers,
// docs/decisions/002-prioritisation-questions.md). The texts are ours (./question-texts.ts); the ids are the spec's.
// No macro here: the Worker reads these ids and answers without the web app's message transform.

export const EFFORT_OPTIONS = ["Small", "Medium", "Large"] as const;
export type Effort = (typeof EFFORT_OPTIONS)[number];

/** Yes/No questions the scorer knows. goal_alignment is scored for API clients but not asked on screen. */
export const YES_NO_IDS = ["urgent", "important", "goal_alignment", "dependency", "relief", "resources"] as const;
export type YesNoId = (typeof YES_NO_IDS)[number];
export type QuestionId = YesNoId | "effort";

/** One task's answers: true/false for the Yes/No questions, an option for effort. */
export type Answers = Partial<Record<YesNoId, boolean>> & { effort?: Effort };
export type AnswerValue = boolean | Effort;

export function hasAnyAnswer(answers: Answers | undefined): boolean {
  return answers !== undefined && Object.values(answers).some((value) => value !== undefined);
}
