import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { LIMITS } from "../constants";
import { characterCount, fitsLength } from "../text-length";
import { wordsAsText } from "../words";
import { languageSchema, timeZoneSchema } from "./common";

const usernameMin = LIMITS.usernameMin;
const usernameMax = LIMITS.usernameMax;
const emailMax = LIMITS.emailMax;
const passwordMin = LIMITS.passwordMin;
const passwordMax = LIMITS.passwordMax;

export const usernameSchema = z
  .string()
  .trim()
  .refine(
    (username) => characterCount(username) >= LIMITS.usernameMin,
    wordsAsText(msg`Username must be at least ${usernameMin} characters.`),
  )
  .refine(
    (username) => fitsLength(username, LIMITS.usernameMax),
    wordsAsText(msg`Username must be at most ${usernameMax} characters.`),
  )
  .regex(/^[A-Za-z0-9_.-]+$/, wordsAsText(msg`Username may use letters, digits, dot, dash and underscore only.`));

export const emailSchema = z
  .string()
  .trim()
  .refine(
    (email) => fitsLength(email, LIMITS.emailMax),
    wordsAsText(msg`Email must be at most ${emailMax} characters.`),
  )
  .pipe(z.email(wordsAsText(msg`Enter a valid email address.`)))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string()
  .refine(
    (password) => characterCount(password) >= LIMITS.passwordMin,
    wordsAsText(msg`Password must be at least ${passwordMin} characters.`),
  )
  .refine(
    (password) => fitsLength(password, LIMITS.passwordMax),
    wordsAsText(msg`Password must be at most ${passwordMax} characters.`),
  );

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  timeZone: timeZoneSchema.optional(),
  /** The language the person saw while registering; without it, the best match of `Accept-Language`. */
  language: languageSchema.optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  login: z
    .string()
    .trim()
    .min(1, wordsAsText(msg`Enter your username or email.`))
    .refine((login) => fitsLength(login, LIMITS.emailMax), wordsAsText(msg`At most ${emailMax} characters.`)),
  password: z
    .string()
    .min(1, wordsAsText(msg`Enter your password.`))
    .refine(
      (password) => fitsLength(password, LIMITS.passwordMax),
      wordsAsText(msg`At most ${passwordMax} characters.`),
    ),
});
export type LoginInput = z.input<typeof loginSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  timeZone: z.string(),
  defaultFocusMinutes: z.number().int(),
  /** The hour the person's day begins (docs/product.md#the-day). */
  dayStartHour: z.number().int(),
  /** The morning nudge (docs/product.md#morning-nudge): on or off, and its local time "HH:MM". */
  planReminder: z.object({ enabled: z.boolean(), time: z.string() }),
  /** The evening close (docs/decisions/291-the-evening-close.md): offered from this local time "HH:MM" when on. */
  dayClose: z.object({ enabled: z.boolean(), time: z.string() }),
  /** What the person usually focuses a day, in minutes, until there is focus history. */
  usualFocusMinutes: z.number().int(),
  /** The language the person reads Onething in (shared/languages.ts), on every device. */
  language: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /api/auth/providers: which sign-in methods besides local accounts this deployment offers. */
export const authProvidersSchema = z.object({ oidc: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Why a sign-in with the identity provider ended back on the login page: the callback redirects to
 * `/login#error=<code>` and the page shows the message.
 */
export const OIDC_ERROR_MESSAGES = {
  cancelled: msg`Sign-in was cancelled at your identity provider.`,
  state: msg`This sign-in attempt could not be verified (it may have expired or been started in another tab). Please try again.`,
  provider: msg`Your identity provider could not complete the sign-in. Please try again.`,
  unavailable: msg`Signing in with your identity provider is not available right now. Please try again later.`,
  conflict: msg`An account with this email address is already linked to a different identity-provider login. Sign in with your password instead.`,
  throttled: msg`Too many sign-in attempts. Please wait a minute and try again.`,
  deleted: msg`This account was deleted. Its email is free to sign up with again.`,
} as const;
export type OidcErrorCode = keyof typeof OIDC_ERROR_MESSAGES;
