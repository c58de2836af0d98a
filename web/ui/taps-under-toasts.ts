import { type RefObject, useEffect } from "react";

/**
 * A tap that starts on the page ends on the page (docs/decisions/303-a-tap-is-not-taken-by-a-toast.md):
 * from a pointer's press outside the toasts until just after its release, the toasts let the
 * pointer through. A toast that moves or arrives under a finger mid-tap (on a phone it moves to
 * keep clear of the controls as the page changes) would otherwise take the release, and the
 * button pressed would never get its click. A press on a toast itself (its Undo, its close, a
 * swipe) is the toast's as before.
 */
export function useTapsPassUnderToasts(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let release: ReturnType<typeof setTimeout> | undefined;
    const press = (event: PointerEvent) => {
      if (event.target instanceof Node && root.contains(event.target)) return;
      clearTimeout(release);
      root.dataset.tapOnPage = "";
    };
    // The click follows the release within the same task: the toasts take the pointer again after it.
    const lift = () => {
      if (!("tapOnPage" in root.dataset)) return;
      clearTimeout(release);
      release = setTimeout(() => delete root.dataset.tapOnPage, 0);
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener("pointerdown", press, options);
    window.addEventListener("pointerup", lift, options);
    window.addEventListener("pointercancel", lift, options);
    return () => {
      clearTimeout(release);
      window.removeEventListener("pointerdown", press, options);
      window.removeEventListener("pointerup", lift, options);
      window.removeEventListener("pointercancel", lift, options);
      delete root.dataset.tapOnPage;
    };
  }, [container]);
}
