import { z } from "zod";
import { isoDateSchema } from "./common";

/** The longest range one GET /api/analytics may ask for: a leap year, inclusive. */
export const MAX_ANALYTICS_RANGE_DAYS = 366;

export const categoryBreakdownSchema = z.object({
  urgent: z.number().int(),
  later: z.number().int(),
  delegate: z.number().int(),
  no_list: z.number().int(),
});
export type CategoryBreakdown = z.infer<typeof categoryBreakdownSchema>;

/**
 * One day of a user's analytics as the API answers it (spec §3 "Daily analytics record").
 * `id` is null for a day with no stored record (answered as zeros). `categoryBreakdown` is stored
 * as JSON text and answered as an object; `hourlyActivity` holds 24 numbers (completions + focus
 * minutes per local hour) for the hour-of-day chart.
 */
export const analyticsRecordSchema = z.object({
  id: z.number().int().nullable(),
  userId: z.string(),
  date: z.string(),
  totalTasksCreated: z.number().int(),
  tasksCompleted: z.number().int(),
  priorityTasksCompleted: z.number().int(),
  focusSessionsCompleted: z.number().int(),
  totalFocusMinutes: z.number().int(),
  mostProductiveHour: z.number().int().min(0).max(23).nullable(),
  categoryBreakdown: categoryBreakdownSchema,
  hourlyActivity: z.array(z.number()).length(24),
});
export type AnalyticsRecord = z.infer<typeof analyticsRecordSchema>;

const requiredDate = (name: string) => z.string({ error: `${name} is required, as YYYY-MM-DD.` }).pipe(isoDateSchema);

/** Whole days from `start` to `end` inclusive (both valid YYYY-MM-DD). */
export function inclusiveDayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** GET /api/analytics?startDate&endDate: real dates, start ≤ end, at most 366 days. */
export const analyticsRangeQuerySchema = z
  .object({ startDate: requiredDate("startDate"), endDate: requiredDate("endDate") })
  .superRefine(({ startDate, endDate }, ctx) => {
    if (endDate < startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate." });
    } else if (inclusiveDayCount(startDate, endDate) > MAX_ANALYTICS_RANGE_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: `A range may cover at most ${MAX_ANALYTICS_RANGE_DAYS} days.`,
      });
    }
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

/** GET /api/analytics/today[?forceZero=true]. */
export const analyticsTodayQuerySchema = z.object({
  forceZero: z.enum(["true", "false"], { error: 'forceZero must be "true" or "false".' }).optional(),
});
