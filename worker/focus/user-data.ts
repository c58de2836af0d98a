import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { focusSessions } from "../db/schema";

/** A user's focus sessions for the account capability (export, deletion). */
export function listFocusSessionsForExport(db: Db, userId: string) {
  return db.select().from(focusSessions).where(eq(focusSessions.userId, userId)).orderBy(focusSessions.id);
}

/** The statement that deletes every focus session of the user, for the account deletion batch. */
export function deleteFocusSessionsOfUserQuery(db: Db, userId: string) {
  return db.delete(focusSessions).where(eq(focusSessions.userId, userId));
}

/**
 * Start Fresh and Clear Tasks: the user's focus sessions still under way are dropped with the
 * tasks and statistics. A timer that finishes later then finds no row and records nothing.
 */
export function deleteOpenFocusSessionsQuery(db: Db, userId: string) {
  return db.delete(focusSessions).where(and(eq(focusSessions.userId, userId), eq(focusSessions.isCompleted, false)));
}
