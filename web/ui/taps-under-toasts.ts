import { type RefObject, useEffect } from "react";

/**
 * How long after a release the toasts wait for its click before taking the pointer again: a touch's
 * click comes as a task of its own after the release (later on some phones), a mouse's at once.
 */
const CLICK_WAIT_MS = 600;

/**
 * A tap that starts on the page ends on the page (docs/decisions/303-a-tap-is-not-taken-by-a-toast.md):
 * from a pointer's press outside the toasts until the click that follows its release, the toasts
 * let the pointer through. A toast that arrives under a finger mid-tap would otherwise take the
 * release, and the button pressed would never get its click. A press on a toast itself (its Undo, its close, a
 * swipe) is the toast's as before.
 */
export function useTapsPassUnderToasts(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let release: ReturnType<typeof setTimeout> | undefined;
    const passing = () => "tapOnPage" in root.dataset;
    const takeAgain = () => {
      clearTimeout(release);
      delete root.dataset.tapOnPage;
    };
    const press = (event: PointerEvent) => {
      if (event.target instanceof Node && root.contains(event.target)) return;
      clearTimeout(release);
      root.dataset.tapOnPage = "";
    };
    // Released: its click is still to come (a touch's), unless none does (a long press).
    const lift = () => {
      if (!passing()) return;
      clearTimeout(release);
      release = setTimeout(takeAgain, CLICK_WAIT_MS);
    };
    // The click has found its element; a scroll or a drag that cancelled the press has none to come.
    const done = () => {
      if (passing()) takeAgain();
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener("pointerdown", press, options);
    window.addEventListener("pointerup", lift, options);
    window.addEventListener("pointercancel", done, options);
    window.addEventListener("click", done, options);
    return () => {
      window.removeEventListener("pointerdown", press, options);
      window.removeEventListener("pointerup", lift, options);
      window.removeEventListener("pointercancel", done, options);
      window.removeEventListener("click", done, options);
      takeAgain();
    };
  }, [container]);
}
