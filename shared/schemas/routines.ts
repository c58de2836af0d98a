import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { hasRemovedMarker, REMOVED_MARKER_REFUSAL } from "../constants";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";
import { isoDateSchema } from "./common";
import { taskTitleSchema } from "./tasks";

/*
 * Routines (docs/product.md#routines): what comes back by itself. The rule of a routine, its API
 * shape and the bodies of /api/routines. The rules themselves are pure functions in
 * shared/routines.ts (docs/decisions/280-routine-rules-on-calendar-dates.md).
 */

/** The days of the week as a rule names them, Monday first. */
export const WEEK_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const weekDays = WEEK_DAYS.join(", ");
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The most routines a person keeps. */
export const MAX_ROUTINES = 100;
const routinesMax = MAX_ROUTINES;
/** "Every N days": N from 2 (every other day) to a year; every day is its own rule. */
export const EVERY_DAYS_MIN = 2;
const everyMin = EVERY_DAYS_MIN;
export const EVERY_DAYS_MAX = 365;
const everyMax = EVERY_DAYS_MAX;
/** "N times a week": 1 to 6; seven times a week is every day. */
export const TIMES_PER_WEEK_MIN = 1;
const timesMin = TIMES_PER_WEEK_MIN;
export const TIMES_PER_WEEK_MAX = 6;
const timesMax = TIMES_PER_WEEK_MAX;

const weekDaySchema = z.enum(WEEK_DAYS, { error: wordsAsText(msg`A day of the week is one of ${weekDays}.`) });

/** A routine's rule: exactly one of these shapes. */
export const repeatSchema = z.union(
  [
    z.strictObject({ every: z.literal("day") }),
    z.strictObject({ every: z.literal("weekday") }),
    z.strictObject({
      every: z.literal("week"),
      days: z
        .array(weekDaySchema, { error: wordsAsText(msg`Name the days of the week as a list.`) })
        .min(1, wordsAsText(msg`Choose at least one day of the week.`))
        .max(7, wordsAsText(msg`A week has seven days.`))
        .refine((days) => new Set(days).size === days.length, wordsAsText(msg`Name each day once.`)),
    }),
    z.strictObject({
      everyDays: z
        .number({ error: wordsAsText(msg`Every N days takes a whole number.`) })
        .int(wordsAsText(msg`Every N days takes a whole number.`))
        .min(EVERY_DAYS_MIN, wordsAsText(msg`Every N days takes N from ${everyMin} to ${everyMax}.`))
        .max(EVERY_DAYS_MAX, wordsAsText(msg`Every N days takes N from ${everyMin} to ${everyMax}.`)),
    }),
    z.strictObject({
      every: z.literal("month"),
      day: z
        .number({ error: wordsAsText(msg`A day of the month is a whole number.`) })
        .int(wordsAsText(msg`A day of the month is a whole number.`))
        .min(1, wordsAsText(msg`A day of the month is from 1 to 31.`))
        .max(31, wordsAsText(msg`A day of the month is from 1 to 31.`)),
    }),
    z.strictObject({
      timesPerWeek: z
        .number({ error: wordsAsText(msg`N times a week takes a whole number.`) })
        .int(wordsAsText(msg`N times a week takes a whole number.`))
        .min(TIMES_PER_WEEK_MIN, wordsAsText(msg`N times a week takes N from ${timesMin} to ${timesMax}.`))
        .max(TIMES_PER_WEEK_MAX, wordsAsText(msg`N times a week takes N from ${timesMin} to ${timesMax}.`)),
    }),
  ],
  {
    error:
      'Unknown rule: use {"every":"day"}, {"every":"weekday"}, {"every":"week","days":[…]}, {"everyDays":N}, {"every":"month","day":N} or {"timesPerWeek":N}.',
  },
);
export type Repeat = z.infer<typeof repeatSchema>;

const routineTitleSchema = taskTitleSchema.refine(
  (title) => !hasRemovedMarker(title),
  wordsAsText(REMOVED_MARKER_REFUSAL),
);

/** POST /api/routines. */
export const createRoutineSchema = z.strictObject({ title: routineTitleSchema, repeat: repeatSchema });
export type CreateRoutineInput = z.input<typeof createRoutineSchema>;

/** PATCH /api/routines/:id: any of these, at least one. */
export const patchRoutineSchema = z
  .strictObject({
    title: routineTitleSchema,
    repeat: repeatSchema,
    paused: z.boolean({ error: wordsAsText(msg`Paused is true or false.`) }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, wordsAsText(msg`Change at least one of title, repeat, paused.`));
export type PatchRoutineInput = z.input<typeof patchRoutineSchema>;

/**
 * POST /api/routines/import: routines brought from an export (docs/decisions/301-routines-imported-from-an-export.md):
 * each its title, rule, whether paused, and the day its rule counts from (so "every 3 days" keeps
 * its beat). Their days stay with the account they were done in.
 */
export const importRoutinesSchema = z.strictObject({
  routines: z
    .array(
      z.strictObject({
        title: routineTitleSchema,
        repeat: repeatSchema,
        paused: z.boolean({ error: wordsAsText(msg`Paused is true or false.`) }).default(false),
        startDay: isoDateSchema.optional(),
      }),
      { error: wordsAsText(msg`Routines are a list.`) },
    )
    .min(1, wordsAsText(msg`The file has no routines to import.`))
    .max(MAX_ROUTINES, wordsAsText(msg`A file brings at most ${routinesMax} routines.`)),
});
export type ImportRoutinesInput = z.input<typeof importRoutinesSchema>;

/** What an import did: routines made, and those the person had already (same title and rule). */
export const importRoutinesAnswerSchema = z.object({
  imported: z.number().int(),
  alreadyHere: z.number().int(),
});
export type ImportRoutinesAnswer = z.infer<typeof importRoutinesAnswerSchema>;

/** The longest reason a skip may give. */
export const SKIP_REASON_MAX = 200;
const skipReasonMax = SKIP_REASON_MAX;

/** POST /api/routines/:id/skip: a reason if the person gives one. */
export const skipRoutineSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .refine(
      (reason) => fitsLength(reason, SKIP_REASON_MAX),
      wordsAsText(msg`A reason is at most ${skipReasonMax} characters.`),
    )
    .nullable()
    .optional(),
});

/**
 * What became of one due day of a routine: open (today, not done yet), done, skipped (with the
 * reason if given), missed (the day ended undone), paused (the routine was paused that day),
 * undone ("N times a week": the day ended undone, which misses nothing by itself; the days of a
 * week that ended short of N are missed, docs/decisions/330-a-week-ends-short-not-a-day.md).
 */
export const OCCURRENCE_STATES = ["open", "done", "skipped", "missed", "paused", "undone"] as const;
export type OccurrenceState = (typeof OCCURRENCE_STATES)[number];

/**
 * A routine's last 30 days, one letter a day (shared/routine-strip.ts): `states` from 29 days
 * before `until` (today) to it, `o` open, `d` done, `s` skipped, `m` missed, `p` paused, `u` undone,
 * `-` not one of its days; `reasons` the reasons of the days skipped with one, by date.
 */
const routineStripSchema = z.object({
  until: z.string(),
  states: z.string(),
  reasons: z.record(z.string(), z.string()),
});
export type RoutineStrip = z.infer<typeof routineStripSchema>;

/** A routine as the API answers it. */
export const routineSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  repeat: repeatSchema,
  paused: z.boolean(),
  /** The day its rule counts from (the first day of "every N days"). */
  startDay: z.string(),
  /** Today is one of its days (paused: false). */
  dueToday: z.boolean(),
  doneToday: z.boolean(),
  /** What became of today: null when today is not one of its days. */
  today: z.enum(OCCURRENCE_STATES).nullable(),
  /** Today's occurrence, a task, while it is on the list. */
  todayTaskId: z.number().int().nullable(),
  /** This week's dones, for "N times a week". */
  doneThisWeek: z.number().int(),
  streak: z.object({ current: z.number().int(), best: z.number().int() }),
  /** Its last 30 days, oldest first (shared/routine-strip.ts reads them). */
  last30: routineStripSchema,
  /** Its next due days after today (up to 5; none for "N times a week", which has no fixed days). */
  nextDays: z.array(z.string()),
});
export type Routine = z.infer<typeof routineSchema>;
