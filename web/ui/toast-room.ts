import { type RefObject, useEffect } from "react";
import { pageScroller } from "./page-scroller";

/** The toast's distance from the bottom edge: 16 px on a phone, 24 px wider (web/ui/toaster.tsx). */
export const TOAST_OFFSET_PX = { phone: 16, wide: 24 } as const;
/** Sonner's own phone layout, where the toast spans the screen. */
const PHONE_QUERY = "(max-width: 600px)";

/**
 * A toast has one place, always the same, and the page makes room for it
 * (docs/decisions/376-the-page-ends-above-the-toast.md): while one shows, the page's scrolling area
 * ends its height and margins above the bottom (--toast-room, web/styles.css), so nothing of the
 * page is under it. What is on screen stays where it is; scrolled to the end, the end stays in
 * view, so the last controls rise by the toast's height. The toast itself never moves.
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
      const scroller = pageScroller();
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      if (!toast) style.removeProperty("--toast-room");
      else {
        const offset = phone.matches ? TOAST_OFFSET_PX.phone : TOAST_OFFSET_PX.wide;
        // offsetHeight: the toast's own height, unaffected by its slide-in transform.
        style.setProperty("--toast-room", `${toast.offsetHeight + 2 * offset}px`);
      }
      if (atEnd) scroller.scrollTop = scroller.scrollHeight;
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
