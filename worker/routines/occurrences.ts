import { and, eq, gt, gte, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { addDays, dayStartsAt } from "../../shared/day";
import { daysInMonth, weekDayIndex, weekStartOf } from "../../shared/routines";
import type { Db } from "../db/client";
import { selectListOf } from "../db/insert-select";
import { routineDays, routines, tasks } from "../db/schema";
import { isVisible, newTaskColumns, untouchedTaskSql } from "../db/task-rows";

/*
 * Today's occurrences (docs/decisions/281-one-occurrence-made-at-day-start.md), as statements of
 * the day-start step's ONE batch (and of a routine made or resumed today): the days before today
 * are closed (done, or missed, or skipped when the task is gone), their undone tasks leave the list
 * (nothing is carried), then each routine due today gets its day's row and, unless paused, its
 * task. The rules are shared/routines.ts's, written in SQL over the rule's columns
 * (./rule-columns.ts) with today's calendar facts computed here; the primary key of routine_days
 * and the unique index tasks_routine_day make a second occurrence impossible, so any number of
 * runs racing leave one.
 */

/** How long a routine's days are kept: its streaks and last 30 days are counted over them. */
export const ROUTINE_HISTORY_DAYS = 400;

/** Whether a routine (the `routines` row in the statement) is due on `today`, by its rule. */
function dueOn(today: string): SQL {
  const dow = weekDayIndex(today);
  const dayOfMonth = Number(today.slice(8, 10));
  const doneThisWeek = sql`(select count(*) from ${routineDays} where ${routineDays.routineId} = ${routines.id}
    and ${routineDays.day} >= ${weekStartOf(today)} and ${routineDays.day} < ${today} and ${routineDays.state} = 'done')`;
  return sql`(${routines.startDay} <= ${today} and case ${routines.kind}
    when 'day' then 1
    when 'weekday' then ${dow < 5 ? 1 : 0}
    when 'week' then (${routines.weekDays} >> ${dow}) & 1
    when 'days' then cast(round(julianday(${today}) - julianday(${routines.startDay})) as integer) % ${routines.n} = 0
    when 'month' then min(${routines.n}, ${daysInMonth(today)}) = ${dayOfMonth}
    when 'times' then ${doneThisWeek} < ${routines.n}
    else 0 end)`;
}

/** The occurrence task of a routine_days row, finished and not cleared away. */
const doneTask = sql`exists (select 1 from ${tasks} where ${tasks.routineId} = ${routineDays.routineId}
  and ${tasks.routineDay} = ${routineDays.day} and ${tasks.isCompleted} = 1 and ${isVisible()})`;
/** The occurrence task of a routine_days row, in any state. */
const anyTask = sql`exists (select 1 from ${tasks} where ${tasks.routineId} = ${routineDays.routineId}
  and ${tasks.routineDay} = ${routineDays.day})`;

/** The untouched occurrence task of a routine_days row (docs/decisions/325-a-day-begun-ahead-is-undone.md). */
const untouchedTask = sql`exists (select 1 from ${tasks} where ${tasks.routineId} = ${routineDays.routineId}
  and ${tasks.routineDay} = ${routineDays.day} and ${untouchedTaskSql()})`;

/**
 * A day start that ran for a date later than `today` (the zone or the start hour moved back:
 * docs/decisions/325-a-day-begun-ahead-is-undone.md) undone, as if the night had not passed: the
 * later days' rows and occurrences nobody touched go (a finished, edited or skipped one stays, and
 * that day's start leaves it as it is), and today's days that start closed are open again, a
 * missed or undone one with its task back, made when today began, and this week's days of "N times
 * a week" it found short are undone again, since this week has not ended. Nothing to do after a day start for today
 * or earlier: no row is for a later day, and today has none before its start.
 */
export function undoLaterDaysStatements(
  db: Db,
  user: { id: string; timeZone: string; dayStartHour?: number },
  today: string,
): BatchItem<"sqlite">[] {
  const restored = newTaskColumns(
    {
      userId: sql`${routines.userId}`,
      title: sql`${routines.title}`,
      estimateMinutes: sql`null`,
      routine: { id: sql`${routines.id}`, day: today },
    },
    dayStartsAt(today, user.timeZone, user.dayStartHour),
    today,
  );
  return [
    db
      .delete(routineDays)
      .where(
        and(
          eq(routineDays.userId, user.id),
          gt(routineDays.day, today),
          or(eq(routineDays.state, "paused"), and(eq(routineDays.state, "open"), untouchedTask)),
        ),
      ),
    db
      .delete(tasks)
      .where(
        and(eq(tasks.userId, user.id), isNotNull(tasks.routineId), gt(tasks.routineDay, today), untouchedTaskSql()),
      ),
    db
      .insert(tasks)
      .select(
        sql`select ${selectListOf(tasks, restored)} from ${routines} inner join ${routineDays}
          on ${routineDays.routineId} = ${routines.id} and ${routineDays.day} = ${today}
          where ${routines.userId} = ${user.id} and ${routineDays.state} in ('missed', 'undone')`,
      )
      .onConflictDoNothing(),
    db
      .update(routineDays)
      .set({ state: "open" })
      .where(
        and(
          eq(routineDays.userId, user.id),
          eq(routineDays.day, today),
          inArray(routineDays.state, ["missed", "undone", "done"]),
        ),
      ),
    // Today's week has not ended: its undone days of "N times a week" are not missed
    // (docs/decisions/330-a-week-ends-short-not-a-day.md).
    db
      .update(routineDays)
      .set({ state: "undone" })
      .where(
        and(
          eq(routineDays.userId, user.id),
          eq(routineDays.state, "missed"),
          gte(routineDays.day, weekStartOf(today)),
          lt(routineDays.day, today),
          timesRule,
        ),
      ),
  ];
}

/** Whether the routine of a routine_days row is "N times a week". */
const timesRule = sql`exists (select 1 from ${routines} where ${routines.id} = ${routineDays.routineId} and ${routines.kind} = 'times')`;
/**
 * Whether the week (Monday to Sunday) of a routine_days row ended short of its routine's N: fewer
 * done days than N. SQLite's `date(day, '-6 days', 'weekday 1')` is the Monday on or before `day`.
 */
const weekEndedShort = sql`(select count(*) from ${routineDays} as week_days
    where week_days.routine_id = ${routineDays.routineId} and week_days.state = 'done'
    and week_days.day >= date(${routineDays.day}, '-6 days', 'weekday 1')
    and week_days.day < date(${routineDays.day}, '-6 days', 'weekday 1', '+7 days'))
  < (select ${routines.n} from ${routines} where ${routines.id} = ${routineDays.routineId})`;

/**
 * The days before `today` closed, their undone tasks off the list, the kept history bounded. An
 * undone day of "N times a week" is not missed by itself: it is `undone` until its week is over,
 * and missed only if that week ended short of N (docs/decisions/330-a-week-ends-short-not-a-day.md).
 */
export function closeEarlierDaysStatements(db: Db, userId: string, today: string): BatchItem<"sqlite">[] {
  return [
    db
      .update(routineDays)
      .set({
        state: sql`case when ${doneTask} then 'done' when ${anyTask} then (case when ${timesRule} then 'undone' else 'missed' end) else 'skipped' end`,
      })
      .where(and(eq(routineDays.userId, userId), eq(routineDays.state, "open"), lt(routineDays.day, today))),
    db
      .update(routineDays)
      .set({ state: "missed" })
      .where(
        and(
          eq(routineDays.userId, userId),
          eq(routineDays.state, "undone"),
          lt(routineDays.day, weekStartOf(today)),
          timesRule,
          weekEndedShort,
        ),
      ),
    db
      .delete(tasks)
      .where(
        and(
          eq(tasks.userId, userId),
          isNotNull(tasks.routineId),
          lt(tasks.routineDay, today),
          eq(tasks.isCompleted, false),
        ),
      ),
    db
      .delete(routineDays)
      .where(and(eq(routineDays.userId, userId), lt(routineDays.day, addDays(today, -ROUTINE_HISTORY_DAYS)))),
  ];
}

/**
 * Today's row and task of each of the person's routines due today (only those `which` names, an SQL condition on
 * routines): paused routines get a paused row and no task. Rows and tasks already there stay as they are.
 */
export function makeOccurrencesStatements(
  db: Db,
  userId: string,
  today: string,
  now: Date,
  which?: SQL,
): BatchItem<"sqlite">[] {
  const only = which ? sql` and ${which}` : sql``;
  // One expression per column, keyed by the row type (selectListOf): a column added to either
  // table breaks the build instead of shifting the INSERT ... SELECT.
  const dayColumns: Record<keyof typeof routineDays.$inferSelect, SQL> = {
    routineId: sql`${routines.id}`,
    userId: sql`${routines.userId}`,
    day: sql`${today}`,
    state: sql`case when ${routines.paused} then 'paused' else 'open' end`,
    reason: sql`null`,
  };
  const taskColumns = newTaskColumns(
    {
      userId: sql`${routines.userId}`,
      title: sql`${routines.title}`,
      estimateMinutes: sql`null`,
      routine: { id: sql`${routines.id}`, day: today },
    },
    now,
    today,
  );
  // SQLite needs the WHERE of an INSERT ... SELECT before its ON CONFLICT; both have one.
  const rows = db
    .insert(routineDays)
    .select(
      sql`select ${selectListOf(routineDays, dayColumns)} from ${routines}
        where ${routines.userId} = ${userId}${only} and ${dueOn(today)}`,
    )
    .onConflictDoNothing();
  const occurrenceTasks = db
    .insert(tasks)
    .select(
      sql`select ${selectListOf(tasks, taskColumns)} from ${routines} inner join ${routineDays}
        on ${routineDays.routineId} = ${routines.id} and ${routineDays.day} = ${today}
        where ${routines.userId} = ${userId}${only} and ${routineDays.state} = 'open'`,
    )
    .onConflictDoNothing();
  return [rows, occurrenceTasks];
}
