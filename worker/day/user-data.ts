import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { dayCloses, dayPlans } from "../db/schema";

/** A person's day plans for the account capability (export), oldest first. */
export function listDayPlansForExport(db: Db, userId: string) {
  return db.select().from(dayPlans).where(eq(dayPlans.userId, userId)).orderBy(dayPlans.date);
}

/** Clear Tasks, Start Fresh and account deletion: the plans go with the tasks and the statistics. */
export function deleteDayPlansOfUserQuery(db: Db, userId: string) {
  return db.delete(dayPlans).where(eq(dayPlans.userId, userId));
}

/** A person's evening closes for the export, oldest first (docs/decisions/291-the-evening-close.md). */
export function listDayClosesForExport(db: Db, userId: string) {
  return db.select().from(dayCloses).where(eq(dayCloses.userId, userId)).orderBy(dayCloses.date);
}

/** Clear Tasks, Start Fresh and account deletion: the closes go with the plans. */
export function deleteDayClosesOfUserQuery(db: Db, userId: string) {
  return db.delete(dayCloses).where(eq(dayCloses.userId, userId));
}
