import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { routineDays, routines } from "../db/schema";

/*
 * A person's routines for the account capability (the export), which must not query this
 * capability's tables itself. Account deletion needs nothing here: both tables cascade from the
 * users row (docs/decisions/283-routines-in-start-fresh-export-and-deletion.md).
 */

export function listRoutinesForExport(db: Db, userId: string) {
  return db.select().from(routines).where(eq(routines.userId, userId)).orderBy(asc(routines.id));
}

export function listRoutineDaysForExport(db: Db, userId: string) {
  return db
    .select()
    .from(routineDays)
    .where(eq(routineDays.userId, userId))
    .orderBy(asc(routineDays.routineId), asc(routineDays.day));
}
