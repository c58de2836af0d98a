import { and, desc, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import { HISTORY_PAGE_SIZE, type HistoryPage, type HistoryQuery } from "../../shared/schemas/day";
import type { Db } from "../db/client";
import { dailyAnalytics, dayCloses, tasks } from "../db/schema";
import { isVisible, type TaskRow, toTask } from "../db/task-rows";
import type { DayOwner } from "../today/today";
import { finishDayOf } from "./finish-day";

/**
 * GET /api/history's rows, with only the user id known (they go out with the session check): one
 * page of the finished tasks, latest first, one row more than the page to know whether another
 * follows (docs/decisions/184-history-pages.md); and on the first page, every day's figures
 * (a few hundred short rows a year).
 */
export function historyQueries(db: Db, userId: string, { cursor, limit = HISTORY_PAGE_SIZE }: HistoryQuery) {
  const [at, id] = cursor ? cursor.split(".").map(Number) : [];
  const page = db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.isCompleted, true),
        isNotNull(tasks.completedAt),
        isVisible(),
        at !== undefined && id !== undefined
          ? or(lt(tasks.completedAt, new Date(at)), and(eq(tasks.completedAt, new Date(at)), lt(tasks.id, id)))
          : undefined,
      ),
    )
    .orderBy(desc(tasks.completedAt), desc(tasks.id))
    .limit(limit + 1);
  const days = db
    .select({
      date: dailyAnalytics.date,
      tasksCompleted: dailyAnalytics.tasksCompleted,
      focusSessionsCompleted: dailyAnalytics.focusSessionsCompleted,
      focusMinutes: dailyAnalytics.totalFocusMinutes,
      // The evening close's line shows under its day's header (docs/decisions/291-the-evening-close.md).
      note: dayCloses.note,
      closed: sql<boolean>`${dayCloses.date} is not null`.mapWith(Boolean),
    })
    .from(dailyAnalytics)
    .leftJoin(dayCloses, and(eq(dayCloses.userId, dailyAnalytics.userId), eq(dayCloses.date, dailyAnalytics.date)))
    .where(
      and(
        eq(dailyAnalytics.userId, userId),
        // The first page only: a later page's query matches nothing, so the batch keeps one shape.
        cursor ? sql`0` : undefined,
        or(sql`${dailyAnalytics.tasksCompleted} > 0`, sql`${dailyAnalytics.focusSessionsCompleted} > 0`),
      ),
    )
    .orderBy(desc(dailyAnalytics.date));
  // A closed day's line shows in Done though nothing was finished that day
  // (docs/decisions/349-a-day-s-close-leaves-a-trace.md): the closes with a line whose day has no
  // finish nor focus in its record.
  const quietCloses = db
    .select({ date: dayCloses.date, note: dayCloses.note })
    .from(dayCloses)
    .leftJoin(dailyAnalytics, and(eq(dailyAnalytics.userId, dayCloses.userId), eq(dailyAnalytics.date, dayCloses.date)))
    .where(
      and(
        eq(dayCloses.userId, userId),
        cursor ? sql`0` : undefined,
        isNotNull(dayCloses.note),
        sql`coalesce(${dailyAnalytics.tasksCompleted}, 0) = 0 and coalesce(${dailyAnalytics.focusSessionsCompleted}, 0) = 0`,
      ),
    );
  return [page, days, quietCloses] as const;
}

/**
 * The page of the history (docs/product.md#done-history): each finished task with the day its
 * finish was stamped on, and on the first page the days' figures from their records, so Done,
 * Analytics, the streak and the plan's recap say the same of every day.
 */
export function historyOf(
  owner: DayOwner,
  { cursor, limit = HISTORY_PAGE_SIZE }: HistoryQuery,
  [rows, busyDays, quietCloses]: readonly [
    TaskRow[],
    NonNullable<HistoryPage["days"]>,
    readonly { date: string; note: string | null }[],
  ],
): HistoryPage {
  const days = [
    ...busyDays,
    ...quietCloses.map(({ date, note }) => ({
      date,
      tasksCompleted: 0,
      focusSessionsCompleted: 0,
      focusMinutes: 0,
      note,
      closed: true,
    })),
  ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    tasks: page.map((row) => ({ ...toTask(row), completedDay: finishDayOf(owner, row) ?? "" })),
    ...(cursor ? {} : { days }),
    nextCursor: rows.length > limit && last?.completedAt ? `${last.completedAt.getTime()}.${last.id}` : null,
  };
}
