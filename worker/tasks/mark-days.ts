import type { CreateTaskInput, PatchTaskInput } from "../../shared/schemas/tasks";

/**
 * The days of a task's marks after a create or an edit (docs/product.md#the-day): a priority mark
 * or a move onto the "No" list set now is today's; taking one away takes its day too. A field the
 * change leaves alone keeps its day.
 */
export function markDays(
  change: Pick<CreateTaskInput & PatchTaskInput, "isPriority" | "category" | "priorityDate">,
  today: string,
): { priorityDate?: string | null; noListDate?: string | null } {
  const days: { priorityDate?: string | null; noListDate?: string | null } = {};
  // A star put back on its earlier day keeps that day (docs/decisions/332-move-to-later-is-written.md).
  const starDay = change.priorityDate !== undefined && change.priorityDate < today ? change.priorityDate : today;
  if (change.isPriority !== undefined) days.priorityDate = change.isPriority ? starDay : null;
  if (change.category !== undefined) days.noListDate = change.category === "no_list" ? today : null;
  return days;
}
