import { z } from "zod";
import { DAY_START_HOUR_MAX, DAY_START_HOUR_MIN } from "../day";
import { dateRangeQuerySchema, taskIdListSchema } from "./common";
import { taskSchema } from "./tasks";

// The day, the plan and the history (docs/product.md#the-day, #plan-your-day, #done-history).

/** At most this many tasks may be named in one plan's "No" list: a day's list is far shorter. */
export const PLAN_NO_LIST_MAX = 500;
/** Today's three. */
export const PLAN_PRIORITIES_MAX = 3;
/** The longest range one GET /api/history may ask for. */
export const MAX_HISTORY_RANGE_DAYS = 92;

/** The hour the person's day begins (Settings "Day starts at"). */
export const dayStartHourSchema = z
  .number({ error: "The day's start hour must be a whole number." })
  .int("The day's start hour must be a whole number.")
  .min(DAY_START_HOUR_MIN, `The day can start at ${DAY_START_HOUR_MIN}:00 at the earliest.`)
  .max(DAY_START_HOUR_MAX, `The day can start at ${DAY_START_HOUR_MAX}:00 at the latest.`);

/** A local wall-clock time "HH:MM" (24-hour). */
export const localTimeSchema = z
  .string({ error: 'Times look like "08:30".' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times look like "08:30".');

/** The morning nudge (Settings "Remind me to plan my day"): on or off, and when, in the person's zone. */
export const planReminderSchema = z.strictObject({ enabled: z.boolean(), time: localTimeSchema });
export type PlanReminder = z.infer<typeof planReminderSchema>;
export const DEFAULT_PLAN_REMINDER: PlanReminder = { enabled: false, time: "08:00" };

/** An open task brought from an earlier day, with the whole days it has been carried (1 = created yesterday). */
export const carriedTaskSchema = taskSchema.extend({ daysCarried: z.number().int().positive() });
export type CarriedTask = z.infer<typeof carriedTaskSchema>;

/** The last earlier day with any activity, in one line. */
export const previousDaySchema = z.object({
  date: z.string(),
  tasksCompleted: z.number().int(),
  focusSessionsCompleted: z.number().int(),
  focusMinutes: z.number().int(),
});
export type PreviousDay = z.infer<typeof previousDaySchema>;

/** GET /api/day: the state of the person's day (docs/product.md#the-day). */
export const daySchema = z.object({
  /** Today, YYYY-MM-DD. */
  date: z.string(),
  /** The instant today began (ISO). */
  startsAt: z.string(),
  /** The instant today ends, the next day's start (ISO): a client can wake up then. */
  endsAt: z.string(),
  /** Whether today's plan is made (POST /api/day/plan, Analyze Priorities or a "No" list commit today). */
  planned: z.boolean(),
  streak: z.number().int().nonnegative(),
  bestStreak: z.number().int().nonnegative(),
  previous: previousDaySchema.nullable(),
  /** Open tasks created before today, not on the "No" list, oldest first. */
  carriedOver: z.array(carriedTaskSchema),
  /** The earlier day's three still open (priority-marked on an earlier day, not completed): "Keep yesterday's three". */
  previousPriorityTaskIds: z.array(z.number().int()),
  /** The "No" list items of the last earlier day that had any: offered one by one to say no again today. */
  previousNoListTaskIds: z.array(z.number().int()),
});
export type Day = z.infer<typeof daySchema>;

/**
 * POST /api/day/plan: today's three (replacing any other priority marks) and the earlier "No" list
 * items said no to again today. A repeat replaces the plan. Both empty: planned, nothing chosen (the
 * plan skipped). Unknown or foreign ids answer 404 and change nothing.
 */
export const dayPlanSchema = z.strictObject({
  priorityTaskIds: taskIdListSchema("priorityTaskIds", PLAN_PRIORITIES_MAX),
  noListTaskIds: taskIdListSchema("noListTaskIds", PLAN_NO_LIST_MAX),
});
export type DayPlanInput = z.input<typeof dayPlanSchema>;

/** POST /api/no-list/again: earlier "No" list items said no to again today (one tap, "Again today"). */
export const noListAgainSchema = z.strictObject({
  ids: taskIdListSchema("ids", PLAN_NO_LIST_MAX).refine((ids) => ids.length > 0, "Select at least one task."),
});
export type NoListAgainInput = z.input<typeof noListAgainSchema>;

/** GET /api/history?from&to: real dates, from ≤ to, at most 92 days. */
export const historyQuerySchema = dateRangeQuerySchema("from", "to", MAX_HISTORY_RANGE_DAYS);

/** One day of the history: the tasks completed that day (each with its completedAt) and the focus done. */
export const historyDaySchema = z.object({
  date: z.string(),
  tasks: z.array(taskSchema),
  focusSessionsCompleted: z.number().int(),
  focusMinutes: z.number().int(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

/** GET /api/history: the days of the range with anything done, newest first. */
export const historySchema = z.object({ days: z.array(historyDaySchema) });
export type History = z.infer<typeof historySchema>;
