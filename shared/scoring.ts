// Priority scoring (docs/product.md#priority-scoring,
// docs/decisions/002-prioritisation-questions.md,
// docs/decisions/003-priority-tasks-description.md): one rule, used by the server when it saves
// priorities and by the screen when it shows why a task ranks where it does.
import { TOP_PRIORITY_COUNT } from "./constants";
import type { Answers } from "./questions";

type Rule = {
  matches: (answers: Answers) => boolean;
  score: number;
  reason: string;
  /** The reason when the answers would contradict `reason` (docs/decisions/151-reasons-follow-answers.md). */
  reasonFor?: (answers: Answers) => string;
};

/** The rows of the table in docs/product.md#priority-scoring, in the table's order (which is also the order of the reasons). */
export const SCORING_RULES: readonly Rule[] = [
  { matches: (a) => a.urgent === true, score: 5, reason: "Urgent" },
  { matches: (a) => a.important === true, score: 4, reason: "Important" },
  { matches: (a) => a.goal_alignment === true, score: 3, reason: "Aligned with goals" },
  { matches: (a) => a.dependency === true, score: 4, reason: "Unblocks other tasks" },
  { matches: (a) => a.effort === "Small", score: 3, reason: "Small effort" },
  { matches: (a) => a.effort === "Medium", score: 2, reason: "Medium effort" },
  {
    matches: (a) => a.effort === "Large",
    score: 1,
    reason: "Large effort but important",
    // "but important" only for a task answered Important: Yes; otherwise the reason says no more than the answer.
    reasonFor: (a) => (a.important === true ? "Large effort but important" : "Large effort"),
  },
  { matches: (a) => a.relief === true, score: 2, reason: "Provides relief/progress" },
  { matches: (a) => a.resources === true, score: 2, reason: "Resources available now" },
];

export type Score = { score: number; reasons: string[] };

export function scoreAnswers(answers: Answers): Score {
  let score = 0;
  const reasons: string[] = [];
  for (const rule of SCORING_RULES) {
    if (!rule.matches(answers)) continue;
    score += rule.score;
    reasons.push(rule.reasonFor?.(answers) ?? rule.reason);
  }
  return { score, reasons };
}

/** The description a top task gets: the reasons joined with ", " (null when no answer scored). */
export function priorityDescription(answers: Answers): string | null {
  return descriptionOf(scoreAnswers(answers).reasons);
}

function descriptionOf(reasons: readonly string[]): string | null {
  return reasons.length > 0 ? reasons.join(", ") : null;
}

export type Ranked<T> = T & Score & { isTop: boolean; description: string | null };

/**
 * Sorts by score, highest first; ties keep their input order. The first TOP_PRIORITY_COUNT are
 * the top-priority tasks.
 */
export function rankByAnswers<T>(items: readonly T[], answersOf: (item: T) => Answers): Ranked<T>[] {
  return items
    .map((item, index) => ({ item, index, ...scoreAnswers(answersOf(item)) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item, score, reasons }, position) => ({
      ...item,
      score,
      reasons,
      isTop: position < TOP_PRIORITY_COUNT,
      description: descriptionOf(reasons),
    }));
}
