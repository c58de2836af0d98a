import { Hono } from "hono";
import { clearTasksSchema } from "../../shared/schemas/tasks";
import { deleteDailyAnalyticsOfUserQuery } from "../analytics/user-data";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { deleteDayClosesOfUserQuery, deleteDayPlansOfUserQuery } from "../day/user-data";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { deleteOpenFocusSessionsQuery } from "../focus/user-data";
import { validOptionalBody } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { deleteUndoRecordsStatement } from "./undo";
import { deleteTasksOfUserQuery } from "./user-data";

/*
 * Clear Tasks and Start Fresh: each is ONE D1 batch (one transaction), so it happens completely or
 * not at all. Each route names requireUser itself.
 */

/** Mounted at /api/tasks beside the single-task routes: POST /api/tasks/clear. */
export const clearTasksRoutes = new Hono<AppEnv>().post("/clear", requireUser, beginDay, applyOnce, async (c) => {
  const { user, commit } = await beginChange(c);
  // A body that is there but broken is a client bug: refuse it before deleting anything.
  await validOptionalBody(c, clearTasksSchema);
  // The hub lets go of the timer after the batch, so a failed clear leaves the timer running; a
  // session that ends in between finds its row gone and records nothing into the cleared statistics.
  await commit(() => ({
    statements: clearEverythingStatements(c.var.db, user.id),
    events: [{ type: "everything-cleared", startFresh: false }],
  }));
  return c.body(null, 204);
});

/** Mounted at /api/start-fresh. */
export const startFreshRoutes = new Hono<AppEnv>().post("/", requireUser, beginDay, applyOnce, async (c) => {
  const { user, commit } = await beginChange(c);
  // A body that is there but broken is a client bug: refuse it before deleting anything.
  await validOptionalBody(c, clearTasksSchema);
  // As above: the data goes first (all or nothing), then the timer is reset.
  await commit(() => ({
    statements: clearEverythingStatements(c.var.db, user.id),
    events: [{ type: "everything-cleared", startFresh: true }],
  }));
  return c.body(null, 204);
});

/** Clear Tasks and Start Fresh: every task, every analytics record, every day's plan and close, and any focus session under way. */
function clearEverythingStatements(db: Db, userId: string) {
  return [
    deleteTasksOfUserQuery(db, userId),
    deleteUndoRecordsStatement(db, userId),
    deleteOpenFocusSessionsQuery(db, userId),
    deleteDailyAnalyticsOfUserQuery(db, userId),
    deleteDayPlansOfUserQuery(db, userId),
    deleteDayClosesOfUserQuery(db, userId),
  ] as const;
}
