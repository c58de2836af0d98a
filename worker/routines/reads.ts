import { and, asc, eq, gte, type SQL, sql } from "drizzle-orm";
import { addDays } from "../../shared/day";
import { weekStartOf } from "../../shared/routines";
import type { Db } from "../db/client";
import { routineDays, routines, tasks } from "../db/schema";
import { isVisible } from "../db/task-rows";
import { ROUTINE_HISTORY_DAYS } from "./occurrences";

/*
 * What a routine's answer is made of (./view.ts): its row, its recent kept days, its older ones
 * for the streak, and its recent occurrence tasks. The reads run in the session check's batch,
 * before the person's zone is known, so they take the days around the machine's UTC date: every
 * zone's today lies within a day of it.
 */

export type RoutineRow = typeof routines.$inferSelect;
export type RoutineDayRow = typeof routineDays.$inferSelect;
export type OccurrenceTask = { id: number; routineId: number | null; routineDay: string | null; isCompleted: boolean };

const utcDate = (now: Date) => now.toISOString().slice(0, 10);

/** How many of its last days a routine's answer shows (Analytics, the routine's screen). */
export const SHOWN_DAYS = 30;

/** The person's routines, oldest first; only `which` when given (an SQL condition on routines). */
export function routinesQuery(db: Db, userId: string, which?: SQL) {
  return db
    .select()
    .from(routines)
    .where(and(eq(routines.userId, userId), which))
    .orderBy(asc(routines.id));
}

/**
 * The first day a routine's answer reads its kept days from (a Monday): its last 30 days and this
 * week in every zone; the days before it are read for the streak only (olderDaysQuery,
 * docs/decisions/326-the-routines-list-reads-its-strips.md).
 */
function recentDaysFrom(now: Date): string {
  return weekStartOf(addDays(utcDate(now), -(SHOWN_DAYS + 1)));
}

/** Their kept days from recentDaysFrom on. */
export function routineDaysQuery(db: Db, userId: string, now: Date, which?: SQL) {
  return db
    .select()
    .from(routineDays)
    .where(
      and(
        eq(routineDays.userId, userId),
        gte(routineDays.day, recentDaysFrom(now)),
        which ? sql`${routineDays.routineId} in (select ${routines.id} from ${routines} where ${which})` : undefined,
      ),
    );
}

/**
 * Each routine's kept days before recentDaysFrom, for its streak only: one row per routine whose
 * `days` is the days one after another, each its date and its state's first letter
 * ("2027-06-01d2027-06-02m..."; null: none), so a year of days is one row read, not 365
 * (docs/decisions/326-the-routines-list-reads-its-strips.md). Only `which` when given.
 */
export function olderDaysQuery(db: Db, userId: string, now: Date, which?: SQL) {
  const from = recentDaysFrom(now);
  const oldest = addDays(utcDate(now), -ROUTINE_HISTORY_DAYS - 1);
  return db
    .select({
      routineId: routines.id,
      days: sql<string | null>`(select group_concat(${routineDays.day} || substr(${routineDays.state}, 1, 1), '')
        from ${routineDays} where ${routineDays.routineId} = ${routines.id}
        and ${routineDays.day} >= ${oldest} and ${routineDays.day} < ${from})`,
    })
    .from(routines)
    .where(and(eq(routines.userId, userId), which));
}

export type OlderDaysRow = { routineId: number; days: string | null };

/** Their occurrence tasks of the last days (today's among them), not cleared away. */
export function occurrenceTasksQuery(db: Db, userId: string, now: Date) {
  return db
    .select({ id: tasks.id, routineId: tasks.routineId, routineDay: tasks.routineDay, isCompleted: tasks.isCompleted })
    .from(tasks)
    .where(
      and(
        // By the routines' own index (tasks_routine_day), not over every task the person kept:
        // the person's routines have only the person's tasks.
        sql`${tasks.routineId} in (select ${routines.id} from ${routines} where ${routines.userId} = ${userId})`,
        gte(tasks.routineDay, addDays(utcDate(now), -2)),
        isVisible(),
      ),
    );
}

/** How many routines the person has. */
export function routineCountQuery(db: Db, userId: string) {
  return db.select({ count: sql<number>`count(*)` }).from(routines).where(eq(routines.userId, userId));
}
