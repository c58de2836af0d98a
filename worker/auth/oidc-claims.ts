import { LIMITS } from "../../shared/constants";
import { emailSchema } from "../../shared/schemas/auth";
import { firstCharacters, fitsLength } from "../../shared/text-length";

/** What we keep from the provider's claims about a person (OpenID Connect standard claims). */
export type OidcProfile = {
  issuer: string;
  subject: string;
  /** Lower-cased; null when absent or not an email address. */
  email: string | null;
  /** Only a verified email may link to an existing account or be stored on a new one. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

type Claims = Record<string, unknown>;

function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? firstCharacters(trimmed, max) : null;
}

/** Pictures are shown in the app, whose CSP allows https images only, so anything else is dropped. */
function pictureUrl(value: unknown): string | null {
  if (typeof value !== "string" || !fitsLength(value, 2048)) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The profile from validated ID token claims, completed by UserInfo claims where the ID token is
 * silent (some providers put only `sub` in the ID token). The ID token wins on conflicts because
 * it is the signed statement about this sign-in.
 */
export function profileFromClaims(issuer: string, idToken: Claims, userInfo: Claims = {}): OidcProfile {
  const claim = (name: string) => idToken[name] ?? userInfo[name];
  const subject = idToken.sub;
  if (typeof subject !== "string" || !subject) throw new Error("The ID token has no subject.");
  const parsedEmail = emailSchema.safeParse(claim("email"));
  const verified = claim("email_verified");
  return {
    issuer,
    subject,
    email: parsedEmail.success ? parsedEmail.data : null,
    // Some providers send the flag as the string "true".
    emailVerified: parsedEmail.success && (verified === true || verified === "true"),
    firstName: text(claim("given_name"), LIMITS.nameMax),
    lastName: text(claim("family_name"), LIMITS.nameMax),
    profileImageUrl: pictureUrl(claim("picture")),
  };
}

/**
 * Plain-http providers are accepted only on this machine (a local or test provider); anything
 * reachable over a network must use https.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}
