// The prioritisation questions (docs/product.md#prioritisation-questions-and-answers,
// docs/decisions/002-prioritisation-questions.md). The texts are ours; the ids are the spec's.

export const EFFORT_OPTIONS = ["Small", "Medium", "Large"] as const;
export type Effort = (typeof EFFORT_OPTIONS)[number];

/** Yes/No questions the scorer knows. goal_alignment is scored for API clients but not asked on screen. */
export const YES_NO_IDS = ["urgent", "important", "goal_alignment", "dependency", "relief", "resources"] as const;
export type YesNoId = (typeof YES_NO_IDS)[number];
export type QuestionId = YesNoId | "effort";

/** One task's answers: true/false for the Yes/No questions, an option for effort. */
export type Answers = Partial<Record<YesNoId, boolean>> & { effort?: Effort };
export type AnswerValue = boolean | Effort;

export type Question =
  | { id: Exclude<YesNoId, "goal_alignment">; text: string; description: string; kind: "yes-no" }
  | { id: "effort"; text: string; description: string; kind: "options"; options: readonly Effort[] };

/** The six questions shown for every task, in the spec's order of ids. */
export const QUESTIONS: readonly Question[] = [
  {
    id: "urgent",
    kind: "yes-no",
    text: "Is it urgent?",
    description: "It has a deadline today, or waiting will cause trouble.",
  },
  {
    id: "important",
    kind: "yes-no",
    text: "Is it important?",
    description: "It matters for your goals, your health or the people who count on you.",
  },
  {
    id: "dependency",
    kind: "yes-no",
    text: "Is something waiting on it?",
    description: "Finishing it unblocks other tasks or other people.",
  },
  {
    id: "relief",
    kind: "yes-no",
    text: "Will it bring relief?",
    description: "Getting it done takes a weight off your mind or shows clear progress.",
  },
  {
    id: "effort",
    kind: "options",
    options: EFFORT_OPTIONS,
    text: "How much effort will it take?",
    description: "When everything else is equal, smaller tasks come first.",
  },
  {
    id: "resources",
    kind: "yes-no",
    text: "Can you start right now?",
    description: "You have the information, tools and people you need.",
  },
];

export function hasAnyAnswer(answers: Answers | undefined): boolean {
  return answers !== undefined && Object.values(answers).some((value) => value !== undefined);
}
