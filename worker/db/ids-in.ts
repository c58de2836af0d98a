import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `column IN (ids)` with the ids as ONE bound JSON parameter read with json_each: D1 allows 100
 * bound parameters per statement, and a list of up to 500 ids must still be one statement.
 */
export function idsIn(column: SQLiteColumn, ids: readonly number[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
