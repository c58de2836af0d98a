import { Hono } from "hono";
import { clearTasksSchema, processTasksSchema, savePrioritiesSchema } from "../../shared/schemas/tasks";
import { deleteDailyAnalyticsOfUserQuery } from "../analytics/user-data";
import { requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { markPlannedStatement } from "../day/plan";
import { todayOf } from "../day/today";
import { deleteDayPlansOfUserQuery } from "../day/user-data";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { announceTasksChanged } from "../focus/live";
import { deleteOpenFocusSessionsQuery } from "../focus/user-data";
import { notFound } from "../http/errors";
import { validate, validOptionalBody } from "../http/validation";
import { braindumpStateQueries, createBraindumpTasks } from "./braindump";
import { priorityStatements } from "./priorities";
import { listVisibleTasks, toTask } from "./task-rows";
import { deleteUndoRecordsStatement } from "./undo";
import { deleteTasksOfUserQuery } from "./user-data";

/*
 * The multi-row task changes the app itself uses: each is ONE D1 batch (one transaction), so it
 * happens completely or not at all. Each route names requireUser itself.
 */

/** Mounted at /api/process-tasks: the braindump's lines become tasks. */
export const processTasksRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  validate("json", processTasksSchema),
  async (c) => {
    // `allowDuplicates` (docs/product.md#compatible-calls sends true) is accepted but changes nothing: the screen already
    // drops duplicates before sending, and the server drops them again so a stale screen, a second
    // tab or a double submit can never create the same task twice (see createBraindumpTasks).
    const { text } = c.req.valid("json");
    // The session check and the existing titles in one trip; the insert in a second.
    const { user, data } = await readAsUser(c, (db, userId) => braindumpStateQueries(db, userId));
    const { db } = c.var;
    const inserted = await createBraindumpTasks(db, user, text, data);
    // docs/product.md#compatible-calls: an empty result is an answer, not an error; the screen shows its notice.
    if (inserted.length === 0) return c.json([], 200);
    await announceTasksChanged(c, user.id);
    return c.json(inserted.sort((a, b) => a.id - b.id).map(toTask), 201);
  },
);

/** Mounted at /api/tasks beside the single-task routes. */
export const bulkTaskRoutes = new Hono<AppEnv>()
  .post("/priorities", requireUser, validate("json", savePrioritiesSchema), async (c) => {
    const { tasks: items } = c.req.valid("json");
    // The session check and the visible tasks in one trip; the ranking is saved in a second.
    const {
      user,
      data: [visibleRows],
    } = await readAsUser(c, (db, userId) => [listVisibleTasks(db, userId)]);
    const { db } = c.var;
    const visible = new Map(visibleRows.map((row) => [row.id, row]));
    const missing = items.find((item) => !visible.has(item.id));
    if (missing) throw notFound(`Task ${missing.id} not found.`);
    const now = new Date();
    const today = todayOf(user, now).date;
    const { ranking, statements } = priorityStatements(db, user.id, items, now, today);
    const [first, ...others] = statements;
    if (!first) throw new Error("priorityStatements returned no statement");
    // Analyze Priorities also plans the day (docs/product.md#plan-your-day).
    const results = await db.batch([
      first,
      ...others,
      markPlannedStatement(
        db,
        user.id,
        today,
        now,
        ranking.filter((item) => item.isTop).map((item) => item.id),
      ),
      listVisibleTasks(db, user.id),
    ]);
    const after = new Map((results.at(-1) as Awaited<ReturnType<typeof listVisibleTasks>>).map((row) => [row.id, row]));
    await announceTasksChanged(c, user.id, { dayChanged: true });
    // The ranked tasks, best first: the first three are the priority tasks.
    return c.json(
      ranking.flatMap((item) => {
        const row = after.get(item.id);
        return row ? [toTask(row)] : [];
      }),
    );
  })
  .post("/clear", requireUser, async (c) => {
    const { user } = await readAsUser(c);
    // A body that is there but broken is a client bug: refuse it before deleting anything.
    await validOptionalBody(c, clearTasksSchema);
    const { db } = c.var;
    await db.batch(clearEverythingStatements(db, user.id));
    // After the batch, so a failed clear leaves the timer running; a session that ends in between
    // finds its row gone and records nothing into the cleared statistics.
    await announceTasksChanged(c, user.id, { removedTasks: "all" });
    return c.body(null, 204);
  });

/** Mounted at /api/start-fresh. */
export const startFreshRoutes = new Hono<AppEnv>().post("/", requireUser, async (c) => {
  const { user } = await readAsUser(c);
  // A body that is there but broken is a client bug: refuse it before deleting anything.
  await validOptionalBody(c, clearTasksSchema);
  const { db } = c.var;
  await db.batch(clearEverythingStatements(db, user.id));
  // As above: the data goes first (all or nothing), then the timer.
  await announceTasksChanged(c, user.id, { resetTimer: true });
  return c.body(null, 204);
});

/** Clear Tasks and Start Fresh: every task, every analytics record, every day's plan and any focus session under way. */
function clearEverythingStatements(db: Db, userId: string) {
  return [
    deleteTasksOfUserQuery(db, userId),
    deleteUndoRecordsStatement(db, userId),
    deleteOpenFocusSessionsQuery(db, userId),
    deleteDailyAnalyticsOfUserQuery(db, userId),
    deleteDayPlansOfUserQuery(db, userId),
  ] as const;
}
