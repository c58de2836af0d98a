import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { LIMITS } from "../../shared/constants";
import { dedupeTitles, splitTasks, withoutExisting } from "../../shared/split-tasks";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { badRequest } from "../http/errors";
import type { TaskRow } from "./task-rows";

/**
 * The titles a braindump adds: split (spec §5), checked against the limits, without duplicates
 * inside the text or against the user's visible titles (case-insensitive). Over a limit: a 400.
 */
export function titlesToCreate(text: string, existingTitles: Iterable<string>): string[] {
  const items = splitTasks(text);
  if (items.length > LIMITS.braindumpLinesMax) {
    throw badRequest(
      `A braindump can hold at most ${LIMITS.braindumpLinesMax} tasks at once; this one has ${items.length}.`,
    );
  }
  const tooLong = items.findIndex((item) => item.length > LIMITS.titleMax);
  if (tooLong !== -1) {
    throw badRequest(`Task ${tooLong + 1} is too long: a task title can be at most ${LIMITS.titleMax} characters.`, [
      { path: ["text"], message: `Task ${tooLong + 1} is longer than ${LIMITS.titleMax} characters.` },
    ]);
  }
  return withoutExisting(dedupeTitles(items).unique, existingTitles).fresh;
}

/**
 * ONE insert statement for any number of titles. D1 allows 100 bound parameters per statement, so
 * a multi-row VALUES list would have to be cut into chunks of 14 rows (7 parameters each) — 143
 * statements for 2,000 lines, and D1 counts every statement against the per-request query limit.
 * Instead the titles travel as one JSON array parameter and `json_each` expands it into rows, in
 * input order (so ids follow the order of the text). Four parameters, whatever the size.
 */
export function insertTitlesStatement(db: Db, userId: string, titles: readonly string[], now: Date) {
  const at = now.getTime();
  // One expression per column, keyed by the row type: adding a column to tasks breaks the build
  // here instead of silently shifting the INSERT ... SELECT column list.
  const columnValue: Record<keyof TaskRow, SQL> = {
    id: sql`null`,
    userId: sql`${userId}`,
    title: sql`value`,
    description: sql`null`,
    category: sql`'later'`,
    isCompleted: sql`0`,
    isPriority: sql`0`,
    noListReason: sql`null`,
    answers: sql`'{}'`,
    categoryChosen: sql`0`,
    createdAt: sql`${at}`,
    updatedAt: sql`${at}`,
    completedAt: sql`null`,
  };
  const columns = Object.keys(getTableColumns(tasks)) as (keyof TaskRow)[];
  const select = sql`select ${sql.join(
    columns.map((column) => columnValue[column]),
    sql`, `,
  )} from json_each(${JSON.stringify(titles)}) order by key`;
  return db.insert(tasks).select(select).returning();
}
