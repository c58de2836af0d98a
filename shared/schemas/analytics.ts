import { z } from "zod";
import { dateRangeQuerySchema } from "./common";

/** The longest range one GET /api/analytics may ask for: a leap year, inclusive. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;

// The record of a day (as the app uses it and as the API answers it) lives in
// analytics-record.ts (zod/mini).
export {
  type AnalyticsRecord,
  type ApiAnalyticsRecord,
  type CategoryBreakdown,
  categoryBreakdownSchema,
} from "./analytics-record";

/** GET /api/analytics?startDate&endDate: real dates, start ≤ end, at most 366 days. */
export const analyticsRangeQuerySchema = dateRangeQuerySchema("startDate", "endDate", MAX_ANALYTICS_RANGE_DAYS);

/** GET /api/analytics/today[?forceZero=true]. */
export const analyticsTodayQuerySchema = z.object({
  forceZero: z.enum(["true", "false"], { error: 'forceZero must be "true" or "false".' }).optional(),
});
