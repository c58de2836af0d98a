// The sentence a confirmation adds after the spec's own: what will be lost, in numbers, so a
// person knows the cost before pressing the button.
import { countOf } from "./plural";

/**
 * Start Fresh and Clear Tasks: every task and the statistics of every day go. The count agrees with
 * Current Tasks, which lists the tasks not completed; completed ones are named apart
 * (docs/decisions/153-everyday-details.md).
 */
export function clearingLossText(tasks: readonly { isCompleted: boolean }[] | undefined): string {
  if (tasks === undefined)
    return "You will lose all your tasks and today's statistics, with those of every earlier day.";
  const completed = tasks.filter((task) => task.isCompleted).length;
  const current = tasks.length - completed;
  const lost =
    completed === 0
      ? `${countOf(current, "task", "tasks")} and`
      : `${countOf(current, "current task", "current tasks")}, ${countOf(completed, "completed task", "completed tasks")} and`;
  return `You will lose ${lost} today's statistics, with those of every earlier day.`;
}
