import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { suggestionUsage } from "../db/schema";

/** Account deletion: the person's daily counts of model requests go with the account. */
export function deleteSuggestionUsageOfUserQuery(db: Db, userId: string) {
  return db.delete(suggestionUsage).where(eq(suggestionUsage.userId, userId));
}
