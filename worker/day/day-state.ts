import { and, asc, desc, eq } from "drizzle-orm";
import { addDays, daysFrom, isMarkOfDay } from "../../shared/day";
import type { CarriedTask, Day, PreviousDay } from "../../shared/schemas/day";
import type { Db } from "../db/client";
import { dailyAnalytics, dayCloses, dayPlans, tasks, users } from "../db/schema";
import { isVisible, type TaskRow, toTask } from "../db/task-rows";
import { type DayOwner, todayOf } from "../today/today";
import {
  type CloseRow,
  type CloseSettingsRow,
  closeOfDay,
  closeOfferedFrom,
  usualFocusOf,
  yesterdayOf,
} from "./close-state";
import { createdDayOf } from "./finish-day";
import { streaks } from "./streak";

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
    // Today's plan (or skip) and the earlier ones "Keep yesterday's three" may come from: a few
    // skipped days in between still leave the last plan in reach.
    db
      .select({ date: dayPlans.date, priorityTaskIds: dayPlans.priorityTaskIds, skipped: dayPlans.skipped })
      .from(dayPlans)
      .where(eq(dayPlans.userId, userId))
      .orderBy(desc(dayPlans.date))
      .limit(RECENT_PLANS),
    // The latest evening closes: today's says the day is closed, yesterday's brings its line
    // (docs/decisions/291-the-evening-close.md).
    db
      .select({
        date: dayCloses.date,
        note: dayCloses.note,
        tomorrowTaskIds: dayCloses.tomorrowTaskIds,
        tomorrowFirstTaskId: dayCloses.tomorrowFirstTaskId,
      })
      .from(dayCloses)
      .where(eq(dayCloses.userId, userId))
      .orderBy(desc(dayCloses.date))
      .limit(RECENT_CLOSES),
    db
      .select({
        usualFocusMinutes: users.usualFocusMinutes,
        dayCloseEnabled: users.dayCloseEnabled,
        dayCloseTime: users.dayCloseTime,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ] as const;
}

const RECENT_CLOSES = 3;

const RECENT_PLANS = 7;

type PlanRow = { date: string; priorityTaskIds: number[] | null; skipped: boolean };

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
  [activity, openTasks, plans, closes, settings]: readonly [
    ActivityRow[],
    TaskRow[],
    PlanRow[],
    CloseRow[],
    CloseSettingsRow[],
  ],
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
  // A plan dated after today (made before a zone change westwards) still counts
  // (docs/decisions/133-marks-belong-to-their-day.md).
  const todaysPlan = plans.find((plan) => isMarkOfDay(plan.date, date));
  const yesterday = yesterdayOf(closes, openTasks, addDays(date, -1));
  const previousThree = previousPriorities(openTasks, plans, date, yesterday ? closes[0] : undefined);
  const todaysClose = closeOfDay(closes, date);
  const usualFocus = usualFocusOf(activity, date, settings[0]?.usualFocusMinutes);
  return {
    date,
    startsAt: today.startsAt.toISOString(),
    endsAt: today.endsAt.toISOString(),
    planned: todaysPlan !== undefined && !todaysPlan.skipped,
    skipped: todaysPlan?.skipped === true,
    ...streaks(
      accomplished.map((row) => row.date),
      date,
    ),
    previous,
    carriedOver: carriedOver(owner, openTasks, date),
    previousPriorityTaskIds: previousThree.ids,
    previousPriorityDate: previousThree.date,
    previousNoListTaskIds: previousNoList(openTasks, date),
    closeOfferedFrom: closeOfferedFrom(owner, date, settings[0]),
    closed: todaysClose !== undefined,
    closeNote: todaysClose?.note ?? null,
    yesterday,
    focusMinutes: activity.find((row) => row.date === date)?.focusMinutes ?? 0,
    usualFocusMinutes: usualFocus.minutes,
    usualFocusDays: usualFocus.days,
  };
}

/**
 * The three planned on the last earlier planned day, still open, not on the "No" list and not
 * today's three already
 * (docs/decisions/182-yesterdays-three-are-the-plans.md): the plan keeps its ids, so a task marked
 * on another day, finished and reopened, is never among them. A plan stored before plans kept their
 * ids (and a day marked by hand without a plan) falls back to the marks of the latest earlier day.
 */
function previousPriorities(
  openTasks: readonly TaskRow[],
  plans: readonly PlanRow[],
  today: string,
  yesterdaysClose?: CloseRow,
): { ids: number[]; date: string | null } {
  // Open, not on the "No" list, and not already one of today's three.
  const open = new Map(
    openTasks
      .filter((task) => task.category !== "no_list" && !(task.isPriority && isMarkOfDay(task.priorityDate, today)))
      .map((task) => [task.id, task]),
  );
  // Last evening's close named tomorrow's first task and three: they are what the morning offers,
  // the first at the top (docs/decisions/291-the-evening-close.md).
  // A task named there whose star has gone since (moved to Later: docs/decisions/332-move-to-later-is-written.md)
  // is no longer offered; tomorrow's first task is offered while it is open, starred or not.
  const starred = (id: number) => open.get(id)?.isPriority === true;
  if (yesterdaysClose) {
    const named = [
      yesterdaysClose.tomorrowFirstTaskId,
      ...yesterdaysClose.tomorrowTaskIds.filter((id) => starred(id)),
    ].filter((id): id is number => id !== null && open.has(id));
    const ids = [...new Set(named)].slice(0, 3);
    if (ids.length > 0) return { ids, date: yesterdaysClose.date };
  }
  const plan = plans.find((row) => row.date < today && !row.skipped && row.priorityTaskIds !== null);
  const markDates = openTasks
    .filter((task) => task.isPriority && task.priorityDate !== null && task.priorityDate < today)
    .map((task) => task.priorityDate as string);
  const latestMark = markDates.sort().at(-1) ?? null;
  if (plan?.priorityTaskIds && (latestMark === null || plan.date >= latestMark)) {
    const ids = plan.priorityTaskIds.filter((id) => starred(id));
    return { ids, date: ids.length > 0 ? plan.date : null };
  }
  if (latestMark === null) return { ids: [], date: null };
  const ids = [...open.values()]
    .filter((task) => task.isPriority && task.priorityDate === latestMark)
    .map((task) => task.id)
    .sort((a, b) => a - b);
  return { ids, date: ids.length > 0 ? latestMark : null };
}

/** Open tasks created before today, not on the "No" list, oldest first, with the days carried. */
function carriedOver(owner: DayOwner, openTasks: readonly TaskRow[], today: string): CarriedTask[] {
  return openTasks.flatMap((task) => {
    if (task.category === "no_list") return [];
    // The day it was made as stamped then, not as the present zone would say it.
    const daysCarried = daysFrom(createdDayOf(owner, task), today);
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
