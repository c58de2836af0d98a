import { msg } from "@lingui/core/macro";
import { Hono } from "hono";
import { dayPlanSchema, historyQuerySchema } from "../../shared/schemas/day";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import type { AppEnv } from "../env";
import { ApiError, conflict } from "../http/errors";
import { readOptionalJson, validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { dayState, dayStateQueries } from "./day-state";
import { historyOf, historyQueries } from "./history";
import { planProblem, planStatements, plansFromQuery, planTasksQuery, skipDayStatement } from "./plan";

/**
 * Mounted at /api/day: the person's day and its plan (docs/product.md#the-day,
 * docs/product.md#plan-your-day). Each route names requireUser itself so unknown paths answer 404.
 */
export const dayRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const { user, data } = await readAsUser(c, dayStateQueries);
    return c.json(dayState(user, data));
  })
  .post("/plan", requireUser, beginDay, applyOnce, validate("json", dayPlanSchema), async (c) => {
    const plan = c.req.valid("json");
    const now = new Date();
    // The session check, the named tasks and the latest plans in one trip; the plan in a second.
    // Today is only known once the session says the zone and start hour, so the plans are read from
    // two UTC days back, which covers today's date in every zone (UTC−12 to UTC+14).
    const utcTwoDaysAgo = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    const {
      user,
      data: [rows, plans],
      commit,
    } = await beginChange(c, (db, userId) => [
      planTasksQuery(db, userId, [...plan.priorityTaskIds, ...plan.noListTaskIds]),
      plansFromQuery(db, userId, utcTwoDaysAgo),
    ]);
    const problem = planProblem(plan, rows);
    if (problem) throw new ApiError(problem.status, problem.message);
    const { db } = c.var;
    const today = todayOf(user, now).date;
    const earlierNoList = plans.find((row) => row.date === today)?.noListTaskIds ?? [];
    const { guard, statements } = planStatements(db, user.id, plan, earlierNoList, today, now);
    const { reads: state } = await commit(
      () => ({ guards: [guard], statements, events: [{ type: "day-planned" }], reads: dayStateQueries(db, user.id) }),
      {
        // Another device changed a named task between the check and the plan: nothing was written.
        whenAborted: () => {
          throw conflict(msg`Some of these tasks changed meanwhile. Nothing was changed.`);
        },
      },
    );
    return c.json(dayState(user, state, now));
  })
  // "Skip for today" (docs/decisions/183-skip-changes-nothing.md): the plan step stays away today on
  // every device, and nothing else changes. Answers the day.
  .post("/skip", requireUser, beginDay, applyOnce, async (c) => {
    const { user, now, commit } = await beginChange(c);
    await readOptionalJson(c);
    const { db } = c.var;
    const { reads: state } = await commit(() => ({
      statements: [skipDayStatement(db, user.id, todayOf(user, now).date, now)],
      events: [{ type: "day-skipped" }],
      reads: dayStateQueries(db, user.id),
    }));
    return c.json(dayState(user, state, now));
  });

/** Mounted at /api/history: what was done, day by day (docs/product.md#done-history). */
export const historyRoutes = new Hono<AppEnv>().get(
  "/",
  requireUser,
  beginDay,
  validate("query", historyQuerySchema),
  async (c) => {
    const query = c.req.valid("query");
    const { user, data } = await readAsUser(c, (db, userId) => historyQueries(db, userId, query));
    return c.json(historyOf(user, query, data));
  },
);
