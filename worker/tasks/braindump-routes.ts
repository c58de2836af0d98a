import { msg } from "@lingui/core/macro";
import { Hono } from "hono";
import { processTasksSchema, savePrioritiesSchema } from "../../shared/schemas/tasks";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { markPlannedStatement } from "../day/plan";
import { listVisibleTasks, toTask } from "../db/task-rows";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { braindumpStateQueries, createBraindumpTasks } from "./braindump";
import { priorityStatements } from "./priorities";

/*
 * The braindump's writes of many tasks: its lines become tasks, and Analyze Priorities saves the
 * ranking and plans the day. Each is ONE D1 batch (one transaction), so it happens completely or
 * not at all. Each route names requireUser itself.
 */

/** Mounted at /api/process-tasks: the braindump's lines become tasks. */
export const processTasksRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  beginDay,
  applyOnce,
  validate("json", processTasksSchema),
  async (c) => {
    // `allowDuplicates` (docs/product.md#compatible-calls sends true) is accepted but changes nothing: the screen already
    // drops duplicates before sending, and the server drops them again so a stale screen, a second
    // tab or a double submit can never create the same task twice (see createBraindumpTasks).
    const { text } = c.req.valid("json");
    // The session check and the existing titles in one trip; the insert in a second.
    const { user, data, now, commit } = await beginChange(c, (db, userId) => braindumpStateQueries(db, userId));
    const inserted = await createBraindumpTasks(c.var.db, user, commit, now, text, data);
    // docs/product.md#compatible-calls: an empty result is an answer, not an error; the screen shows its notice.
    if (inserted.length === 0) return c.json([], 200);
    return c.json(inserted.sort((a, b) => a.id - b.id).map(toTask), 201);
  },
);

/** Mounted at /api/tasks beside the single-task routes: POST /api/tasks/priorities. */
export const prioritiesRoutes = new Hono<AppEnv>().post(
  "/priorities",
  requireUser,
  beginDay,
  applyOnce,
  validate("json", savePrioritiesSchema),
  async (c) => {
    const { tasks: items } = c.req.valid("json");
    // The session check and the visible tasks in one trip; the ranking is saved in a second.
    const {
      user,
      data: [visibleRows],
      now,
      commit,
    } = await beginChange(c, (db, userId) => [listVisibleTasks(db, userId)]);
    const { db } = c.var;
    const visible = new Map(visibleRows.map((row) => [row.id, row]));
    const missing = items.find((item) => !visible.has(item.id));
    if (missing) {
      const id = missing.id;
      throw notFound(msg`Task ${id} not found.`);
    }
    const today = todayOf(user, now).date;
    const { ranking, statements } = priorityStatements(db, user.id, items, now, today);
    // Analyze Priorities also plans the day (docs/product.md#plan-your-day).
    const {
      reads: [visibleAfter],
    } = await commit(() => ({
      statements: [
        ...statements,
        markPlannedStatement(
          db,
          user.id,
          today,
          now,
          ranking.filter((item) => item.isTop).map((item) => item.id),
        ),
      ],
      events: [{ type: "day-planned" }],
      reads: [listVisibleTasks(db, user.id)],
    }));
    const after = new Map(visibleAfter.map((row) => [row.id, row]));
    // The ranked tasks, best first: the first three are the priority tasks.
    return c.json(
      ranking.flatMap((item) => {
        const row = after.get(item.id);
        return row ? [toTask(row)] : [];
      }),
    );
  },
);
