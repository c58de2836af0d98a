import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tasks, undoActions } from "../db/schema";
import { newUndoTicket, recordUndoStatements } from "./undo";

export { newUndoTicket };

/**
 * For another capability's change that deletes the person's tasks (the evening close's "Delete"):
 * the statements to put before the delete in its batch, so an Undo of `ticket` brings them back.
 */
export function recordRemovalForUndo(
  db: Db,
  userId: string,
  ids: readonly number[],
  ticket: ReturnType<typeof newUndoTicket>,
  now: Date,
) {
  return recordUndoStatements(db, userId, JSON.stringify(ids), null, ticket, now);
}

/**
 * A user's tasks for the account capability (export, deletion), which must not query this
 * capability's table itself. Every row, including ones hidden by "[REMOVED]": it is still their data.
 */
export function listTasksForExport(db: Db, userId: string) {
  return db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(tasks.id);
}

/**
 * Deletes every task of the user, visible or hidden ("[REMOVED]" leftovers of the spec's old clear):
 * Clear Tasks, Start Fresh and account deletion. Focus sessions stay and keep their minutes; their
 * task reference becomes null (docs/decisions/008-deleting-task-has-focus-sessions.md, FK on delete
 * set null).
 */
export function deleteTasksOfUserQuery(db: Db, userId: string) {
  return db.delete(tasks).where(eq(tasks.userId, userId));
}

/**
 * Up to `batch` Undo records past their window, of anyone (the daily clean-up: worker/scheduled.ts);
 * a person's own next change also drops theirs.
 */
export function deleteExpiredUndoRecordsQuery(db: Db, now: number, batch: number) {
  return db
    .delete(undoActions)
    .where(
      sql`${undoActions.token} in (select ${undoActions.token} from ${undoActions} where ${undoActions.expiresAt} <= ${now} limit ${batch})`,
    );
}
