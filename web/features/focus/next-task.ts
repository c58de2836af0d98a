import type { Task } from "../../../shared/schemas/tasks";
import { rankByAnswers } from "../../../shared/scoring";
import { selectableTasks } from "./selectable-tasks";

/**
 * "Next Task" and a break's end preselect the task to do next: the best-ranked open priority task
 * other than the one just worked on, else the best-ranked other open task (ranked by the saved
 * answers, docs/decisions/019-organizing-uses-answers-celebrations-finishing.md), else none.
 */
export function nextPriorityTask(tasks: readonly Task[], justDoneId: number | null): number | null {
  const others = selectableTasks(tasks).filter((task) => task.id !== justDoneId);
  const ranked = rankByAnswers(others, (task) => task.answers);
  return (ranked.find((task) => task.isPriority) ?? ranked[0])?.id ?? null;
}
