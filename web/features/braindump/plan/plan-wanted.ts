import type { Day } from "../../../../shared/schemas/day";

// Apart from plan-choices.ts: this is the one piece of the plan step the first screen runs.

/**
 * Whether the plan step leads the priority picker: today is not planned and there is something to
 * plan from (an earlier day with activity, carried tasks, earlier marks). A person's very first day
 * starts at the braindump (docs/decisions/140-plan-step.md).
 */
export function planWanted(day: Day | undefined): day is Day {
  if (!day || day.planned || day.skipped) return false;
  return (
    day.previous !== null ||
    day.carriedOver.length > 0 ||
    day.previousPriorityTaskIds.length > 0 ||
    day.previousNoListTaskIds.length > 0
  );
}
