import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { FOCUS_MINUTES, LIMITS } from "../constants";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";
import { emailSchema, passwordSchema, usernameSchema } from "./auth";
import { languageSchema, timeZoneSchema } from "./common";
import { dayStartHourSchema, planReminderSchema } from "./day";
import { dayCloseSettingSchema, usualFocusMinutesSchema } from "./day-close";

const nameMax = LIMITS.nameMax;
const minMinutes = FOCUS_MINUTES.min;
const maxMinutes = FOCUS_MINUTES.max;
const stepMinutes = FOCUS_MINUTES.step;
const passwordMax = LIMITS.passwordMax;
const usernameMax = LIMITS.usernameMax;

/** A first or last name: trimmed, and an empty one is stored as "no name" (null). */
const nameSchema = z
  .string()
  .trim()
  .refine((name) => fitsLength(name, LIMITS.nameMax), wordsAsText(msg`Names must be at most ${nameMax} characters.`))
  .nullable()
  .transform((name) => (name ? name : null));

export const focusMinutesSchema = z
  .number({ error: wordsAsText(msg`Enter a number of minutes.`) })
  .int(wordsAsText(msg`Enter whole minutes.`))
  .min(FOCUS_MINUTES.min, wordsAsText(msg`Choose at least ${minMinutes} minutes.`))
  .max(FOCUS_MINUTES.max, wordsAsText(msg`Choose at most ${maxMinutes} minutes.`))
  .multipleOf(FOCUS_MINUTES.step, wordsAsText(msg`Choose a multiple of ${stepMinutes} minutes.`));

/**
 * PATCH /api/account: any subset of the profile and preferences. Username and email follow the
 * rules of registration; they can be changed but not removed.
 */
export const accountUpdateSchema = z
  .strictObject({
    firstName: nameSchema.optional(),
    lastName: nameSchema.optional(),
    username: usernameSchema.optional(),
    email: emailSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    defaultFocusMinutes: focusMinutesSchema.optional(),
    dayStartHour: dayStartHourSchema.optional(),
    planReminder: planReminderSchema.optional(),
    dayClose: dayCloseSettingSchema.optional(),
    usualFocusMinutes: usualFocusMinutesSchema.optional(),
    language: languageSchema.optional(),
  })
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    wordsAsText(msg`Send at least one field to change.`),
  );
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;

/** GET /api/account: what the settings screen needs beyond the user itself. */
export const accountInfoSchema = z.object({
  /** False for people who only sign in through an identity provider: they may set one. */
  hasPassword: z.boolean(),
  hasIdentityProvider: z.boolean(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** POST /api/account/password. `currentPassword` is required when the account has a password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .refine(
      (password) => fitsLength(password, LIMITS.passwordMax),
      wordsAsText(msg`At most ${passwordMax} characters.`),
    )
    .optional(),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The word that confirms a deletion for accounts without a username (and for anyone). */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/** DELETE /api/account: the typed confirmation, and the password when the account has one. */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string()
    .trim()
    .min(1, wordsAsText(msg`Type your username or DELETE to confirm.`))
    .refine((typed) => fitsLength(typed, LIMITS.usernameMax), wordsAsText(msg`At most ${usernameMax} characters.`)),
  password: z
    .string()
    .refine(
      (password) => fitsLength(password, LIMITS.passwordMax),
      wordsAsText(msg`At most ${passwordMax} characters.`),
    )
    .optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** Whether the typed text confirms deleting this account: the username (any case) or DELETE. */
export function confirmsDeletion(typed: string, username: string | null): boolean {
  const value = typed.trim();
  if (value === DELETE_CONFIRMATION_WORD) return true;
  return username !== null && value.toLowerCase() === username.toLowerCase();
}

/**
 * One signed-in device. `id` is an opaque handle derived from the session, not the session id
 * itself, so the list never hands out what a token names.
 */
export const deviceSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  method: z.enum(["password", "oidc"]),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, wordsAsText(msg`Unknown session.`)),
});
