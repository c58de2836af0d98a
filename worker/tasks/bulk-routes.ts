import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { processTasksSchema, savePrioritiesSchema } from "../../shared/schemas/tasks";
import { analyticsStatements, clearAnalyticsStatements } from "../analytics/recorder";
import { requireUser } from "../auth/middleware";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { AppEnv } from "../env";
import { notifyTasksChanged, releaseTimerTasks, resetUserTimer } from "../focus/live";
import { deleteOpenFocusSessionsQuery } from "../focus/user-data";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { insertTitlesStatement, titlesToCreate } from "./braindump";
import { deleteAllTasksStatement } from "./clearing";
import { priorityStatements } from "./priorities";
import { isVisible, listVisibleTasks, toTask } from "./task-rows";
import { deleteUndoRecordsStatement } from "./undo";

/**
 * The multi-row task changes the app itself uses: each is ONE D1 batch (one transaction), so it
 * happens completely or not at all. Mounted at /api; each route names requireUser itself.
 */
export const bulkTaskRoutes = new Hono<AppEnv>()
  .post("/process-tasks", requireUser, validate("json", processTasksSchema), async (c) => {
    // `allowDuplicates` (spec §7 sends true) is accepted but changes nothing: the screen already
    // drops duplicates before sending, and the server drops them again so a stale screen, a second
    // tab or a double submit can never create the same task twice.
    const { text } = c.req.valid("json");
    const { db, user } = c.var;
    const existing = await db
      .select({ title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), isVisible()));
    const titles = titlesToCreate(
      text,
      existing.map((row) => row.title),
    );
    // Spec §7: an empty result is an answer, not an error; the screen shows its notice.
    if (titles.length === 0) return c.json([], 200);
    const now = new Date();
    const [inserted] = await db.batch([
      insertTitlesStatement(db, user.id, titles, now),
      ...analyticsStatements(
        db,
        user,
        [{ type: "task-created", count: titles.length }, { type: "categories-changed" }],
        now,
      ),
    ]);
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.json(inserted.sort((a, b) => a.id - b.id).map(toTask), 201);
  })
  .post("/tasks/priorities", requireUser, validate("json", savePrioritiesSchema), async (c) => {
    const { tasks: items } = c.req.valid("json");
    const { db, user } = c.var;
    const visible = new Map((await listVisibleTasks(db, user.id)).map((row) => [row.id, row]));
    const missing = items.find((item) => !visible.has(item.id));
    if (missing) throw notFound(`Task ${missing.id} not found.`);
    const { ranking, statements } = priorityStatements(db, user.id, items, new Date());
    const [first, ...others] = statements;
    if (!first) throw new Error("priorityStatements returned no statement");
    const results = await db.batch([first, ...others, listVisibleTasks(db, user.id)]);
    const after = new Map((results.at(-1) as Awaited<ReturnType<typeof listVisibleTasks>>).map((row) => [row.id, row]));
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    // The ranked tasks, best first: the first three are the priority tasks.
    return c.json(
      ranking.flatMap((item) => {
        const row = after.get(item.id);
        return row ? [toTask(row)] : [];
      }),
    );
  })
  .post("/tasks/clear", requireUser, async (c) => {
    const { db, user } = c.var;
    await db.batch(clearEverythingStatements(db, user.id));
    // After the batch, so a failed clear leaves the timer running; a session that ends in between
    // finds its row gone and records nothing into the cleared statistics.
    await releaseTimerTasks(c.env, user.id);
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.body(null, 204);
  })
  .post("/start-fresh", requireUser, async (c) => {
    const { db, user } = c.var;
    await db.batch(clearEverythingStatements(db, user.id));
    // As above: the data goes first (all or nothing), then the timer.
    await resetUserTimer(c.env, user.id);
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.body(null, 204);
  });

/** Clear Tasks and Start Fresh: every task, every analytics record and any focus session under way. */
function clearEverythingStatements(db: Db, userId: string) {
  return [
    deleteAllTasksStatement(db, userId),
    deleteUndoRecordsStatement(db, userId),
    deleteOpenFocusSessionsQuery(db, userId),
    ...clearAnalyticsStatements(db, userId),
  ] as const;
}
