import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";

/**
 * Every task of the user, visible or hidden ("[REMOVED]" leftovers of the spec's old clear):
 * Clear Tasks and Start Fresh empty every list. Focus sessions stay and keep their minutes; their
 * task reference becomes null (DECISIONS 8, FK on delete set null).
 */
export function deleteAllTasksStatement(db: Db, userId: string) {
  return db.delete(tasks).where(eq(tasks.userId, userId));
}
