import { and, asc, desc, eq } from "drizzle-orm";
import { dayOf, daysFrom, isMarkOfDay } from "../../shared/day";
import type { CarriedTask, Day, PreviousDay } from "../../shared/schemas/day";
import type { Db } from "../db/client";
import { dailyAnalytics, dayPlans, tasks } from "../db/schema";
import { isVisible, type TaskRow, toTask } from "../tasks/task-rows";
import { streaks } from "./streak";
import { type DayOwner, todayOf } from "./today";

/**
 * What GET /api/day is made of, as queries that only need the user id, so they go out in one batch
 * with the session check (which brings the zone and start hour that say which day it is): every
 * day's figures (a few hundred short rows a year), the open tasks and the latest plan.
 */
export function dayStateQueries(db: Db, userId: string) {
  return [
    db
      .select({
        date: dailyAnalytics.date,
        tasksCreated: dailyAnalytics.totalTasksCreated,
        tasksCompleted: dailyAnalytics.tasksCompleted,
        focusSessionsCompleted: dailyAnalytics.focusSessionsCompleted,
        focusMinutes: dailyAnalytics.totalFocusMinutes,
      })
      .from(dailyAnalytics)
      .where(eq(dailyAnalytics.userId, userId))
      .orderBy(asc(dailyAnalytics.date)),
    db
      .select()
      .from(tasks)
      .where(and(eq(tasks.userId, userId), eq(tasks.isCompleted, false), isVisible()))
      .orderBy(asc(tasks.createdAt), asc(tasks.id)),
    db
      .select({ date: dayPlans.date, noListTaskIds: dayPlans.noListTaskIds })
      .from(dayPlans)
      .where(eq(dayPlans.userId, userId))
      .orderBy(desc(dayPlans.date))
      .limit(1),
  ] as const;
}

type ActivityRow = {
  date: string;
  tasksCreated: number;
  tasksCompleted: number;
  focusSessionsCompleted: number;
  focusMinutes: number;
};

/** The day of the person (docs/product.md#the-day) from dayStateQueries' rows. */
export function dayState(
  owner: DayOwner,
  [activity, openTasks, [latestPlan]]: readonly [ActivityRow[], TaskRow[], { date: string }[]],
  now: Date = new Date(),
): Day {
  const today = todayOf(owner, now);
  const date = today.date;
  const isAccomplished = (row: ActivityRow) => row.tasksCompleted > 0 || row.focusSessionsCompleted > 0;
  const accomplished = activity.filter(isAccomplished);
  const earlier = activity.filter((row) => row.date < date && (row.tasksCreated > 0 || isAccomplished(row)));
  const last = earlier.at(-1);
  const previous: PreviousDay | null = last
    ? {
        date: last.date,
        tasksCompleted: last.tasksCompleted,
        focusSessionsCompleted: last.focusSessionsCompleted,
        focusMinutes: last.focusMinutes,
      }
    : null;
  return {
    date,
    startsAt: today.startsAt.toISOString(),
    endsAt: today.endsAt.toISOString(),
    // A plan dated after today (made before a zone change westwards) still counts
    // (docs/decisions/133-marks-belong-to-their-day.md).
    planned: latestPlan !== undefined && isMarkOfDay(latestPlan.date, date),
    ...streaks(
      accomplished.map((row) => row.date),
      date,
    ),
    previous,
    carriedOver: carriedOver(owner, openTasks, date),
    previousPriorityTaskIds: openTasks
      .filter((task) => task.isPriority && task.category !== "no_list" && !isMarkOfDay(task.priorityDate, date))
      .map((task) => task.id)
      .sort((a, b) => a - b),
    previousNoListTaskIds: previousNoList(openTasks, date),
  };
}

/** Open tasks created before today, not on the "No" list, oldest first, with the days carried. */
function carriedOver(owner: DayOwner, openTasks: readonly TaskRow[], today: string): CarriedTask[] {
  return openTasks.flatMap((task) => {
    if (task.category === "no_list") return [];
    const created = dayOf(task.createdAt, owner.timeZone, owner.dayStartHour);
    const daysCarried = daysFrom(created, today);
    return daysCarried > 0 ? [{ ...toTask(task), daysCarried }] : [];
  });
}

/**
 * The "No" list items of the last earlier day that had any: the latest mark day before today (items
 * stored before marks had days count as the earliest).
 */
function previousNoList(openTasks: readonly TaskRow[], today: string): number[] {
  const earlier = openTasks.filter((task) => task.category === "no_list" && !isMarkOfDay(task.noListDate, today));
  const latest = earlier
    .map((task) => task.noListDate ?? "")
    .sort()
    .at(-1);
  return earlier
    .filter((task) => (task.noListDate ?? "") === latest)
    .map((task) => task.id)
    .sort((a, b) => a - b);
}
