import type { SessionEndReason } from "../../shared/live-protocol";

/**
 * Why this tab was signed out, when the server said (the live channel's "session-ended" frame),
 * kept in the tab's session storage across the sign-in flow's full page loads until the sign-in
 * screen has said it (docs/product.md#signed-out-by-a-password-change).
 */
const SESSION_END_KEY = "session-ended-because";

export function rememberSessionEnd(why: SessionEndReason) {
  try {
    sessionStorage.setItem(SESSION_END_KEY, why);
  } catch {
    // Storage blocked: the sign-in screen opens without the reason, as before.
  }
}

export function readSessionEnd(): SessionEndReason | null {
  try {
    return sessionStorage.getItem(SESSION_END_KEY) === "password-changed" ? "password-changed" : null;
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
