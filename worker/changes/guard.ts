import type { SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { abortBatchIf } from "../db/batch-guard";
import type { Db } from "../db/client";
import type { Guard } from "./pipeline";

/** A guard of a change (./pipeline.ts): its batch fails whole when `when` holds as it runs. */
export function guardOn(db: Db, table: SQLiteTable, when: SQL): Guard {
  return { table, statement: abortBatchIf(db, table, when) };
}

/** A guard a capability built already (an abortBatchIf on `table`), named with its table. */
export function guardOf(table: SQLiteTable, statement: Guard["statement"]): Guard {
  return { table, statement };
}
