import { SESSION_END_REASONS, type SessionEndReason } from "../../shared/live-protocol";

/**
 * Why this tab was signed out, when the server said (the live channel's "session-ended" frame, or
 * a 401 that carries why: docs/decisions/177-signed-out-told-why.md),
 * kept in the tab's session storage across the sign-in flow's full page loads until the sign-in
 * screen has said it (docs/product.md#signed-out-by-a-password-change).
 */
const SESSION_END_KEY = "session-ended-because";

export function rememberSessionEnd(why: SessionEndReason) {
  // On the sign-in screen the reason has been said (or the tab was signed out already): a request
  // sent before the sign-out whose 401 arrives only now must not make a reload say it again.
  if (typeof location !== "undefined" && location.pathname === "/login") return;
  try {
    sessionStorage.setItem(SESSION_END_KEY, why);
  } catch {
    // Storage blocked: the sign-in screen opens without the reason, as before.
  }
}

export function readSessionEnd(): SessionEndReason | null {
  try {
    const kept = sessionStorage.getItem(SESSION_END_KEY);
    return SESSION_END_REASONS.find((reason) => reason === kept) ?? null;
  } catch {
    return null;
  }
}

/** Once the sign-in screen has said it: a reload or a later visit does not repeat it. */
export function forgetSessionEnd() {
  try {
    sessionStorage.removeItem(SESSION_END_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
