import { Hono } from "hono";
import { localDate, zeroRecord } from "../../shared/analytics";
import { analyticsRangeQuerySchema, analyticsTodayQuerySchema } from "../../shared/schemas/analytics";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { readOptionalJson, validate } from "../http/validation";
import { recordForDay, recordsForRange, toApiRecord } from "./records";
import { deleteDailyAnalyticsOfUserQuery } from "./user-data";

/**
 * /api/analytics*: the signed-in user's daily records; "today" is today in their time zone.
 * Each route names requireUser itself so unknown /api/analytics paths still answer 404.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get("/", requireUser, validate("query", analyticsRangeQuerySchema), async (c) => {
    const { startDate, endDate } = c.req.valid("query");
    return c.json((await recordsForRange(c.var.db, c.var.user.id, startDate, endDate)).map(toApiRecord));
  })
  .get("/today", requireUser, validate("query", analyticsTodayQuerySchema), async (c) => {
    const { id, timeZone } = c.var.user;
    const today = localDate(new Date(), timeZone);
    // Spec §7: asked right after a reset, it answers today's zero record without reading.
    if (c.req.valid("query").forceZero === "true") return c.json(toApiRecord(zeroRecord(id, today)));
    return c.json(toApiRecord(await recordForDay(c.var.db, id, today)));
  })
  .post("/clear", requireUser, async (c) => {
    // Spec §7 sends a JSON content type with an empty body; anything present must be an object.
    await readOptionalJson(c);
    await deleteDailyAnalyticsOfUserQuery(c.var.db, c.var.user.id);
    return c.body(null, 204);
  });
