import { Hono } from "hono";
import { dayPlanSchema, historyQuerySchema } from "../../shared/schemas/day";
import { requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { abortedBy } from "../db/batch-guard";
import { dayPlans } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, conflict } from "../http/errors";
import { readOptionalJson, validate } from "../http/validation";
import { announceTasksChanged } from "../hub/hub-client";
import { dayState, dayStateQueries } from "./day-state";
import { historyOf, historyQueries } from "./history";
import { planProblem, planStatements, plansFromQuery, planTasksQuery, skipDayStatement } from "./plan";
import { todayOf } from "./today";

/**
 * Mounted at /api/day: the person's day and its plan (docs/product.md#the-day,
 * docs/product.md#plan-your-day). Each route names requireUser itself so unknown paths answer 404.
 */
export const dayRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const { user, data } = await readAsUser(c, dayStateQueries);
    return c.json(dayState(user, data));
  })
  .post("/plan", requireUser, validate("json", dayPlanSchema), async (c) => {
    const plan = c.req.valid("json");
    const now = new Date();
    // The session check, the named tasks and the latest plans in one trip; the plan in a second.
    // Today is only known once the session says the zone and start hour, so the plans are read from
    // two UTC days back, which covers today's date in every zone (UTC−12 to UTC+14).
    const utcTwoDaysAgo = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const {
      user,
      data: [rows, plans],
    } = await readAsUser(c, (db, userId) => [
      planTasksQuery(db, userId, [...plan.priorityTaskIds, ...plan.noListTaskIds]),
      plansFromQuery(db, userId, utcTwoDaysAgo),
    ]);
    const problem = planProblem(plan, rows);
    if (problem) throw new ApiError(problem.status, problem.message);
    const { db } = c.var;
    const today = todayOf(user, now).date;
    const earlierNoList = plans.find((row) => row.date === today)?.noListTaskIds ?? [];
    const stateQueries = dayStateQueries(db, user.id);
    let results: unknown[];
    try {
      results = await db.batch([...planStatements(db, user.id, plan, earlierNoList, today, now), ...stateQueries]);
    } catch (err) {
      // Another device changed a named task between the check and the plan: nothing was written.
      if (abortedBy(err, dayPlans)) throw conflict("Some of these tasks changed meanwhile. Nothing was changed.");
      throw err;
    }
    const state = results.slice(-stateQueries.length) as unknown as Parameters<typeof dayState>[1];
    await announceTasksChanged(c, user.id, { dayChanged: true });
    return c.json(dayState(user, state, now));
  })
  // "Skip for today" (docs/decisions/183-skip-changes-nothing.md): the plan step stays away today on
  // every device, and nothing else changes. Answers the day.
  .post("/skip", requireUser, async (c) => {
    const { user } = await readAsUser(c);
    await readOptionalJson(c);
    const { db } = c.var;
    const now = new Date();
    const stateQueries = dayStateQueries(db, user.id);
    const results = await db.batch([skipDayStatement(db, user.id, todayOf(user, now).date, now), ...stateQueries]);
    const state = results.slice(1) as unknown as Parameters<typeof dayState>[1];
    await announceTasksChanged(c, user.id, { dayChanged: true });
    return c.json(dayState(user, state, now));
  });

/** Mounted at /api/history: what was done, day by day (docs/product.md#done-history). */
export const historyRoutes = new Hono<AppEnv>().get(
  "/",
  requireUser,
  validate("query", historyQuerySchema),
  async (c) => {
    const query = c.req.valid("query");
    const { user, data } = await readAsUser(c, (db, userId) => historyQueries(db, userId, query));
    return c.json(historyOf(user, query, data));
  },
);
