import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * A statement that makes its whole batch fail when `condition` holds as the batch runs (D1 runs a
 * batch as one transaction, so nothing of it is written): it inserts a row of NULLs into `table`,
 * whose first column's NOT NULL refuses it. Put it first in a write's batch to repeat there a
 * check that a read made earlier: the read decides the answer, this guard keeps it true under
 * races (docs/decisions/054-every-write-makes-most-two-d1.md). abortedBy tells its failure from any
 * other. (A query builder, not raw SQL: drizzle's D1 batch cannot bind the parameters of a raw
 * statement.)
 */
export function abortBatchIf(db: Db, table: SQLiteTable, condition: SQL) {
  const nulls = Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, sql`null`.as(key)]));
  return db.insert(table).select((qb) => qb.select(nulls).from(sql`(select 1)`).where(condition) as never);
}

/** The messages of an error and of its causes (D1 and drizzle may wrap the SQLite error). */
function messagesOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 5; e = e instanceof Error ? e.cause : undefined) {
    parts.push(e instanceof Error ? e.message : String(e));
  }
  return parts.join("\n");
}

/** Whether a failed batch was stopped by abortBatchIf on this table. */
export function abortedBy(err: unknown, table: SQLiteTable): boolean {
  return messagesOf(err).includes(`NOT NULL constraint failed: ${getTableName(table)}.`);
}

/** Whether a write failed on a UNIQUE constraint (e.g. lost a race for a username or email). */
export function isUniqueViolation(err: unknown): boolean {
  return /UNIQUE constraint/i.test(messagesOf(err));
}

/**
 * Whether a write failed on a FOREIGN KEY constraint: a row it adds names a row that is gone (say,
 * the person's own, their account deleted meanwhile: worker/changes/pipeline.ts).
 */
export function isForeignKeyViolation(err: unknown): boolean {
  return /FOREIGN KEY constraint/i.test(messagesOf(err));
}
