import { holdsShare } from "../../api/shared-text";
import { RETURN_TO_KEY, safeReturnPath } from "./return-to";

/**
 * Whether the page remembered for after sign-in is the braindump with text shared from another app
 * in it (docs/decisions/242-capture-puts-the-keyboard-in-the-box.md): the sign-in screen says it
 * is waiting. Only the sign-in screen loads this.
 */
export function sharedTextWaiting(): boolean {
  try {
    const path = safeReturnPath(sessionStorage.getItem(RETURN_TO_KEY));
    if (!path) return false;
    const url = new URL(path, "https://app.invalid");
    return url.pathname === "/braindump" && holdsShare(url.search);
  } catch {
    return false;
  }
}
