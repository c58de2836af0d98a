import { plural, t } from "@lingui/core/macro";
import type { HistoryDay, HistoryTask } from "../../../shared/schemas/day";

/** One day on the Done screen: its figures as its record holds them, and the finished tasks shown. */
export type DoneDay = HistoryDay & {
  /** The tasks shown: those loaded so far that match the search (all loaded ones without a search). */
  tasks: HistoryTask[];
  /**
   * Finishes counted that no row shows: tasks finished by deleting them (docs/product.md#task-rules
   * counts a delete as a completion) or cleared; known once all of the day's rows are loaded, else 0
   * (docs/decisions/247-done-day-counts-its-deleted.md).
   */
  deleted: number;
};

/** The words of a search, lower-cased: "  Quarterly   REPORT " → ["quarterly", "report"]. */
export function searchWords(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

function matches(task: HistoryTask, words: readonly string[]): boolean {
  const text = `${task.title} ${task.description ?? ""}`.toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * The Done screen's days, newest first (docs/product.md#done-screen), from the days' figures and the
 * pages of finished tasks loaded so far:
 * - a day's count is its record's, never the number of rows shown (a search filters the rows, and
 *   the screen says "3 of 7 shown"); a day with more rows loaded than its record counts (finishes
 *   stored before day stamps) says the rows;
 * - while earlier pages remain, days older than the oldest task loaded wait for their page;
 * - a day whose rows are all loaded says how many of its finishes were deleted (no row to show);
 * - with a search, only the tasks holding every word, in title or description, in any order and
 *   case, are shown, and days left without one drop out.
 */
export function doneDays(
  figures: readonly HistoryDay[],
  loaded: readonly HistoryTask[],
  allLoaded: boolean,
  query: string,
): DoneDay[] {
  const words = searchWords(query);
  const days = new Map<string, DoneDay>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, tasksCompleted: 0, focusSessionsCompleted: 0, focusMinutes: 0, tasks: [], deleted: 0 };
      days.set(date, day);
    }
    return day;
  };
  for (const figure of figures) days.set(figure.date, { ...figure, tasks: [], deleted: 0 });
  const rowsOfDay = new Map<string, number>();
  for (const task of loaded) {
    rowsOfDay.set(task.completedDay, (rowsOfDay.get(task.completedDay) ?? 0) + 1);
    const day = dayOf(task.completedDay);
    if (matches(task, words)) day.tasks.push(task);
  }
  for (const [date, rows] of rowsOfDay) {
    const day = dayOf(date);
    day.tasksCompleted = Math.max(day.tasksCompleted, rows);
  }
  const oldestLoaded = loaded.reduce<string | null>(
    (oldest, task) => (oldest === null || task.completedDay < oldest ? task.completedDay : oldest),
    null,
  );
  for (const day of days.values()) {
    // Pages come newest first: a day newer than the oldest row loaded has all its rows here.
    const allRows = allLoaded || (oldestLoaded !== null && day.date > oldestLoaded);
    if (allRows) day.deleted = day.tasksCompleted - (rowsOfDay.get(day.date) ?? 0);
  }
  return [...days.values()]
    .filter((day) => allLoaded || (oldestLoaded !== null && day.date >= oldestLoaded))
    .filter((day) => words.length === 0 || day.tasks.length > 0)
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}

/** A day's line on the Done screen: "7 done, 3 of them deleted · 5 focus minutes". */
export function doneDayLine(day: DoneDay, searching: boolean): string {
  const done = day.tasksCompleted;
  const shownCount = day.tasks.length;
  const deleted = day.deleted;
  const focusMinutes = day.focusMinutes;
  const finished =
    deleted > 0
      ? plural(deleted, { one: `${done} done, # of them deleted`, other: `${done} done, # of them deleted` })
      : plural(done, { one: "# done", other: "# done" });
  const minutes = plural(focusMinutes, { one: "# focus minute", other: "# focus minutes" });
  const parts = [finished, minutes, ...(searching ? [t`${shownCount} of ${done} shown`] : [])];
  return parts.join(" · ");
}
