import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";

/**
 * Domain events that move the daily counters (DECISIONS 6). Callers add the returned statements
 * to the same D1 batch as the change that caused them, so counters never drift from the data.
 */
export type AnalyticsEvent =
  | { type: "task-created"; count: number }
  | { type: "task-completed"; priority: boolean }
  | { type: "focus-completed"; minutes: number }
  /** Any change of categories (create, move, delete, clear): the breakdown is recomputed. */
  | { type: "categories-changed" };

export type AnalyticsUser = { id: string; timeZone: string };

/**
 * Statements that upsert the user's record for their local date of `now` with these events.
 * Seam: filled in by the analytics capability; until then it records nothing.
 */
export function analyticsStatements(
  _db: Db,
  _user: AnalyticsUser,
  _events: AnalyticsEvent[],
  _now: Date = new Date(),
): BatchItem<"sqlite">[] {
  return [];
}
