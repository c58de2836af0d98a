import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import { REMOVED_MARKER } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import type { Db } from "../db/client";
import { tasks, users } from "../db/schema";

export type TaskRow = typeof tasks.$inferSelect;

/** The columns a task's API shape is made of. */
const apiColumns = {
  id: tasks.id,
  userId: tasks.userId,
  title: tasks.title,
  description: tasks.description,
  category: tasks.category,
  isCompleted: tasks.isCompleted,
  isPriority: tasks.isPriority,
  noListReason: tasks.noListReason,
  answers: tasks.answers,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
};

/** The API shape of a task row (docs/product.md#task). */
export function toTask(row: Pick<TaskRow, keyof typeof apiColumns>): Task {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description,
    category: row.category,
    isCompleted: row.isCompleted,
    isPriority: row.isPriority,
    noListReason: row.noListReason,
    answers: row.answers,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/**
 * Tasks whose title carries "[REMOVED]" are hidden everywhere (docs/product.md#task-rules). instr,
 * not LIKE: case-sensitive like hasRemovedMarker, so server and browser hide the same tasks (docs/decisions.md#114).
 */
export const isVisible = (): SQL => sql`instr(${tasks.title}, ${REMOVED_MARKER}) = 0`;

export function listVisibleTasks(db: Db, userId: string) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isVisible()))
    .orderBy(tasks.id);
}

/**
 * GET /api/tasks: the visible tasks with only the columns of their API shape, in id order; none at
 * all when the user's tasks version is one of `unlessVersion` (the reader has that list already).
 * SQLite evaluates that condition once, before reading any task.
 */
export function visibleTaskListQuery(db: Db, userId: string, unlessVersion: number[] = []) {
  const version = sql`(select ${users.tasksVersion} from ${users} where ${users.id} = ${userId})`;
  return db
    .select(apiColumns)
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        isVisible(),
        unlessVersion.length > 0 ? notInArray(version, unlessVersion) : undefined,
      ),
    )
    .orderBy(tasks.id);
}

/** The user's task of this id as a one-row list, for a batch (findFirst fails there when none matches). */
export function ownTaskQuery(db: Db, userId: string, id: number) {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId)))
    .limit(1);
}

export function findOwnTask(db: Db, userId: string, id: number) {
  return db.query.tasks.findFirst({ where: and(eq(tasks.id, id), eq(tasks.userId, userId)) });
}
