import { msg } from "@lingui/core/macro";
import { and, eq, notExists, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { hasRemovedMarker, LIMITS, REMOVED_MARKER } from "../../shared/constants";
import { parseEstimate } from "../../shared/estimate";
import { dedupeTitles, firstTooLongTitle, splitTasks, titleKey, withoutExisting } from "../../shared/split-tasks";
import { wordsAsText } from "../../shared/words";
import { guardOf } from "../changes/guard";
import type { ChangeUser } from "../changes/pipeline";
import type { CommitOfRequest } from "../changes/request";
import { abortBatchIf } from "../db/batch-guard";
import type { Db } from "../db/client";
import { selectListOf } from "../db/insert-select";
import { tasks, users } from "../db/schema";
import { isVisible, newTaskColumns, type TaskRow } from "../db/task-rows";
import { badRequest, conflict } from "../http/errors";
import { todayOf } from "../today/today";

/** A braindump line as it becomes a task: its title, and the estimate written at its end, if any. */
export type NewTask = { title: string; estimateMinutes: number | null };

/**
 * The tasks a braindump adds: split (docs/product.md#input-step), checked against the limits, an
 * estimate suffix ("~45m") taken off each title
 * (docs/decisions/290-estimates-written-at-the-end-of-a-line.md), without duplicates inside the text
 * or against the user's visible titles (case-insensitive). Over a limit: a 400.
 */
export function tasksToCreate(text: string, existingTitles: Iterable<string>): NewTask[] {
  const estimates = new Map<string, number | null>();
  const titles = titlesToCreate(text, existingTitles, (line) => {
    const parsed = parseEstimate(line);
    const key = titleKey(parsed.title);
    if (!estimates.has(key)) estimates.set(key, parsed.estimateMinutes);
    return parsed.title;
  });
  return titles.map((title) => ({ title, estimateMinutes: estimates.get(titleKey(title)) ?? null }));
}

function titlesToCreate(text: string, existingTitles: Iterable<string>, titleOf: (line: string) => string): string[] {
  const items = splitTasks(text);
  if (items.length > LIMITS.braindumpLinesMax) {
    const max = LIMITS.braindumpLinesMax;
    const count = items.length;
    throw badRequest(msg`A braindump can hold at most ${max} tasks at once; this one has ${count}.`);
  }
  const tooLong = firstTooLongTitle(items);
  if (tooLong !== -1) {
    const line = tooLong + 1;
    const max = LIMITS.titleMax;
    throw badRequest(msg`Task ${line} is too long: a task title can be at most ${max} characters.`, [
      { path: ["text"], message: wordsAsText(msg`Task ${line} is longer than ${max} characters.`) },
    ]);
  }
  // A line with the marker would be hidden as soon as it is created: refused, never hidden.
  const marked = items.findIndex(hasRemovedMarker);
  if (marked !== -1) {
    const line = marked + 1;
    const marker = REMOVED_MARKER;
    const said = msg`Task ${line}: A new task's title cannot contain "${marker}": the app uses it to hide removed tasks. Reword it, for example "(removed)".`;
    throw badRequest(said, [{ path: ["text"], message: wordsAsText(said) }]);
  }
  return withoutExisting(dedupeTitles(items.map(titleOf)).unique, existingTitles).fresh;
}

/**
 * ONE insert statement for any number of titles. D1 allows 100 bound parameters per statement, so
 * a multi-row VALUES list would have to be cut into chunks of 14 rows (7 parameters each) — 143
 * statements for 2,000 lines, and D1 counts every statement against the per-request query limit.
 * Instead the titles travel as one JSON array parameter and `json_each` expands it into rows, in
 * input order (so ids follow the order of the text). Four parameters, whatever the size.
 */
export function insertTitlesStatement(db: Db, userId: string, items: readonly NewTask[], now: Date, today: string) {
  const columns = newTaskColumns(
    {
      userId: sql`${userId}`,
      title: sql`json_extract(value, '$.title')`,
      estimateMinutes: sql`json_extract(value, '$.estimateMinutes')`,
    },
    now,
    today,
  );
  const select = sql`select ${selectListOf(tasks, columns)} from json_each(${JSON.stringify(items)}) order by key`;
  return db.insert(tasks).select(select).returning();
}

/** Concurrent braindumps of one user each win one round; past this many rounds the caller is told to retry. */
const MAX_ATTEMPTS = 5;

/**
 * Creates the braindump's new tasks and counts them in analytics, in one batch. The duplicate check
 * must see every title committed before the insert, also those of the same braindump sent twice at
 * once (a double submit, a second tab). Titles compare by a Unicode-aware key that SQLite's
 * `lower()` cannot reproduce, so the check stays here, and the batch instead opens with a guard
 * that aborts it when the user's tasks changed since the titles were read (`tasks_version`, bumped
 * by triggers on every write to them); then it reads and tries again.
 */
export async function createBraindumpTasks(
  db: Db,
  user: ChangeUser,
  commit: CommitOfRequest,
  now: Date,
  text: string,
  firstRead: BraindumpState,
): Promise<TaskRow[]> {
  let state = firstRead;
  let version = 0;
  let items: NewTask[] = [];
  const committed = await commit(
    async (attempt) => {
      if (attempt > 1) state = await db.batch(braindumpStateQueries(db, user.id));
      const [[versionRow], existing] = state;
      version = versionRow?.version ?? 0;
      items = tasksToCreate(
        text,
        existing.map((row) => row.title),
      );
      return {
        guards: [guardOf(tasks, tasksUnchangedGuard(db, user.id, version))],
        statements: items.length === 0 ? [] : [insertTitlesStatement(db, user.id, items, now, todayOf(user, now).date)],
        events: [{ type: "tasks-created", count: items.length }],
      };
    },
    {
      whenAborted: async ({ attempt, error }) => {
        const [current] = await tasksVersionQuery(db, user.id);
        // Unchanged tasks: the batch failed for another reason, which is not ours to hide.
        if ((current?.version ?? 0) === version) throw error;
        if (attempt >= MAX_ATTEMPTS)
          throw conflict(msg`Your tasks were changing while this was saved. Please try again.`);
      },
    },
  );
  return (committed.results[0] as TaskRow[] | undefined) ?? [];
}

/**
 * What a braindump reads before it inserts: the tasks' version and the visible titles, in one batch
 * (one transaction, so both come from the same state). The route sends them with its session check.
 */
export function braindumpStateQueries(db: Db, userId: string) {
  return [
    tasksVersionQuery(db, userId),
    db
      .select({ title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), isVisible())),
  ] as const;
}

export type BraindumpState = BatchResponse<ReturnType<typeof braindumpStateQueries>>;

export function tasksVersionQuery(db: Db, userId: string) {
  return db.select({ version: users.tasksVersion }).from(users).where(eq(users.id, userId));
}

/**
 * First statement of a batch that writes the person's tasks from what it read at `version`
 * (abortBatchIf): the batch fails whole when the tasks changed meanwhile, so the caller reads them
 * again. The braindump and Undo both use it, so neither lists a title twice.
 */
export function tasksUnchangedGuard(db: Db, userId: string, version: number) {
  return abortBatchIf(
    db,
    tasks,
    notExists(
      db
        .select({ version: users.tasksVersion })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tasksVersion, version))),
    ),
  );
}
