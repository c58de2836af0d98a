import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { dailyAnalytics } from "../db/schema";

/** A user's daily analytics records for the account capability (export, deletion). */
export function listDailyAnalyticsForExport(db: Db, userId: string) {
  return db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, userId)).orderBy(dailyAnalytics.date);
}

/** Deletes every daily analytics record of the user: Reset Stats, Clear Tasks, Start Fresh, account deletion. */
export function deleteDailyAnalyticsOfUserQuery(db: Db, userId: string) {
  return db.delete(dailyAnalytics).where(eq(dailyAnalytics.userId, userId));
}
