import { deleteExpiredSessionsQuery } from "./auth/sessions";
import { deleteExpiredLoginFailuresQuery } from "./auth/throttle";
import { createDb, type Db } from "./db/client";
import { directoryDatabase, everyPersonDatabase } from "./db/person-db";
import type { Bindings } from "./env";
import { deleteExpiredReceiptsQuery } from "./http/apply-once";
import { deleteOldSuggestionUsageQuery } from "./suggestions/user-data";
import { deleteExpiredUndoRecordsQuery } from "./tasks/user-data";

/** Rows one statement deletes: a short write, so requests waiting on the database are not held up. */
export const CLEANUP_BATCH = 500;
/**
 * Statements per kind and run: the run stays within a Worker's subrequest limit, and what is left
 * waits for the next day (a day's new expiries are far fewer than 25,000 per kind).
 */
export const CLEANUP_ROUNDS = 50;

/** Every kind of row that has a lifetime, each with the statement that deletes a batch of its expired rows. */
const EXPIRING: Record<string, (db: Db, now: number, batch: number) => { run(): Promise<D1Result> }> = {
  sessions: deleteExpiredSessionsQuery,
  loginFailures: deleteExpiredLoginFailuresQuery,
  changeReceipts: deleteExpiredReceiptsQuery,
  undoRecords: deleteExpiredUndoRecordsQuery,
  suggestionUsage: deleteOldSuggestionUsageQuery,
};

/**
 * The Worker's cron trigger (wrangler.toml `[triggers]`, once a day): every kind of row that has a
 * lifetime and is past it is deleted, in bounded batches (docs/decisions/225-daily-clean-up.md).
 * Requests drop some of them too (a person's own expired ids and Undo records, a refused session's
 * row); this removes those of people and devices that never come back, and of sign-ins to no account.
 * Answers how many rows of each kind went.
 */
export async function cleanUpExpiredRows(db: Db, now: number): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [kind, query] of Object.entries(EXPIRING)) {
    deleted[kind] = 0;
    for (let round = 0; round < CLEANUP_ROUNDS; round++) {
      const { meta } = await query(db, now, CLEANUP_BATCH).run();
      deleted[kind] += meta.changes;
      if (meta.changes < CLEANUP_BATCH) break;
    }
  }
  return deleted;
}

/**
 * cleanUpExpiredRows in the directory and in every person database, one after the other (each
 * bounded as above; a kind whose table a database does not use finds nothing there:
 * docs/decisions/270-person-databases.md). Answers the totals.
 */
export async function cleanUpEveryDatabase(env: Bindings, now: number): Promise<Record<string, number>> {
  const databases = new Set([directoryDatabase(env), ...everyPersonDatabase(env).map(({ database }) => database)]);
  const totals: Record<string, number> = {};
  for (const database of databases) {
    const deleted = await cleanUpExpiredRows(createDb(database), now);
    for (const [kind, count] of Object.entries(deleted)) totals[kind] = (totals[kind] ?? 0) + count;
  }
  return totals;
}

export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  await cleanUpEveryDatabase(env, controller.scheduledTime);
}
