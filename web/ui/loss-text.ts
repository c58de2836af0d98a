// The sentence a confirmation adds after the spec's own: what will be lost, in numbers, so a
// person knows the cost before pressing the button.
import { plural, t } from "@lingui/core/macro";

/**
 * Start Fresh and Clear Tasks: every task and the statistics of every day go. The count agrees with
 * Current Tasks, which lists the tasks not completed; completed ones are named apart
 * (docs/decisions/153-everyday-details.md).
 */
export function clearingLossText(tasks: readonly { isCompleted: boolean }[] | undefined): string {
  if (tasks === undefined)
    return t`You will lose all your tasks and today's statistics, with those of every earlier day.`;
  const completed = tasks.filter((task) => task.isCompleted).length;
  const current = tasks.length - completed;
  if (completed === 0)
    return plural(current, {
      one: "You will lose # task and today's statistics, with those of every earlier day.",
      other: "You will lose # tasks and today's statistics, with those of every earlier day.",
    });
  const completedTasks = plural(completed, { one: "# completed task", other: "# completed tasks" });
  return plural(current, {
    one: `You will lose # current task, ${completedTasks} and today's statistics, with those of every earlier day.`,
    other: `You will lose # current tasks, ${completedTasks} and today's statistics, with those of every earlier day.`,
  });
}
