import { and, asc, eq, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import { addDays } from "../../shared/day";
import type { Db } from "../db/client";
import { routineDays, routines, tasks } from "../db/schema";
import { isVisible } from "../db/task-rows";
import { ROUTINE_HISTORY_DAYS } from "./occurrences";

/*
 * What a routine's answer is made of (./view.ts): its row, its kept days, and its recent
 * occurrence tasks. The reads run in the session check's batch, before the person's zone is known,
 * so they take the days around the machine's UTC date: every zone's today lies within a day of it.
 */

export type RoutineRow = typeof routines.$inferSelect;
export type RoutineDayRow = typeof routineDays.$inferSelect;
export type OccurrenceTask = { id: number; routineId: number | null; routineDay: string | null; isCompleted: boolean };

const utcDate = (now: Date) => now.toISOString().slice(0, 10);

/** The person's routines, oldest first; only `which` when given (an SQL condition on routines). */
export function routinesQuery(db: Db, userId: string, which?: SQL) {
  return db
    .select()
    .from(routines)
    .where(and(eq(routines.userId, userId), which))
    .orderBy(asc(routines.id));
}

/** Their kept days. */
export function routineDaysQuery(db: Db, userId: string, now: Date, which?: SQL) {
  return db
    .select()
    .from(routineDays)
    .where(
      and(
        eq(routineDays.userId, userId),
        gte(routineDays.day, addDays(utcDate(now), -ROUTINE_HISTORY_DAYS - 1)),
        which ? sql`${routineDays.routineId} in (select ${routines.id} from ${routines} where ${which})` : undefined,
      ),
    );
}

/** Their occurrence tasks of the last days (today's among them), not cleared away. */
export function occurrenceTasksQuery(db: Db, userId: string, now: Date) {
  return db
    .select({ id: tasks.id, routineId: tasks.routineId, routineDay: tasks.routineDay, isCompleted: tasks.isCompleted })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isNotNull(tasks.routineId),
        gte(tasks.routineDay, addDays(utcDate(now), -2)),
        isVisible(),
      ),
    );
}

/** How many routines the person has. */
export function routineCountQuery(db: Db, userId: string) {
  return db.select({ count: sql<number>`count(*)` }).from(routines).where(eq(routines.userId, userId));
}
