import { z } from "zod/mini";

// zod/mini, like timer-state.ts: the web app parses a record without loading classic zod.

export const categoryBreakdownSchema = z.object({
  urgent: z.int(),
  later: z.int(),
  delegate: z.int(),
  no_list: z.int(),
});
export type CategoryBreakdown = z.infer<typeof categoryBreakdownSchema>;

/**
 * One day of a user's analytics as the app works with it (docs/product.md#daily-analytics-record).
 * `id` is null for a day with no stored record (answered as zeros). `hourlyActivity` holds 24
 * numbers (completions + focus minutes per local hour) for the hour-of-day chart. On the wire the
 * category breakdown is JSON text (see apiAnalyticsRecordSchema); here it is parsed.
 */
export const analyticsRecordSchema = z.object({
  id: z.nullable(z.int()),
  userId: z.string(),
  date: z.string(),
  totalTasksCreated: z.int(),
  tasksCompleted: z.int(),
  priorityTasksCompleted: z.int(),
  /**
   * Of tasksCompleted, the finishes of tasks made on an earlier day (carried over); they count in
   * the score. Optional: records saved on a device before it existed read as 0.
   */
  carriedTasksCompleted: z.optional(z.int()),
  focusSessionsCompleted: z.int(),
  totalFocusMinutes: z.int(),
  mostProductiveHour: z.nullable(z.int().check(z.gte(0), z.lte(23))),
  categoryBreakdown: categoryBreakdownSchema,
  hourlyActivity: z.array(z.number()).check(z.length(24)),
  /** Whether that day's plan was made (docs/product.md#plan-your-day); the API always sends it. */
  planned: z.optional(z.boolean()),
  /** Whether the person chose "Skip for today" that day instead of planning it. */
  skipped: z.optional(z.boolean()),
  /** The estimates of that day's three as planned, in minutes (0 unplanned or without estimates). */
  plannedMinutes: z.optional(z.int()),
});
export type AnalyticsRecord = z.infer<typeof analyticsRecordSchema>;

/**
 * The record as the API answers it: docs/product.md#daily-analytics-record makes categoryBreakdown "JSON-encoded text with counts
 * for urgent, later, delegate and no_list", so it travels as that text (always all four keys).
 */
export const apiAnalyticsRecordSchema = z.extend(analyticsRecordSchema, { categoryBreakdown: z.string() });
export type ApiAnalyticsRecord = z.infer<typeof apiAnalyticsRecordSchema>;
