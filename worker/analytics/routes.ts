import { Hono } from "hono";
import { localDate, zeroRecord } from "../../shared/analytics";
import { analyticsRangeQuerySchema, analyticsTodayQuerySchema } from "../../shared/schemas/analytics";
import { requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import type { AppEnv } from "../env";
import { readOptionalJson, validate } from "../http/validation";
import { latestRecordsQuery, rangeQueries, recordForDayFromRows, recordsFromRows, toApiRecord } from "./records";
import { deleteDailyAnalyticsOfUserQuery } from "./user-data";

/**
 * /api/analytics*: the signed-in user's daily records; "today" is today in their time zone.
 * Each route names requireUser itself so unknown /api/analytics paths still answer 404.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get("/", requireUser, validate("query", analyticsRangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    const {
      user,
      data: [rows, before],
    } = await readAsUser(c, (db, userId) => rangeQueries(db, userId, startDate, endDate));
    return c.json(recordsFromRows(user.id, startDate, endDate, rows, before).map(toApiRecord));
  })
  .get("/today", requireUser, validate("query", analyticsTodayQuerySchema), async (c) => {
    const now = new Date();
    const utcToday = now.toISOString().slice(0, 10);
    const {
      user: { id, timeZone },
      data: [rows],
    } = await readAsUser(c, (db, userId) => [latestRecordsQuery(db, userId, utcToday)]);
    const today = localDate(now, timeZone);
    // docs/product.md#compatible-calls: asked right after a reset, it answers today's zero record.
    if (c.req.valid("query").forceZero === "true") return c.json(toApiRecord(zeroRecord(id, today)));
    return c.json(toApiRecord(recordForDayFromRows(id, today, rows)));
  })
  .post("/clear", requireUser, async (c) => {
    const { user } = await readAsUser(c);
    // docs/product.md#compatible-calls sends a JSON content type with an empty body; anything present must be an object.
    await readOptionalJson(c);
    await deleteDailyAnalyticsOfUserQuery(c.var.db, user.id);
    return c.body(null, 204);
  });
