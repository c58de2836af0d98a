import { and, desc, eq, gte, lt, lte } from "drizzle-orm";
import { datesBetween, HOURS_IN_DAY, zeroBreakdown, zeroHourly, zeroRecord } from "../../shared/analytics";
import {
  type AnalyticsRecord,
  type ApiAnalyticsRecord,
  type CategoryBreakdown,
  categoryBreakdownSchema,
} from "../../shared/schemas/analytics";
import type { Db } from "../db/client";
import { dailyAnalytics } from "../db/schema";

type Row = typeof dailyAnalytics.$inferSelect;

function parseBreakdown(text: string): CategoryBreakdown {
  try {
    const parsed = categoryBreakdownSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: a damaged value reads as zeros rather than failing the whole answer
  }
  return zeroBreakdown();
}

function parseHourly(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.length === HOURS_IN_DAY && value.every((n) => typeof n === "number")) {
      return value as number[];
    }
  } catch {
    // fall through, as above
  }
  return zeroHourly();
}

/** The API's shape (docs/product.md#daily-analytics-record): the breakdown as JSON text, rewritten so it always has all four keys. */
export function toApiRecord(record: AnalyticsRecord): ApiAnalyticsRecord {
  const { urgent, later, delegate, no_list } = record.categoryBreakdown;
  return { ...record, categoryBreakdown: JSON.stringify({ urgent, later, delegate, no_list }) };
}

export function toRecord(row: Row): AnalyticsRecord {
  return {
    id: row.id,
    userId: row.userId,
    date: row.date,
    totalTasksCreated: row.totalTasksCreated,
    tasksCompleted: row.tasksCompleted,
    priorityTasksCompleted: row.priorityTasksCompleted,
    carriedTasksCompleted: row.carriedTasksCompleted,
    focusSessionsCompleted: row.focusSessionsCompleted,
    totalFocusMinutes: row.totalFocusMinutes,
    mostProductiveHour: row.mostProductiveHour,
    categoryBreakdown: parseBreakdown(row.categoryBreakdown),
    hourlyActivity: parseHourly(row.hourlyActivity),
  };
}

/**
 * The queries of recordsFromRows: the days of the range, and the last record before it (for its
 * category breakdown). Query builders, so a route batches them with its session check.
 */
export function rangeQueries(db: Db, userId: string, startDate: string, endDate: string) {
  return [
    db
      .select()
      .from(dailyAnalytics)
      .where(
        and(eq(dailyAnalytics.userId, userId), gte(dailyAnalytics.date, startDate), lte(dailyAnalytics.date, endDate)),
      )
      .orderBy(dailyAnalytics.date),
    db
      .select({ categoryBreakdown: dailyAnalytics.categoryBreakdown })
      .from(dailyAnalytics)
      .where(and(eq(dailyAnalytics.userId, userId), lt(dailyAnalytics.date, startDate)))
      .orderBy(desc(dailyAnalytics.date))
      .limit(1),
  ] as const;
}

/**
 * One record per day from startDate to endDate, from rangeQueries' rows. A day without a stored
 * record has zero counters; its category breakdown is the one left by the last earlier record,
 * because the breakdown is a state (the live tasks after the day's last change) that stays as it
 * was on days nothing changed.
 */
export function recordsFromRows(
  userId: string,
  startDate: string,
  endDate: string,
  rows: Row[],
  before: { categoryBreakdown: string }[],
): AnalyticsRecord[] {
  const byDate = new Map(rows.map((row) => [row.date, toRecord(row)]));
  let breakdown = before[0] ? parseBreakdown(before[0].categoryBreakdown) : zeroBreakdown();
  return datesBetween(startDate, endDate).map((date) => {
    const record = byDate.get(date);
    if (record) {
      breakdown = record.categoryBreakdown;
      return record;
    }
    return zeroRecord(userId, date, { ...breakdown });
  });
}

/** How many of the latest records recordForDayFromRows needs: see latestRecordsQuery. */
const LATEST_RECORDS = 3;

/**
 * The user's latest records up to the day after `utcDate`: whatever their time zone, their "today"
 * is utcDate or a day either side, so these hold the last record up to it (at most two later days
 * come first). Lets "today" be read in the same batch as the session that says the time zone.
 */
export function latestRecordsQuery(db: Db, userId: string, utcDate: string) {
  const dayAfter = new Date(Date.parse(`${utcDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return db
    .select()
    .from(dailyAnalytics)
    .where(and(eq(dailyAnalytics.userId, userId), lte(dailyAnalytics.date, dayAfter)))
    .orderBy(desc(dailyAnalytics.date))
    .limit(LATEST_RECORDS);
}

/**
 * The record of `date` from latestRecordsQuery's rows (newest first), or zero counters with the
 * breakdown carried from the last earlier record.
 */
export function recordForDayFromRows(userId: string, date: string, rows: Row[]): AnalyticsRecord {
  const row = rows.find((candidate) => candidate.date <= date);
  if (!row) return zeroRecord(userId, date);
  if (row.date === date) return toRecord(row);
  return zeroRecord(userId, date, parseBreakdown(row.categoryBreakdown));
}
