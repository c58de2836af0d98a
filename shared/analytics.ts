// Pure analytics logic shared by the worker and the web app: local dates and hours, date ranges,
// zero records and the productivity score of docs/product.md#productivity-score.
import { DEFAULT_CATEGORY, hasRemovedMarker } from "./constants";
import { addDays, datesBetween, wallClock } from "./day";
import type { AnalyticsRecord, CategoryBreakdown } from "./schemas/analytics";

export const HOURS_IN_DAY = 24;

export const zeroBreakdown = (): CategoryBreakdown => ({ urgent: 0, later: 0, delegate: 0, no_list: 0 });
/**
 * The open tasks per list, as the day's record counts them
 * (docs/decisions/006-how-analytics-counters-move.md): not completed, not hidden by "[REMOVED]", no
 * category counting as later.
 */
export function openTasksByList(
  tasks: readonly { title: string; category: keyof CategoryBreakdown | null; isCompleted: boolean }[],
): CategoryBreakdown {
  const breakdown = zeroBreakdown();
  for (const task of tasks) {
    if (task.isCompleted || hasRemovedMarker(task.title)) continue;
    breakdown[task.category ?? DEFAULT_CATEGORY] += 1;
  }
  return breakdown;
}

export const zeroHourly = (): number[] => Array.from({ length: HOURS_IN_DAY }, () => 0);

/** A day with no activity: what the API answers for a date that has no stored record. */
export function zeroRecord(userId: string, date: string, categoryBreakdown = zeroBreakdown()): AnalyticsRecord {
  return {
    id: null,
    userId,
    date,
    totalTasksCreated: 0,
    tasksCompleted: 0,
    priorityTasksCompleted: 0,
    carriedTasksCompleted: 0,
    focusSessionsCompleted: 0,
    totalFocusMinutes: 0,
    mostProductiveHour: null,
    categoryBreakdown,
    hourlyActivity: zeroHourly(),
  };
}

/** The calendar date (YYYY-MM-DD) and hour (0–23) that `instant` has on a wall clock in `timeZone`. */
export function localDateAndHour(instant: Date, timeZone: string): { date: string; hour: number } {
  const { date, hour } = wallClock(instant, timeZone);
  return { date, hour };
}

/** Today's calendar date in `timeZone` (the person's day is dayOf in shared/day.ts). */
export function localDate(instant: Date, timeZone: string): string {
  return localDateAndHour(instant, timeZone).date;
}

// Date arithmetic lives with the day (shared/day.ts); analytics callers import it from here too.
export { addDays, datesBetween };

export type AnalyticsPeriod = "day" | "week";

/** docs/product.md#analytics-screen: the Day range is today; the Week range is the last 7 days, today included. */
export function periodRange(period: AnalyticsPeriod, today: string): { startDate: string; endDate: string } {
  return { startDate: period === "week" ? addDays(today, -6) : today, endDate: today };
}

/**
 * docs/product.md#productivity-score: completed / created (created defaulting to 1) × 50, plus focus minutes / 120 × 50 capped
 * at 50, rounded; 0 with no data. Completions count up to the number created that day plus the
 * carried tasks finished that day (docs/decisions/190-carried-finishes-count-in-the-score.md): a
 * task made before a reset, or deleted today, adds nothing to the completion half, so a day with
 * nothing created and one deletion scores 0, not 50, and the score stays out of 100
 * (docs/decisions/148-analytics-figures-agree.md); finishing yesterday's task counts.
 */
export function productivityScore(
  record:
    | Pick<AnalyticsRecord, "tasksCompleted" | "totalTasksCreated" | "totalFocusMinutes" | "carriedTasksCompleted">
    | null
    | undefined,
): number {
  if (!record) return 0;
  const created = Math.max(0, record.totalTasksCreated) + Math.max(0, record.carriedTasksCompleted ?? 0);
  const completed = Math.min(Math.max(0, record.tasksCompleted), created);
  const focus = Math.max(0, record.totalFocusMinutes);
  const completion = (completed / (created || 1)) * 50;
  const focusPart = Math.min((focus / 120) * 50, 50);
  return Math.round(completion + focusPart);
}

/**
 * How many of the day's completions count in neither half of the score's completion part: not
 * created that day and not a carried task's finish (deletions, tasks made before a reset); 0 when none.
 */
export function completedFromEarlier(
  record: Pick<AnalyticsRecord, "tasksCompleted" | "totalTasksCreated" | "carriedTasksCompleted">,
): number {
  const counted = Math.max(0, record.totalTasksCreated) + Math.max(0, record.carriedTasksCompleted ?? 0);
  return Math.max(0, record.tasksCompleted - counted);
}

/** The hour with the most activity (ties → earliest), or null with none; same rule as the server. */
export function busiestHour(hourly: readonly number[]): number | null {
  let best: number | null = null;
  hourly.forEach((value, hour) => {
    if (value > 0 && (best === null || value > (hourly[best] ?? 0))) best = hour;
  });
  return best;
}

/** Element-wise sum of several days' hourly activity. */
export function sumHourly(days: readonly { hourlyActivity: readonly number[] }[]): number[] {
  const total = zeroHourly();
  for (const day of days) {
    day.hourlyActivity.forEach((value, hour) => {
      if (hour < HOURS_IN_DAY) total[hour] = (total[hour] ?? 0) + value;
    });
  }
  return total;
}
