import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";

/**
 * A user's tasks for the account capability (export, deletion), which must not query this
 * capability's table itself. Every row, including ones hidden by "[REMOVED]": it is still their data.
 */
export function listTasksForExport(db: Db, userId: string) {
  return db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(tasks.id);
}

/** The statement that deletes every task of the user, for the account deletion batch. */
export function deleteTasksOfUserQuery(db: Db, userId: string) {
  return db.delete(tasks).where(eq(tasks.userId, userId));
}
