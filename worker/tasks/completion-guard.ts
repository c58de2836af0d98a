import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";

/**
 * The first statement of a batch that must apply only to the task as it was read: it aborts the
 * whole batch (one D1 transaction) unless the user's task still exists and meets `condition` when
 * the batch runs. The abort is an INSERT of a row with a NULL user_id, selected only when no such
 * task exists, which the NOT NULL constraint refuses.
 */
export function taskGuard(db: Db, userId: string, taskId: number, condition?: SQL) {
  const stillThere = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), condition));
  return db.insert(tasks).select((qb) =>
    qb
      .select({
        id: sql<number>`null`.as("id"),
        userId: sql<string>`null`.as("user_id"),
        title: sql<string>`''`.as("title"),
        description: sql<string>`null`.as("description"),
        category: sql<"later">`null`.as("category"),
        isCompleted: sql<boolean>`0`.as("is_completed"),
        isPriority: sql<boolean>`0`.as("is_priority"),
        noListReason: sql<string>`null`.as("no_list_reason"),
        answers: sql<string>`'{}'`.as("answers"),
        categoryChosen: sql<boolean>`0`.as("category_chosen"),
        createdAt: sql<Date>`0`.as("created_at"),
        updatedAt: sql<Date>`0`.as("updated_at"),
        completedAt: sql<Date>`null`.as("completed_at"),
        priorityDate: sql<string>`null`.as("priority_date"),
        noListDate: sql<string>`null`.as("no_list_date"),
      })
      .from(sql`(select 1)`)
      .where(sql`not exists ${stillThere}`),
  );
}

/**
 * Guard for a batch that completes a task and counts it: two devices completing the same task at
 * once both read it as open; only the first batch commits, so the completion is counted once.
 */
export function taskStillOpenGuard(db: Db, userId: string, taskId: number) {
  return taskGuard(db, userId, taskId, eq(tasks.isCompleted, false));
}

/** Guard for a batch built from the task as read: nobody changed or removed it since (updated_at). */
export function taskUnchangedGuard(db: Db, userId: string, taskId: number, updatedAt: Date) {
  return taskGuard(db, userId, taskId, eq(tasks.updatedAt, updatedAt));
}
