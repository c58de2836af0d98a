import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { busiestHour, localDateAndHour, zeroHourly } from "../../shared/analytics";
import { DEFAULT_DAY_START_HOUR, dayOf } from "../../shared/day";
import type { Db } from "../db/client";
import { selectListOf } from "../db/insert-select";
import { dailyAnalytics } from "../db/schema";
import { liveBreakdownSql, untouchedOccurrencesOfDaySql } from "../db/task-rows";
import { type Pause, spreadFocusMinutes } from "./focus-hours";

/**
 * Domain events that move the daily counters (docs/decisions/006-how-analytics-counters-move.md).
 * Callers add the returned statements to the same D1 batch as the change that caused them, so
 * counters never drift from the data.
 */
export type AnalyticsEvent =
  | { type: "task-created"; count: number }
  /** `carried`: the task was made on an earlier day of the person's (a finish, not a delete). */
  | { type: "task-completed"; priority: boolean; carried?: boolean }
  /**
   * A focus session completed now. With `startedAt` its minutes are split across the local hours
   * (and dates) from the start to now, without its `pauses`; without, they count at the hour of
   * completion.
   */
  | { type: "focus-completed"; minutes: number; startedAt?: Date; pauses?: readonly Pause[] }
  /** Any change of categories (create, move, delete, clear): the breakdown is recomputed. */
  | { type: "categories-changed" };

/** Whose record: the zone and start hour decide the day (shared/day.ts; 04:00 when not given). */
export type AnalyticsUser = { id: string; timeZone: string; dayStartHour?: number };

/** The person's day of `now` and its wall-clock hour: where the day's counters and activity go. */
export function recordDayAndHour(user: AnalyticsUser, now: Date): { date: string; hour: number } {
  return {
    date: dayOf(now, user.timeZone, user.dayStartHour ?? DEFAULT_DAY_START_HOUR),
    hour: localDateAndHour(now, user.timeZone).hour,
  };
}

type Deltas = {
  created: number;
  completed: number;
  priorityCompleted: number;
  carriedCompleted: number;
  sessions: number;
  minutes: number;
};

const wholeNonNegative = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

function sumEvents(events: readonly AnalyticsEvent[]): Deltas {
  const deltas: Deltas = {
    created: 0,
    completed: 0,
    priorityCompleted: 0,
    carriedCompleted: 0,
    sessions: 0,
    minutes: 0,
  };
  for (const event of events) {
    switch (event.type) {
      case "task-created":
        deltas.created += wholeNonNegative(event.count);
        break;
      case "task-completed":
        deltas.completed += 1;
        if (event.priority) deltas.priorityCompleted += 1;
        if (event.carried) deltas.carriedCompleted += 1;
        break;
      case "focus-completed": {
        // A session with no whole minute of focus counts neither a session nor minutes, so the
        // screen never shows "0 minutes in 2 sessions" (docs/decisions/148-analytics-figures-agree.md).
        const minutes = wholeNonNegative(event.minutes);
        if (minutes > 0) deltas.sessions += 1;
        deltas.minutes += minutes;
        break;
      }
      case "categories-changed":
        break;
    }
  }
  return deltas;
}

/**
 * Statements that upsert the user's record for their day of `now` (docs/product.md#the-day) with
 * these events (and, for focus minutes that began before the day did, the record of the day before): Append them
 * AFTER the change in the same batch.
 *
 * Every recorded event also refreshes the category breakdown from the live tasks (not only
 * "categories-changed"), so a day's record always holds the breakdown after its last change.
 */
export function analyticsStatements(
  db: Db,
  user: AnalyticsUser,
  events: AnalyticsEvent[],
  now: Date = new Date(),
): BatchItem<"sqlite">[] {
  if (events.length === 0) return [];
  const d = sumEvents(events);
  const { date, hour } = recordDayAndHour(user, now);

  // Activity per local date and hour (docs/decisions/006-how-analytics-counters-move.md:
  // completions plus focus minutes). Counters go to the day of `now`; focus minutes go to the days
  // and hours they were focused in.
  const days = new Map<string, { deltas: Deltas; hourly: number[] }>();
  const entryOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = {
        deltas: { created: 0, completed: 0, priorityCompleted: 0, carriedCompleted: 0, sessions: 0, minutes: 0 },
        hourly: zeroHourly(),
      };
      days.set(day, entry);
    }
    return entry;
  };
  const today = entryOf(date);
  today.deltas = { ...d, minutes: 0 };
  today.hourly[hour] = d.completed;
  for (const event of events) {
    if (event.type !== "focus-completed") continue;
    const minutes = wholeNonNegative(event.minutes);
    const spread = event.startedAt
      ? spreadFocusMinutes(
          minutes,
          event.startedAt,
          now,
          user.timeZone,
          event.pauses,
          user.dayStartHour ?? DEFAULT_DAY_START_HOUR,
        )
      : new Map([[date, zeroHourly().map((_, h) => (h === hour ? minutes : 0))]]);
    for (const [day, hours] of spread) {
      const entry = entryOf(day);
      hours.forEach((value, h) => {
        entry.hourly[h] = (entry.hourly[h] ?? 0) + value;
        entry.deltas.minutes += value;
      });
    }
  }
  return [...days].map(([day, { deltas, hourly }]) => upsertDay(db, user.id, day, deltas, hourly, day === date));
}

/**
 * One INSERT … ON CONFLICT(user_id, date) DO UPDATE whose counters are SQL arithmetic on the stored
 * row, so concurrent requests never lose a count.
 */
function upsertDay(db: Db, userId: string, date: string, d: Deltas, hourly: number[], isEventDay: boolean) {
  const column = dailyAnalytics.hourlyActivity;
  const slots = hourly.flatMap((value, h) => (value > 0 ? [{ path: `$[${h}]`, value }] : []));
  const updatedHourly =
    slots.length > 0
      ? sql`json_set(${column}, ${sql.join(
          slots.map(({ path, value }) => sql`${path}, json_extract(${column}, ${path}) + ${value}`),
          sql`, `,
        )})`
      : null;

  return db
    .insert(dailyAnalytics)
    .values({
      userId,
      date,
      totalTasksCreated: d.created,
      tasksCompleted: d.completed,
      priorityTasksCompleted: d.priorityCompleted,
      carriedTasksCompleted: d.carriedCompleted,
      focusSessionsCompleted: d.sessions,
      totalFocusMinutes: d.minutes,
      mostProductiveHour: busiestHour(hourly),
      categoryBreakdown: liveBreakdownSql(userId),
      hourlyActivity: JSON.stringify(hourly),
    })
    .onConflictDoUpdate({
      target: [dailyAnalytics.userId, dailyAnalytics.date],
      set: {
        totalTasksCreated: sql`${dailyAnalytics.totalTasksCreated} + ${d.created}`,
        tasksCompleted: sql`${dailyAnalytics.tasksCompleted} + ${d.completed}`,
        priorityTasksCompleted: sql`${dailyAnalytics.priorityTasksCompleted} + ${d.priorityCompleted}`,
        carriedTasksCompleted: sql`${dailyAnalytics.carriedTasksCompleted} + ${d.carriedCompleted}`,
        focusSessionsCompleted: sql`${dailyAnalytics.focusSessionsCompleted} + ${d.sessions}`,
        totalFocusMinutes: sql`${dailyAnalytics.totalFocusMinutes} + ${d.minutes}`,
        // An earlier day that only receives focus minutes keeps the breakdown it ended with.
        ...(isEventDay ? { categoryBreakdown: sql`excluded.category_breakdown` } : {}),
        ...(updatedHourly
          ? {
              hourlyActivity: updatedHourly,
              // SET expressions read the row as it was, so this ranks the updated array itself.
              mostProductiveHour: sql`(select cast(key as integer) from json_each(${updatedHourly})
                where value > 0 order by value desc, key asc limit 1)`,
            }
          : {}),
      },
    });
}

/**
 * The day's record counts `count` more tasks created, a number the batch learns as it runs: the
 * occurrences the day's start made (docs/decisions/302-occurrences-count-as-created.md). No record
 * is made for none, so a day's record is still made by what happens in it.
 */
export function createdCountedStatement(db: Db, userId: string, date: string, count: SQL) {
  const values: Record<keyof typeof dailyAnalytics.$inferSelect, SQL> = {
    id: sql`null`,
    userId: sql`${userId}`,
    date: sql`${date}`,
    totalTasksCreated: count,
    tasksCompleted: sql`0`,
    priorityTasksCompleted: sql`0`,
    carriedTasksCompleted: sql`0`,
    focusSessionsCompleted: sql`0`,
    totalFocusMinutes: sql`0`,
    mostProductiveHour: sql`null`,
    categoryBreakdown: liveBreakdownSql(userId),
    hourlyActivity: sql`${JSON.stringify(zeroHourly())}`,
  };
  // SQLite needs the WHERE of an INSERT ... SELECT before its ON CONFLICT.
  return db
    .insert(dailyAnalytics)
    .select(sql`select ${selectListOf(dailyAnalytics, values)} where ${count} > 0`)
    .onConflictDoUpdate({
      target: [dailyAnalytics.userId, dailyAnalytics.date],
      set: {
        totalTasksCreated: sql`${dailyAnalytics.totalTasksCreated} + excluded.total_tasks_created`,
        categoryBreakdown: sql`excluded.category_breakdown`,
      },
    });
}

/**
 * Takes back completions an undone removal counted (an Undo of a delete that first completed the
 * task): the day's counters and its hour go down by them again, never below zero. A record reset
 * since then has nothing left to take back. Append it after the restored rows, then the recount
 * of analyticsStatements' "categories-changed" refreshes the breakdown.
 */
export function takeBackCompletionsStatements(
  db: Db,
  userId: string,
  counted: { date: string; hour: number; completed: number; priorityCompleted: number; carriedCompleted?: number },
): BatchItem<"sqlite">[] {
  if (counted.completed === 0) return [];
  const column = dailyAnalytics.hourlyActivity;
  const path = `$[${Math.trunc(counted.hour)}]`;
  const hourly = sql`json_set(${column}, ${path}, max(0, json_extract(${column}, ${path}) - ${counted.completed}))`;
  return [
    db
      .update(dailyAnalytics)
      .set({
        tasksCompleted: sql`max(0, ${dailyAnalytics.tasksCompleted} - ${counted.completed})`,
        priorityTasksCompleted: sql`max(0, ${dailyAnalytics.priorityTasksCompleted} - ${counted.priorityCompleted})`,
        carriedTasksCompleted: sql`max(0, ${dailyAnalytics.carriedTasksCompleted} - ${counted.carriedCompleted ?? 0})`,
        hourlyActivity: hourly,
        mostProductiveHour: sql`(select cast(key as integer) from json_each(${hourly})
          where value > 0 order by value desc, key asc limit 1)`,
      })
      .where(and(eq(dailyAnalytics.userId, userId), eq(dailyAnalytics.date, counted.date))),
  ];
}

/**
 * The records of days after `today` lose the occurrences a day start that ran ahead counted and the
 * undoing of it takes back (docs/decisions/325-a-day-begun-ahead-is-undone.md): their day's start
 * makes and counts them again. Sent before the routines' part of the batch deletes them.
 */
export function laterOccurrencesUncountedStatement(db: Db, userId: string, today: string) {
  return db
    .update(dailyAnalytics)
    .set({
      totalTasksCreated: sql`max(0, ${dailyAnalytics.totalTasksCreated} - ${untouchedOccurrencesOfDaySql(userId, sql`${dailyAnalytics.date}`)})`,
    })
    .where(and(eq(dailyAnalytics.userId, userId), gt(dailyAnalytics.date, today)));
}
