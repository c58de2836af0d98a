import { type RefObject, useEffect } from "react";
import { WHOLE_TOAST_CLASS } from "./toast";

/**
 * On a phone a toast never lies over a control (docs/decisions/150-toasts-keep-clear-of-controls.md): it sits at the
 * bottom as usual, and when a button, link or field is there it moves up to the lowest band of the
 * screen that is free of them; where no band is tall enough (a list of checkboxes), it shows its
 * title only, which fits between rows. While it shows, the page gets room below its end
 * (--toast-room), so scrolled to the bottom the last controls rise above it. It follows scrolling,
 * resizing and changes of the page. Where the screen has room it also keeps off the headings and the
 * messages a person reads, and once placed it stays put while its place is free and while it is
 * pressed (docs/decisions/248-toasts-keep-to-their-screen.md).
 */

/** Below this width the toast spans the screen (docs/decisions/070-toasts-bottom-deleting-call.md, docs/decisions/080-nothing-floats-over-phones-page.md). */
const PHONE_QUERY = "(max-width: 639px)";
/** The usual distance from the bottom edge, and the room kept around a control. */
export const TOAST_BOTTOM_PX = 16;
const CLEARANCE_PX = 4;
/** How often the place is checked again while a toast shows. */
const RECHECK_MS = 250;

export type Band = { top: number; bottom: number };

/** Where a toast may not lie: `blocked` (controls) never; `avoid` (headings, a message) where the screen has room. */
export type Keep = { blocked: readonly Band[]; avoid?: readonly Band[] };

/**
 * The distance from the viewport's bottom at which a toast of `height` covers none of `blocked`
 * (the controls' vertical extents on screen) and, where the screen has such a place, none of
 * `avoid` (its headings and messages: docs/decisions/248-toasts-keep-to-their-screen.md): the lowest
 * free place, or null when the screen has no free band that tall. `current`, the toast's place now:
 * kept while it is still free, so a list changing under the toast does not move it (nor its Undo)
 * away from a finger on its way to it.
 */
export function toastBottomOffset(
  viewportHeight: number,
  height: number,
  { blocked, avoid = [] }: Keep,
  current?: number,
): number | null {
  const all = [...blocked, ...avoid];
  const fitsAt = (bands: readonly Band[], offset: number) =>
    offset >= TOAST_BOTTOM_PX &&
    viewportHeight - offset - height >= TOAST_BOTTOM_PX &&
    fits(bands, viewportHeight - offset, height);
  if (current !== undefined && fitsAt(all, current)) return current;
  const clearOfAll = lowestFree(viewportHeight, height, all);
  if (clearOfAll !== null) return clearOfAll;
  if (current !== undefined && fitsAt(blocked, current)) return current;
  return lowestFree(viewportHeight, height, blocked);
}

const padded = (bands: readonly Band[]) =>
  bands.map((b) => ({ top: b.top - CLEARANCE_PX, bottom: b.bottom + CLEARANCE_PX }));

/** Whether a toast whose bottom edge is at `bottom` keeps clear of every band. */
function fits(bands: readonly Band[], bottom: number, height: number): boolean {
  return padded(bands).every((b) => b.bottom <= bottom - height || b.top >= bottom);
}

/** The lowest free place for the toast: the usual one, else just above one of the bands. */
function lowestFree(viewportHeight: number, height: number, bands: readonly Band[]): number | null {
  const candidates = [viewportHeight - TOAST_BOTTOM_PX, ...padded(bands).map((b) => b.top)]
    .filter((bottom) => bottom <= viewportHeight - TOAST_BOTTOM_PX && bottom - height >= TOAST_BOTTOM_PX)
    .sort((a, b) => b - a);
  const free = candidates.find((bottom) => fits(bands, bottom, height));
  return free === undefined ? null : viewportHeight - free;
}

const CONTROLS = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']";
/**
 * What a person reads to know where they are and what is asked: the screen's headings and what a
 * screen marks `data-toast-keep-clear` (a question card's task, the focus timer's message).
 */
const READING = "h1, h2, h3, [role=heading], [data-toast-keep-clear]";

/**
 * Whether a person can reach the control where it is drawn: what lies on top at its middle is the
 * control itself (or the toast). A control under an open panel (the suggestions) is out of reach,
 * so a toast may lie over that part of the panel's backdrop but not over the panel's own controls.
 */
function onTop(control: Element, r: DOMRect, toaster: Element): boolean {
  const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  return !hit || toaster.contains(hit) || control.contains(hit) || hit.contains(control);
}

/** The vertical extents of the headings and marked messages on screen. */
function readingBands(toaster: Element): Band[] {
  const bands: Band[] = [];
  for (const element of Array.from(document.querySelectorAll(READING))) {
    if (toaster.contains(element)) continue;
    const r = element.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    if (getComputedStyle(element).visibility === "hidden") continue;
    bands.push({ top: r.top, bottom: r.bottom });
  }
  return bands;
}

/** The vertical extents of the reachable controls on screen, the toaster's own left out. */
function controlBands(toaster: Element): Band[] {
  const bands: Band[] = [];
  for (const control of Array.from(document.querySelectorAll(CONTROLS))) {
    if (toaster.contains(control)) continue;
    const r = control.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    if (getComputedStyle(control).visibility === "hidden") continue;
    if (!onTop(control, r, toaster)) continue;
    bands.push({ top: r.top, bottom: r.bottom });
  }
  // An open panel (the suggestions) is one surface to keep clear of, text and all: where the screen
  // has no room beside it, the toast stays at the bottom, below the panel
  // (docs/decisions/150-toasts-keep-clear-of-controls.md).
  for (const panel of Array.from(document.querySelectorAll('[role="dialog"]'))) {
    const r = panel.getBoundingClientRect();
    if (r.height > 2 && r.bottom > 0 && r.top < window.innerHeight) bands.push({ top: r.top, bottom: r.bottom });
  }
  return bands;
}

/** Keeps the toasts inside `container` clear of the page's controls on a phone. */
export function useToastPlacement(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const phone = window.matchMedia(PHONE_QUERY);
    const style = document.documentElement.style;
    let frame = 0;
    let recheck: ReturnType<typeof setInterval> | undefined;
    /** The toast shown title-only because no band of the screen was free for all of it. */
    let shortened: HTMLElement | null = null;
    /** The toast placed last, and where: it stays there while that place is free. */
    let placed: { toast: HTMLElement; offset: number } | null = null;
    /** A finger or the pointer is down on the toast: it does not move under it. */
    let pressed = false;

    const place = () => {
      frame = 0;
      const toast = root.querySelector<HTMLElement>('[data-sonner-toast][data-front="true"]');
      if (!phone.matches || !toast) {
        clearInterval(recheck);
        recheck = undefined;
        pageChanges.disconnect();
        shortened = null;
        placed = null;
        delete document.documentElement.dataset.toastShort;
        style.removeProperty("--toast-bottom");
        style.removeProperty("--toast-room");
        return;
      }
      // The page may change under a showing toast (a list grows, a panel opens) without a scroll:
      // a change of its elements or text moves the toast before the frame is drawn, so it does not
      // lie over a control that came under it; the interval catches what moves without one (a
      // transition, a font).
      if (recheck === undefined) {
        recheck = setInterval(schedule, RECHECK_MS);
        pageChanges.observe(document.body, { childList: true, subtree: true, characterData: true });
      }
      if (pressed) return;
      // A new toast starts whole; one that found no free band shows its title only.
      if (toast !== shortened) delete document.documentElement.dataset.toastShort;
      // offsetHeight: the toast's own height, unaffected by its slide-in transform.
      const height = toast.offsetHeight;
      style.setProperty("--toast-room", `${height + 2 * TOAST_BOTTOM_PX}px`);
      const keep = { blocked: controlBands(root), avoid: readingBands(root) };
      const offset = toastBottomOffset(
        window.innerHeight,
        height,
        keep,
        placed?.toast === toast ? placed.offset : undefined,
      );
      if (offset === null && toast !== shortened && !toast.classList.contains(WHOLE_TOAST_CLASS)) {
        shortened = toast;
        placed = null;
        document.documentElement.dataset.toastShort = "";
        schedule();
        return;
      }
      placed = { toast, offset: offset ?? TOAST_BOTTOM_PX };
      style.setProperty("--toast-bottom", `${placed.offset}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };

    const press = () => {
      pressed = true;
    };
    const release = () => {
      pressed = false;
      schedule();
    };
    root.addEventListener("pointerdown", press);
    window.addEventListener("pointerup", release);
    window.addEventListener("pointercancel", release);
    const observer = new MutationObserver(schedule);
    const pageChanges = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-front"] });
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    phone.addEventListener("change", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(recheck);
      observer.disconnect();
      pageChanges.disconnect();
      root.removeEventListener("pointerdown", press);
      window.removeEventListener("pointerup", release);
      window.removeEventListener("pointercancel", release);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      phone.removeEventListener("change", schedule);
      style.removeProperty("--toast-bottom");
      style.removeProperty("--toast-room");
      delete document.documentElement.dataset.toastShort;
    };
  }, [container]);
}
