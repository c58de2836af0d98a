import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { FIRST_DATE, LAST_DATE } from "../day";
import { isLanguage, LANGUAGE_TAGS, type Language } from "../languages";
import { SESSION_END_REASONS } from "../live-protocol";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";

const firstDate = FIRST_DATE;
const lastDate = LAST_DATE;

/** The one error shape of every non-2xx API answer. */
export const apiErrorSchema = z.object({
  message: z.string(),
  /** On a 401 for a session ended elsewhere: why, so the device can say it (docs/decisions/177-signed-out-told-why.md). */
  why: z.enum(SESSION_END_REASONS).optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The body of a route that takes none: absent, or `{}` and nothing in it. */
export const emptyBodySchema = z.strictObject({});

/** A positive integer id in a path parameter ("12", never "1.5", "abc" or "-3"). */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, wordsAsText(msg`The id must be a positive whole number.`))
    .transform(Number)
    .refine(Number.isSafeInteger, wordsAsText(msg`The id is too large.`)),
});

/**
 * A calendar date YYYY-MM-DD that really exists, from FIRST_DATE to LAST_DATE: the only dates a
 * person can send, so date arithmetic never reaches a year past 9999
 * (docs/decisions/169-dates-in-a-sane-range.md).
 */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, wordsAsText(msg`Dates look like YYYY-MM-DD.`))
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, wordsAsText(msg`That date does not exist.`))
  .refine(
    (value) => value >= FIRST_DATE && value <= LAST_DATE,
    wordsAsText(msg`Dates must be from ${firstDate} to ${lastDate}.`),
  );

/** An IANA time zone name that this runtime knows. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .refine((zone) => fitsLength(zone, 64), wordsAsText(msg`A time zone name is at most 64 characters.`))
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, wordsAsText(msg`Unknown time zone.`));

const requiredDate = (name: string) =>
  z.string({ error: wordsAsText(msg`${name} is required, as YYYY-MM-DD.`) }).pipe(isoDateSchema);

/**
 * A query of two real dates named `fromName` and `toName`, the first not after the second, covering
 * at most `maxDays` days (both included).
 */
/** Whole days from `start` to `end` inclusive (both valid YYYY-MM-DD). */
export function inclusiveDayCount(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

export function dateRangeQuerySchema<F extends string, T extends string>(fromName: F, toName: T, maxDays: number) {
  return z
    .object({ [fromName]: requiredDate(fromName), [toName]: requiredDate(toName) } as Record<
      F | T,
      ReturnType<typeof requiredDate>
    >)
    .superRefine((range, ctx) => {
      const { [fromName]: from = "", [toName]: to = "" } = range as Record<string, string>;
      if (to < from) {
        ctx.addIssue({
          code: "custom",
          path: [toName],
          message: wordsAsText(msg`${toName} must not be before ${fromName}.`),
        });
      } else if (inclusiveDayCount(from, to) > maxDays) {
        ctx.addIssue({
          code: "custom",
          path: [toName],
          message: wordsAsText(msg`A range may cover at most ${maxDays} days.`),
        });
      }
    });
}

/** A task id in a body: a positive whole number. */
export const taskIdSchema = z
  .number({ error: wordsAsText(msg`Task ids must be positive whole numbers.`) })
  .int(wordsAsText(msg`Task ids must be positive whole numbers.`))
  .positive(wordsAsText(msg`Task ids must be positive whole numbers.`))
  .max(Number.MAX_SAFE_INTEGER, wordsAsText(msg`The task id is too large.`));

/** A list of task ids, each named once, at most `max`. */
export const taskIdListSchema = (name: string, max: number) =>
  z
    .array(taskIdSchema, { error: `${name} must be a list.` })
    .max(max, wordsAsText(msg`At most ${max} tasks at a time.`))
    .refine((ids) => new Set(ids).size === ids.length, wordsAsText(msg`Each task can be named only once.`));

/**
 * A language Onething ships (shared/languages.ts), as its BCP 47 tag; any other answers 400 naming
 * the ones there are.
 */
const shipped = LANGUAGE_TAGS.join(", ");
export const languageSchema = z
  .string()
  .refine(isLanguage, wordsAsText(msg`Choose one of the languages there are: ${shipped}.`))
  .transform((tag) => tag as Language);
