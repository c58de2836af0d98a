import { isTodaysPriority } from "../../../shared/day";
import type { Day } from "../../../shared/schemas/day";
import type { Task } from "../../../shared/schemas/tasks";
import { rankByAnswers } from "../../../shared/scoring";
import { plannableTasks } from "./plan/plan-choices";

type ResultsRanking = {
  /** Open tasks outside the "No" List, best first. */
  ranked: Task[];
  /**
   * While today is not planned and the marks are an earlier day's: that day (the latest), so the
   * results say the ranking is not today's (docs/decisions/141-results-before-the-plan.md). Null
   * otherwise: saved answers alone carry no day, so a ranking by them reads as always.
   */
  earlierDay: string | null;
};

/**
 * The results step's ranking when it is opened from "View Priorities" (docs/product.md#results-step):
 * every open task by its saved answers. Once today is planned, today's three (marked today) lead,
 * also when they were picked by hand or kept from yesterday rather than scored.
 */
export function rankForResults(tasks: readonly Task[], day: Pick<Day, "date" | "planned"> | undefined): ResultsRanking {
  const ranked: Task[] = rankByAnswers(plannableTasks(tasks), (task) => task.answers);
  if (!day) return { ranked, earlierDay: null };
  if (day.planned) {
    const todays = ranked.filter((task) => isTodaysPriority(task, day.date));
    return { ranked: [...todays, ...ranked.filter((task) => !todays.includes(task))], earlierDay: null };
  }
  let from: string | null = null;
  for (const task of tasks) {
    if (task.isPriority && task.priorityDate && task.priorityDate < day.date && (!from || task.priorityDate > from)) {
      from = task.priorityDate;
    }
  }
  return { ranked, earlierDay: from };
}
