import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OidcErrorCode } from "../../../shared/schemas/auth";

export type OidcReturn = { kind: "token"; token: string } | { kind: "error"; message: string };

/**
 * The sign-in screen's words for each code the callback can send (the English is that of
 * OIDC_ERROR_MESSAGES in shared/schemas/auth.ts; tests/unit/oidc-return.test.ts keeps them equal).
 */
const OIDC_ERROR_WORDS: Record<OidcErrorCode, MessageDescriptor> = {
  cancelled: msg`Sign-in was cancelled at your identity provider.`,
  state: msg`This sign-in attempt could not be verified (it may have expired or been started in another tab). Please try again.`,
  provider: msg`Your identity provider could not complete the sign-in. Please try again.`,
  unavailable: msg`Signing in with your identity provider is not available right now. Please try again later.`,
  conflict: msg`An account with this email address is already linked to a different identity-provider login. Sign in with your password instead.`,
  throttled: msg`Too many sign-in attempts. Please wait a minute and try again.`,
  deleted: msg`This account was deleted. Its email is free to sign up with again.`,
};

const FALLBACK_WORDS = msg`Signing in with your identity provider did not work. Please try again.`;

function isErrorCode(code: string): code is OidcErrorCode {
  return Object.hasOwn(OIDC_ERROR_WORDS, code);
}

/**
 * What the identity-provider callback handed to /login in the URL fragment (`#token=...` or
 * `#error=<code>`), or null for any other fragment. Only known codes map to their text, so a
 * crafted link cannot put words of its choosing on our page. Read when the sign-in screen shows.
 */
export function readOidcReturn(hash: string): OidcReturn | null {
  const params = new URLSearchParams(hash.startsWith("#") ? hash.slice(1) : hash);
  const token = params.get("token");
  if (token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return { kind: "token", token };
  const error = params.get("error");
  if (error !== null)
    return { kind: "error", message: i18n._(isErrorCode(error) ? OIDC_ERROR_WORDS[error] : FALLBACK_WORDS) };
  return null;
}
