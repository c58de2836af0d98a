// The sentence Reset Stats' confirmation adds (the analytics screen): apart from ./loss-text.ts,
// which the first screen carries, so that this one loads with the screen that uses it.
import { countOf } from "./plural";

/** Reset Stats: the statistics go, the tasks stay where they are. */
export function statsResetLossText(
  today: { tasksCompleted: number; totalFocusMinutes: number } | undefined,
  taskCount: number | undefined,
): string {
  const todays = today
    ? `today's statistics (${countOf(today.tasksCompleted, "task", "tasks")} completed, ${countOf(today.totalFocusMinutes, "focus minute", "focus minutes")})`
    : "today's statistics";
  const kept = taskCount === undefined ? "Your tasks stay" : `Your ${countOf(taskCount, "task stays", "tasks stay")}`;
  return `You will lose ${todays} and those of every earlier day. ${kept} in their lists.`;
}
