import { and, desc, eq, gte, lt, lte } from "drizzle-orm";
import { addDays, dayOf } from "../../shared/day";
import type { History, HistoryDay } from "../../shared/schemas/day";
import type { Db } from "../db/client";
import { dailyAnalytics, tasks } from "../db/schema";
import { isVisible, type TaskRow, toTask } from "../tasks/task-rows";
import type { DayOwner } from "./today";

const HOUR_MS = 3_600_000;

/**
 * GET /api/history's rows, with only the user id known (they go out with the session check): the
 * tasks completed from a little before `from` to a little after `to` (a day's start lies within
 * −14 h and +24 h of its UTC midnight, whatever the zone and start hour: cut exactly in historyOf),
 * and the days' focus figures.
 */
export function historyQueries(db: Db, userId: string, from: string, to: string) {
  const earliest = new Date(Date.parse(`${from}T00:00:00Z`) - 15 * HOUR_MS);
  const latest = new Date(Date.parse(`${addDays(to, 2)}T00:00:00Z`));
  return [
    db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          eq(tasks.isCompleted, true),
          isVisible(),
          gte(tasks.completedAt, earliest),
          lt(tasks.completedAt, latest),
        ),
      )
      .orderBy(desc(tasks.completedAt), desc(tasks.id)),
    db
      .select({
        date: dailyAnalytics.date,
        focusSessionsCompleted: dailyAnalytics.focusSessionsCompleted,
        focusMinutes: dailyAnalytics.totalFocusMinutes,
      })
      .from(dailyAnalytics)
      .where(and(eq(dailyAnalytics.userId, userId), gte(dailyAnalytics.date, from), lte(dailyAnalytics.date, to))),
  ] as const;
}

/**
 * The days from `from` to `to` with anything done, newest first (docs/product.md#done-history,
 * docs/decisions/136-history-days.md):
 * the tasks completed that day of the person (latest first) and the focus sessions and minutes.
 */
export function historyOf(
  owner: DayOwner,
  from: string,
  to: string,
  [completed, focus]: readonly [TaskRow[], { date: string; focusSessionsCompleted: number; focusMinutes: number }[]],
): History {
  const days = new Map<string, HistoryDay>();
  const dayEntry = (date: string) => {
    let entry = days.get(date);
    if (!entry) {
      entry = { date, tasks: [], focusSessionsCompleted: 0, focusMinutes: 0 };
      days.set(date, entry);
    }
    return entry;
  };
  for (const task of completed) {
    if (!task.completedAt) continue;
    const date = dayOf(task.completedAt, owner.timeZone, owner.dayStartHour);
    if (date >= from && date <= to) dayEntry(date).tasks.push(toTask(task));
  }
  for (const row of focus) {
    if (row.focusSessionsCompleted === 0 && row.focusMinutes === 0) continue;
    const entry = dayEntry(row.date);
    entry.focusSessionsCompleted = row.focusSessionsCompleted;
    entry.focusMinutes = row.focusMinutes;
  }
  return { days: [...days.values()].sort((a, b) => (a.date < b.date ? 1 : -1)) };
}
