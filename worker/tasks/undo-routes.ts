import { Hono } from "hono";
import { type UndoResult, undoRequestSchema } from "../../shared/schemas/undo";
import { withoutExisting } from "../../shared/split-tasks";
import { beginChange } from "../auth/begin-change";
import { requireUser } from "../auth/middleware";
import { guardOf } from "../changes/guard";
import { todayOf } from "../day/today";
import { tasks, type UndoSnapshot, undoActions } from "../db/schema";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../http/errors";
import { validate } from "../http/validation";
import { type BraindumpState, braindumpStateQueries, tasksUnchangedGuard, tasksVersionQuery } from "./braindump";
import { keepTodaysPrioritiesStatement } from "./mark-rules";
import {
  consumeUndoStatement,
  findUndoRecord,
  restoreTasksStatement,
  undoRecordQuery,
  undoStillOpenGuard,
} from "./undo";

const TOO_LATE = "There is nothing to undo: the time to undo it has passed, or it was undone already.";

/** Concurrent writes to the person's tasks each win one round; past this many the Undo asks to retry. */
const MAX_ATTEMPTS = 5;

/**
 * The first title of the removed tasks that is on the person's list again, by the braindump's
 * duplicate rule (case-insensitive, against every visible title): restoring it would list it twice.
 */
function titleOnListAgain(snapshot: UndoSnapshot, state: BraindumpState): string | undefined {
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
 * (docs/decisions/128-undo-refuses-duplicates.md); like the braindump, the restoring batch opens
 * with a guard on the tasks' version, so a duplicate added meanwhile is seen on the next round.
 */
export const undoRoutes = new Hono<AppEnv>().post("/", requireUser, validate("json", undoRequestSchema), async (c) => {
  const { token } = c.req.valid("json");
  // The session check, the record and the visible titles in one trip; the restore in a second.
  const {
    user,
    data: [[record], ...firstState],
    now,
    commit,
  } = await beginChange(c, (db, userId) => [
    undoRecordQuery(db, userId, token, new Date()),
    ...braindumpStateQueries(db, userId),
  ]);
  const { db } = c.var;
  // Unknown, expired, used or another user's: the same 404, and nothing written.
  if (!record) throw notFound(TOO_LATE);
  const { snapshot } = record;
  let state: BraindumpState = firstState;
  let version = 0;
  await commit(
    async (attempt) => {
      if (attempt > 1) state = await db.batch(braindumpStateQueries(db, user.id));
      const again = titleOnListAgain(snapshot, state);
      if (again !== undefined) {
        throw conflict(`"${again}" is on your list again, so Undo would list it twice. Nothing was changed.`);
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
            todayOf(user, now).date,
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
          throw conflict("Your tasks were changing while this was undone. Please try again.");
      },
    },
  );
  return c.json({ restored: snapshot.tasks.length } satisfies UndoResult);
});
