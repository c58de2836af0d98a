import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The SELECT list of an INSERT … SELECT into `table`: one expression per column, keyed by the
 * row's fields and joined in the table's column order, so a column added to the table breaks the
 * build where its value is missing instead of shifting the others.
 */
export function selectListOf<T extends SQLiteTable>(table: T, values: Record<keyof T["$inferSelect"], SQL>): SQL {
  return sql.join(
    Object.keys(getTableColumns(table)).map((column) => values[column as keyof T["$inferSelect"]]),
    sql`, `,
  );
}
