import { Hono } from "hono";
import { addDays, zeroRecord } from "../../shared/analytics";
import { analyticsRangeQuerySchema, analyticsTodayQuerySchema } from "../../shared/schemas/analytics";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { plannedDaysQuery } from "../day/plan";
import type { AppEnv } from "../env";
import { readOptionalJson, validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { latestRecordsQuery, rangeQueries, recordForDayFromRows, recordsFromRows, toApiRecord } from "./records";
import { deleteDailyAnalyticsOfUserQuery } from "./user-data";

/**
 * /api/analytics*: the signed-in user's daily records, each with whether that day was planned;
 * "today" is the person's day (docs/product.md#the-day).
 * Each route names requireUser (or reads with readAsUser) itself so unknown /api/analytics paths
 * still answer 404.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, validate("query", analyticsRangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    const {
      user,
      data: [rows, before, plans],
    } = await readAsUser(c, (db, userId) => [
      ...rangeQueries(db, userId, startDate, endDate),
      plannedDaysQuery(db, userId, startDate, endDate),
    ]);
    const plansByDate = new Map(plans.map((plan) => [plan.date, plan]));
    return c.json(
      recordsFromRows(user.id, startDate, endDate, rows, before).map((record) =>
        toApiRecord({ ...record, ...planOfDay(plansByDate.get(record.date)) }),
      ),
    );
  })
  .get("/today", requireUser, beginDay, validate("query", analyticsTodayQuerySchema), async (c) => {
    const now = new Date();
    const utcToday = now.toISOString().slice(0, 10);
    const {
      user,
      data: [rows, plans],
    } = await readAsUser(c, (db, userId) => [
      latestRecordsQuery(db, userId, utcToday),
      plannedDaysQuery(db, userId, addDays(utcToday, -1), addDays(utcToday, 1)),
    ]);
    const { id } = user;
    // The person's day (docs/product.md#the-day), not the calendar date.
    const today = todayOf(user, now).date;
    const plan = planOfDay(plans.find((row) => row.date === today));
    // docs/product.md#compatible-calls: asked right after a reset, it answers today's zero record.
    if (c.req.valid("query").forceZero === "true") return c.json(toApiRecord({ ...zeroRecord(id, today), ...plan }));
    return c.json(toApiRecord({ ...recordForDayFromRows(id, today, rows), ...plan }));
  })
  .post("/clear", requireUser, beginDay, applyOnce, async (c) => {
    const { user, commit } = await beginChange(c);
    // docs/product.md#compatible-calls sends a JSON content type with an empty body; anything present must be an object.
    await readOptionalJson(c);
    // The person's other devices read their figures again at once (the streak and the plan's recap too).
    await commit(() => ({
      statements: [deleteDailyAnalyticsOfUserQuery(c.var.db, user.id)],
      events: [{ type: "analytics-cleared" }],
    }));
    return c.body(null, 204);
  });

/** A day's plan as a record says it: planned, skipped, or neither (no row). */
function planOfDay(row: { skipped: boolean; plannedMinutes: number } | undefined): {
  planned: boolean;
  skipped: boolean;
  plannedMinutes: number;
} {
  return {
    planned: row !== undefined && !row.skipped,
    skipped: row?.skipped === true,
    plannedMinutes: row && !row.skipped ? Number(row.plannedMinutes) : 0,
  };
}
