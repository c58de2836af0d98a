import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { DAY_START_HOUR_MAX, DAY_START_HOUR_MIN } from "../day";
import { wordsAsText } from "../words";
import { taskIdListSchema } from "./common";
import { taskSchema } from "./tasks";

const earliest = DAY_START_HOUR_MIN;
const latest = DAY_START_HOUR_MAX;

// The day, the plan and the history (docs/product.md#the-day, #plan-your-day, #done-history).

/** At most this many tasks may be named in one plan's "No" list: a day's list is far shorter. */
export const PLAN_NO_LIST_MAX = 500;
/** Today's three. */
export const PLAN_PRIORITIES_MAX = 3;
/** The finished tasks one page of GET /api/history holds when the call names no limit. */
export const HISTORY_PAGE_SIZE = 300;
/** The most one page may hold. */
export const HISTORY_PAGE_MAX = 500;
const pageMax = HISTORY_PAGE_MAX;

/** The hour the person's day begins (Settings "Day starts at"). */
export const dayStartHourSchema = z
  .number({ error: wordsAsText(msg`The day's start hour must be a whole number.`) })
  .int(wordsAsText(msg`The day's start hour must be a whole number.`))
  .min(DAY_START_HOUR_MIN, wordsAsText(msg`The day can start at ${earliest}:00 at the earliest.`))
  .max(DAY_START_HOUR_MAX, wordsAsText(msg`The day can start at ${latest}:00 at the latest.`));

/** A local wall-clock time "HH:MM" (24-hour). */
export const localTimeSchema = z
  .string({ error: 'Times look like "08:30".' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times look like "08:30".');

/** The morning nudge (Settings "Remind me to plan my day"): on or off, and when, in the person's zone. */
export const planReminderSchema = z.strictObject({ enabled: z.boolean(), time: localTimeSchema });
export type PlanReminder = z.infer<typeof planReminderSchema>;
export const DEFAULT_PLAN_REMINDER: PlanReminder = { enabled: false, time: "08:00" };

/** The evening close of the day before, as the next morning's plan shows it. */
export const yesterdaySchema = z.object({
  date: z.string(),
  /** Last evening's line, null without one. */
  note: z.string().nullable(),
  /** Tomorrow's first task as named last evening, still open; null when none. */
  firstTaskId: z.number().int().nullable(),
});
export type Yesterday = z.infer<typeof yesterdaySchema>;

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
  /** Whether the person chose "Skip for today" (POST /api/day/skip) and has not planned since. */
  skipped: z.boolean(),
  streak: z.number().int().nonnegative(),
  bestStreak: z.number().int().nonnegative(),
  previous: previousDaySchema.nullable(),
  /** Open tasks created before today, not on the "No" list, oldest first. */
  carriedOver: z.array(carriedTaskSchema),
  /** The three planned on the last earlier planned day, still open: "Keep yesterday's three". */
  previousPriorityTaskIds: z.array(z.number().int()),
  /** The day those three were planned (or marked), null when there are none: "yesterday" only when it was. */
  previousPriorityDate: z.string().nullable(),
  /** The "No" list items of the last earlier day that had any: offered one by one to say no again today. */
  previousNoListTaskIds: z.array(z.number().int()),
  /** Whether today was closed in the evening (POST /api/day/close) and not reopened since. */
  closed: z.boolean(),
  /**
   * The instant (ISO) from which the app offers "Close your day" today: the close time in the
   * person's zone (a time before their start hour is the night after); null when they turned it off.
   */
  closeOfferedFrom: z.string().nullable(),
  /** Today's close's line ("What's on your mind?"), null when not closed or without one. */
  closeNote: z.string().nullable(),
  /** The day before's close, when that day was closed: its line and tomorrow's first task. */
  yesterday: yesterdaySchema.nullable(),
  /** Minutes focused today so far. */
  focusMinutes: z.number().int().nonnegative(),
  /**
   * What the person usually focuses a day: the median of their last 14 days with any focus once
   * there are 5 such days, else their setting (docs/decisions/294-a-plan-sized-to-the-person.md,
   * docs/decisions/331-the-usual-focus-says-where-it-comes-from.md).
   */
  usualFocusMinutes: z.number().int().nonnegative(),
  /** How many days with focus `usualFocusMinutes` is the median of; 0 when it is the setting. */
  usualFocusDays: z.number().int().nonnegative(),
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
  ids: taskIdListSchema("ids", PLAN_NO_LIST_MAX).refine(
    (ids) => ids.length > 0,
    wordsAsText(msg`Select at least one task.`),
  ),
});
export type NoListAgainInput = z.input<typeof noListAgainSchema>;

/**
 * GET /api/history?cursor&limit (docs/decisions/184-history-pages.md): `cursor` is the `nextCursor`
 * of the page before (none: the latest page), `limit` 1–500 tasks (300 when not given).
 */
export const historyQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{1,15}\.\d{1,15}$/, wordsAsText(msg`The cursor is not one this server gave: start again without it.`))
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, wordsAsText(msg`The limit is a whole number from 1 to ${pageMax}.`))
    .transform(Number)
    .refine((n) => n >= 1 && n <= HISTORY_PAGE_MAX, wordsAsText(msg`The limit is a whole number from 1 to ${pageMax}.`))
    .optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** A finished task as the history lists it: with the person's day it was finished on, as stamped then. */
export const historyTaskSchema = taskSchema.extend({ completedDay: z.string() });
export type HistoryTask = z.infer<typeof historyTaskSchema>;

/**
 * One day's figures as its record holds them: the same numbers Analytics, the streak and the plan's
 * recap read (docs/product.md#the-day).
 */
export const historyDaySchema = z.object({
  date: z.string(),
  tasksCompleted: z.number().int(),
  focusSessionsCompleted: z.number().int(),
  focusMinutes: z.number().int(),
  /** The day's evening close line, null (or absent) when the day was not closed or had none. */
  note: z.string().nullable().optional(),
  /** Whether the day was closed in the evening (docs/decisions/349-a-day-s-close-leaves-a-trace.md). */
  closed: z.boolean().optional(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

/**
 * GET /api/history: one page of the finished tasks, latest first, and `nextCursor` for the page
 * after (null at the end). The first page (no cursor) also brings `days`, every day with a task or
 * a focus session done or closed with a line, newest first.
 */
export const historyPageSchema = z.object({
  tasks: z.array(historyTaskSchema),
  days: z.array(historyDaySchema).optional(),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;
