import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { OIDC_ERROR_MESSAGES, type OidcErrorCode } from "../../../shared/schemas/auth";

export type OidcReturn = { kind: "token"; token: string } | { kind: "error"; message: string };

const FALLBACK_WORDS = msg`Signing in with your identity provider did not work. Please try again.`;

function isErrorCode(code: string): code is OidcErrorCode {
  return Object.hasOwn(OIDC_ERROR_MESSAGES, code);
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
    return { kind: "error", message: i18n._(isErrorCode(error) ? OIDC_ERROR_MESSAGES[error] : FALLBACK_WORDS) };
  return null;
}
