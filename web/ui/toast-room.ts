import { type RefObject, useEffect } from "react";

/** The toast's distance from the bottom edge: 16 px on a phone, 24 px wider (web/ui/toaster.tsx). */
export const TOAST_OFFSET_PX = { phone: 16, wide: 24 } as const;
/** Sonner's own phone layout, where the toast spans the screen. */
const PHONE_QUERY = "(max-width: 600px)";

/**
 * A toast has one place, always the same (docs/decisions/353-a-toast-has-one-place.md): while one
 * shows, the page ends its height and margins above the bottom (--toast-room, web/styles.css), so
 * its last controls rise above the toast and a short page's footer stays clear of it. The toast
 * itself never moves.
 */
export function useToastRoom(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const style = document.documentElement.style;
    const phone = window.matchMedia(PHONE_QUERY);
    let watched: HTMLElement | null = null;
    const measure = () => {
      const toast = root.querySelector<HTMLElement>(
        '[data-sonner-toast][data-front="true"]:not([data-removed="true"])',
      );
      if (toast !== watched) {
        if (watched) sizes.unobserve(watched);
        if (toast) sizes.observe(toast);
        watched = toast;
      }
      if (!toast) {
        style.removeProperty("--toast-room");
        return;
      }
      const offset = phone.matches ? TOAST_OFFSET_PX.phone : TOAST_OFFSET_PX.wide;
      // offsetHeight: the toast's own height, unaffected by its slide-in transform.
      style.setProperty("--toast-room", `${toast.offsetHeight + 2 * offset}px`);
    };
    const sizes = new ResizeObserver(measure);
    const toasts = new MutationObserver(measure);
    toasts.observe(root, { childList: true, subtree: true, attributeFilter: ["data-front", "data-removed"] });
    phone.addEventListener("change", measure);
    measure();
    return () => {
      toasts.disconnect();
      sizes.disconnect();
      phone.removeEventListener("change", measure);
      style.removeProperty("--toast-room");
    };
  }, [container]);
}
