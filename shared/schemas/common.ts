import { z } from "zod";

/** The one error shape of every non-2xx API answer. */
export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A positive integer id in a path parameter ("12", never "1.5", "abc" or "-3"). */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "The id must be a positive whole number.")
    .transform(Number)
    .refine(Number.isSafeInteger, "The id is too large."),
});

/** A calendar date YYYY-MM-DD that really exists. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates look like YYYY-MM-DD.")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "That date does not exist.");

/** An IANA time zone name that this runtime knows. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone.");
