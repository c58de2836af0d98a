// The sentence Reset Stats' confirmation adds (the analytics screen): apart from ./loss-text.ts,
// which the first screen carries, so that this one loads with the screen that uses it.
import { plural, t } from "@lingui/core/macro";

/** Reset Stats: the statistics go, the tasks stay where they are. */
export function statsResetLossText(
  today: { tasksCompleted: number; totalFocusMinutes: number } | undefined,
  taskCount: number | undefined,
): string {
  return `${lostWords(today)} ${keptWords(taskCount)}`;
}

function lostWords(today: { tasksCompleted: number; totalFocusMinutes: number } | undefined): string {
  if (!today) return t`You will lose today's statistics and those of every earlier day.`;
  const { tasksCompleted, totalFocusMinutes } = today;
  const minutes = plural(totalFocusMinutes, { one: "# focus minute", other: "# focus minutes" });
  return plural(tasksCompleted, {
    one: `You will lose today's statistics (# task completed, ${minutes}) and those of every earlier day.`,
    other: `You will lose today's statistics (# tasks completed, ${minutes}) and those of every earlier day.`,
  });
}

function keptWords(taskCount: number | undefined): string {
  if (taskCount === undefined) return t`Your tasks stay in their lists.`;
  return plural(taskCount, { one: "Your # task stays in their lists.", other: "Your # tasks stay in their lists." });
}
