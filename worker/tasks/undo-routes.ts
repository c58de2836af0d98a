import { Hono } from "hono";
import { type UndoResult, undoRequestSchema } from "../../shared/schemas/undo";
import { analyticsStatements, takeBackCompletionsStatements } from "../analytics/recorder";
import { requireUser } from "../auth/middleware";
import { readRowAsUser } from "../auth/session-read";
import type { AppEnv } from "../env";
import { announceTasksChanged } from "../focus/live";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import {
  consumeUndoStatement,
  findUndoRecord,
  restoreTasksStatement,
  undoRecordQuery,
  undoStillOpenGuard,
} from "./undo";

const TOO_LATE = "There is nothing to undo: the time to undo it has passed, or it was undone already.";

/** Mounted at /api/undo: POST /api/undo {token} takes back a removal within its window (./undo.ts). */
export const undoRoutes = new Hono<AppEnv>().post("/", requireUser, validate("json", undoRequestSchema), async (c) => {
  const { token } = c.req.valid("json");
  const now = new Date();
  // The session check and the record in one trip; the restore in a second.
  const { user, row: record } = await readRowAsUser(c, (db, userId) => undoRecordQuery(db, userId, token, now));
  const { db } = c.var;
  // Unknown, expired, used or another user's: the same 404, and nothing written.
  if (!record) throw notFound(TOO_LATE);
  const { snapshot } = record;
  try {
    await db.batch([
      undoStillOpenGuard(db, user.id, token, now),
      restoreTasksStatement(db, user.id, snapshot),
      ...(snapshot.counted ? takeBackCompletionsStatements(db, user.id, snapshot.counted) : []),
      ...analyticsStatements(db, user, [{ type: "categories-changed" }], now),
      consumeUndoStatement(db, user.id, token, now),
    ]);
  } catch (err) {
    // The guard aborted: another Undo of the same removal came first.
    if (!(await findUndoRecord(db, user.id, token, now))) throw notFound(TOO_LATE);
    throw err;
  }
  await announceTasksChanged(c, user.id);
  return c.json({ restored: snapshot.tasks.length } satisfies UndoResult);
});
