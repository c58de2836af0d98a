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

/** The API's shape (spec §3): the breakdown as JSON text, rewritten so it always has all four keys. */
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
    focusSessionsCompleted: row.focusSessionsCompleted,
    totalFocusMinutes: row.totalFocusMinutes,
    mostProductiveHour: row.mostProductiveHour,
    categoryBreakdown: parseBreakdown(row.categoryBreakdown),
    hourlyActivity: parseHourly(row.hourlyActivity),
  };
}

/**
 * One record per day from startDate to endDate. A day without a stored record has zero counters;
 * its category breakdown is the one left by the last earlier record, because the breakdown is a
 * state (the live tasks after the day's last change) that stays as it was on days nothing changed.
 */
export async function recordsForRange(
  db: Db,
  userId: string,
  startDate: string,
  endDate: string,
): Promise<AnalyticsRecord[]> {
  const [rows, before] = await db.batch([
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
  ]);
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

/** The record of `date`, or zero counters with the breakdown carried from the last earlier record. */
export async function recordForDay(db: Db, userId: string, date: string): Promise<AnalyticsRecord> {
  const [row] = await db
    .select()
    .from(dailyAnalytics)
    .where(and(eq(dailyAnalytics.userId, userId), lte(dailyAnalytics.date, date)))
    .orderBy(desc(dailyAnalytics.date))
    .limit(1);
  if (!row) return zeroRecord(userId, date);
  if (row.date === date) return toRecord(row);
  return zeroRecord(userId, date, parseBreakdown(row.categoryBreakdown));
}
