import { msg } from "@lingui/core/macro";
import type { BatchResponse } from "drizzle-orm/batch";
import { Hono } from "hono";
import { type UndoResult, undoRequestSchema } from "../../shared/schemas/undo";
import { withoutExisting } from "../../shared/split-tasks";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { guardOf } from "../changes/guard";
import type { Db } from "../db/client";
import { tasks, type UndoSnapshot, undoActions } from "../db/schema";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { braindumpStateQueries, tasksUnchangedGuard, tasksVersionQuery } from "./braindump";
import { keepTodaysPrioritiesStatement } from "./mark-rules";
import {
  consumeUndoStatement,
  findUndoRecord,
  occurrencesOfRecordQuery,
  restoreTasksStatement,
  undoRecordQuery,
  undoStillOpenGuard,
} from "./undo";

const TOO_LATE = msg`There is nothing to undo: the time to undo it has passed, or it was undone already.`;

/** Concurrent writes to the person's tasks each win one round; past this many the Undo asks to retry. */
const MAX_ATTEMPTS = 5;

/**
 * What an Undo decides from, read at one version of the tasks: that version, the visible titles
 * (the braindump's), and the occurrence tasks on the days of the occurrences it would restore.
 */
function undoStateQueries(db: Db, userId: string, token: string, now: Date) {
  return [...braindumpStateQueries(db, userId), occurrencesOfRecordQuery(db, userId, token, now)] as const;
}

type UndoState = BatchResponse<ReturnType<typeof undoStateQueries>>;

/**
 * The first removed occurrence whose routine has made its day's occurrence again since (under
 * another id): restoring it would make the day's second, which the unique index refuses
 * (docs/decisions/310-undo-refuses-a-second-occurrence.md).
 */
function occurrenceMadeAgain(snapshot: UndoSnapshot, state: UndoState) {
  const [, , occurrences] = state;
  const removedIds = new Set(snapshot.tasks.map((task) => task.id));
  const madeAgain = new Set(
    occurrences.filter((row) => !removedIds.has(row.id)).map((row) => `${row.routineId} ${row.routineDay}`),
  );
  return snapshot.tasks.find((task) => task.routineId != null && madeAgain.has(`${task.routineId} ${task.routineDay}`));
}

/**
 * The first title of the removed tasks that is on the person's list again, by the braindump's
 * duplicate rule (case-insensitive, against every visible title): restoring it would list it twice.
 */
function titleOnListAgain(snapshot: UndoSnapshot, state: UndoState): string | undefined {
  const [, visible] = state;
  const titles = snapshot.tasks.map((task) => task.title);
  const { fresh } = withoutExisting(
    titles,
    visible.map((row) => row.title),
  );
  return titles.find((title) => !fresh.includes(title));
}

/**
 * Mounted at /api/undo: POST /api/undo {token} takes back a removal within its window (./undo.ts).
 * A removed task whose title is on the list again answers 409 and restores nothing
 * (docs/decisions/128-undo-refuses-duplicates.md), and so does a routine's occurrence whose day the
 * routine has made again (docs/decisions/310-undo-refuses-a-second-occurrence.md); like the
 * braindump, the restoring batch opens with a guard on the tasks' version, so a duplicate or an
 * occurrence added meanwhile is seen on the next round.
 */
export const undoRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  beginDay,
  applyOnce,
  validate("json", undoRequestSchema),
  async (c) => {
    const { token } = c.req.valid("json");
    // The session check, the record and the visible titles in one trip; the restore in a second.
    const {
      user,
      data: [[record], ...firstState],
      now,
      commit,
    } = await beginChange(c, (db, userId) => [
      undoRecordQuery(db, userId, token, new Date()),
      ...undoStateQueries(db, userId, token, new Date()),
    ]);
    const { db } = c.var;
    // Unknown, expired, used or another user's: the same 404, and nothing written.
    if (!record) throw notFound(TOO_LATE);
    const { snapshot } = record;
    const today = todayOf(user, now).date;
    let state: UndoState = firstState;
    let version = 0;
    await commit(
      async (attempt) => {
        if (attempt > 1) state = await db.batch(undoStateQueries(db, user.id, token, now));
        const occurrence = occurrenceMadeAgain(snapshot, state);
        if (occurrence) {
          const title = occurrence.title;
          throw conflict(
            occurrence.routineDay === today
              ? msg`"${title}" is today's task of a routine that has made it again since, so Undo would make it twice. Nothing was changed.`
              : msg`"${title}" is that day's task of a routine that has made it again since, so Undo would make it twice. Nothing was changed.`,
          );
        }
        const again = titleOnListAgain(snapshot, state);
        if (again !== undefined) {
          throw conflict(msg`"${again}" is on your list again, so Undo would list it twice. Nothing was changed.`);
        }
        version = state[0][0]?.version ?? 0;
        return {
          guards: [
            guardOf(undoActions, undoStillOpenGuard(db, user.id, token, now)),
            guardOf(tasks, tasksUnchangedGuard(db, user.id, version)),
          ],
          statements: [
            restoreTasksStatement(db, user.id, snapshot),
            // Past today's three open priorities (a plan made since the removal), the restored tasks
            // come back without their marks (docs/decisions/172-marks-rules-on-every-route.md).
            keepTodaysPrioritiesStatement(
              db,
              user.id,
              snapshot.tasks.map((task) => task.id),
              today,
              now,
            ),
            consumeUndoStatement(db, user.id, token, now),
          ],
          events: [{ type: "tasks-restored", counted: snapshot.counted }],
        };
      },
      {
        // A guard aborted: another Undo of the same removal came first, or the tasks changed since
        // their titles were read (then read them again).
        whenAborted: async ({ attempt, error }) => {
          if (!(await findUndoRecord(db, user.id, token, now))) throw notFound(TOO_LATE);
          const [current] = await tasksVersionQuery(db, user.id);
          if ((current?.version ?? 0) === version) throw error;
          if (attempt >= MAX_ATTEMPTS)
            throw conflict(msg`Your tasks were changing while this was undone. Please try again.`);
        },
      },
    );
    return c.json({ restored: snapshot.tasks.length } satisfies UndoResult);
  },
);
