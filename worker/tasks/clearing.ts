import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { dailyAnalytics, tasks } from "../db/schema";

/**
 * Every task of the user, visible or hidden ("[REMOVED]" leftovers of the spec's old clear):
 * Clear Tasks and Start Fresh empty every list. Focus sessions stay and keep their minutes; their
 * task reference becomes null (DECISIONS 8, FK on delete set null).
 */
export function deleteAllTasksStatement(db: Db, userId: string) {
  return db.delete(tasks).where(eq(tasks.userId, userId));
}

/**
 * Interim: wipes the user's daily analytics records. The analytics capability is adding
 * `clearAnalyticsStatements(db, userId)` to worker/analytics/recorder.ts; once it is on main,
 * call that instead and delete this function.
 */
export function clearAnalyticsStatements(db: Db, userId: string): BatchItem<"sqlite">[] {
  return [db.delete(dailyAnalytics).where(eq(dailyAnalytics.userId, userId))];
}
