import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { suggestionUsage } from "../db/schema";

/** Account deletion: the person's daily counts of model requests go with the account. */
export function deleteSuggestionUsageOfUserQuery(db: Db, userId: string) {
  return db.delete(suggestionUsage).where(eq(suggestionUsage.userId, userId));
}

/** A day's count is read only as "today"; two days after a day in UTC it is no one's today anywhere. */
const USAGE_KEPT_DAYS = 2;

/** Up to `batch` daily counts of days that are over everywhere (the daily clean-up: worker/scheduled.ts). */
export function deleteOldSuggestionUsageQuery(db: Db, now: number, batch: number) {
  const oldest = new Date(now - USAGE_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return db
    .delete(suggestionUsage)
    .where(
      sql`rowid in (select rowid from ${suggestionUsage} where ${suggestionUsage.date} < ${oldest} limit ${batch})`,
    );
}
