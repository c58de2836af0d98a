import { addDays } from "../../../shared/day";
import type { HistoryDay } from "../../../shared/schemas/day";

/**
 * The longest range one GET /api/history may ask for (MAX_HISTORY_RANGE_DAYS of its schema, which a
 * unit test holds it to): written here so the schema's zod stays off this screen
 * (docs/decisions/120-signed-first-screen-carries-waits.md).
 */
export const HISTORY_WINDOW_DAYS = 92;

/** The words of a search, lower-cased: "  Quarterly   REPORT " → ["quarterly", "report"]. */
export function searchWords(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The days with the finished tasks whose title or description holds every word of the search, in
 * any order (docs/product.md#done-screen). Days left without a match drop out; an empty search
 * keeps every day as it is.
 */
export function searchHistory(days: readonly HistoryDay[], query: string): HistoryDay[] {
  const words = searchWords(query);
  if (words.length === 0) return [...days];
  return days.flatMap((day) => {
    const tasks = day.tasks.filter((task) => {
      const text = `${task.title} ${task.description ?? ""}`.toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
    return tasks.length > 0 ? [{ ...day, tasks }] : [];
  });
}

/**
 * The history's ranges, newest first: `count` back-to-back windows of the longest range one call may
 * ask for, the first ending today.
 */
export function historyRanges(today: string, count: number): { from: string; to: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const to = addDays(today, -HISTORY_WINDOW_DAYS * index);
    return { from: addDays(to, -(HISTORY_WINDOW_DAYS - 1)), to };
  });
}
