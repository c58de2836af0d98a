import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";
import { taskIdSchema } from "./common";
import { localTimeSchema } from "./day";

// The evening close (docs/decisions/291-the-evening-close.md) and what sizes a plan to the person
// (docs/decisions/294-a-plan-sized-to-the-person.md).

/** "What's on your mind?": one line, at most this many characters. */
export const DAY_CLOSE_NOTE_MAX = 500;
const noteMax = DAY_CLOSE_NOTE_MAX;
/** The most tasks one close may move: far more than a day touches. */
export const DAY_CLOSE_MOVES_MAX = 200;
const movesMax = DAY_CLOSE_MOVES_MAX;
/** "Tomorrow" keeps the star for the morning: at most today's three. */
export const DAY_CLOSE_TOMORROW_MAX = 3;
const tomorrowMax = DAY_CLOSE_TOMORROW_MAX;

/** Where the close sends an open task, each by name: the buttons "Tomorrow", "Later", "No", "Done", "Delete". */
export const DAY_CLOSE_MOVES = ["tomorrow", "later", "no", "done", "delete"] as const;
const moves = DAY_CLOSE_MOVES.join(", ");
export type DayCloseMove = (typeof DAY_CLOSE_MOVES)[number];

const moveSchema = z.strictObject({
  id: taskIdSchema,
  to: z.enum(DAY_CLOSE_MOVES, { error: wordsAsText(msg`A move goes to one of ${moves}.`) }),
});

/**
 * POST /api/day/close: the note, the open tasks' moves and tomorrow's first task, all optional. A
 * blank note is no note. Each task may be moved once; at most three go to "Tomorrow".
 */
export const dayCloseSchema = z.strictObject({
  note: z
    .string({ error: wordsAsText(msg`The note must be text.`) })
    .trim()
    .refine(
      (note) => fitsLength(note, DAY_CLOSE_NOTE_MAX),
      wordsAsText(msg`The note can be at most ${noteMax} characters.`),
    )
    .transform((note) => (note === "" ? null : note))
    .nullable()
    .optional(),
  moves: z
    .array(moveSchema, { error: "moves must be a list." })
    .max(DAY_CLOSE_MOVES_MAX, wordsAsText(msg`At most ${movesMax} moves at a time.`))
    .refine(
      (moves) => new Set(moves.map((move) => move.id)).size === moves.length,
      wordsAsText(msg`Each task can be moved only once.`),
    )
    .refine(
      (moves) => moves.filter((move) => move.to === "tomorrow").length <= DAY_CLOSE_TOMORROW_MAX,
      wordsAsText(msg`At most ${tomorrowMax} tasks can stay starred for tomorrow.`),
    )
    .optional(),
  tomorrowFirst: taskIdSchema.nullable().optional(),
});
export type DayCloseInput = z.input<typeof dayCloseSchema>;

/** Settings "Close the day": on or off, and from when, in the person's zone (default on, from DEFAULT_DAY_CLOSE_TIME of shared/day.ts). */
export const dayCloseSettingSchema = z.strictObject({ enabled: z.boolean(), time: localTimeSchema });

/** Settings "I usually focus": minutes a day, used until there are days of focus to take the median of. */
export const USUAL_FOCUS_DEFAULT_MINUTES = 120;
export const usualFocusMinutesSchema = z
  .number({ error: wordsAsText(msg`Enter a number of minutes.`) })
  .int(wordsAsText(msg`Enter whole minutes.`))
  .min(15, wordsAsText(msg`Choose at least 15 minutes.`))
  .max(16 * 60, wordsAsText(msg`Choose at most 16 hours.`));
/** How many of the latest days with any focus the usual focus is the median of. */
export const USUAL_FOCUS_DAYS = 14;
/**
 * How many days with focus (of those) outweigh the setting: a working week. Fewer, and the setting
 * is the usual focus, so one stray session does not replace it
 * (docs/decisions/331-the-usual-focus-says-where-it-comes-from.md).
 */
export const USUAL_FOCUS_HISTORY_MIN_DAYS = 5;
