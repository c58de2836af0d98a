/**
 * The element the page scrolls in: #root, which ends above the toast's strip
 * (docs/decisions/376-the-page-ends-above-the-toast.md, web/styles.css). Outside the app (the landing
 * page, which shows no toasts) the document scrolls.
 */
export function pageScroller(): HTMLElement {
  const root = document.getElementById("root");
  if (root && getComputedStyle(root).overflowY !== "visible") return root;
  return document.scrollingElement instanceof HTMLElement ? document.scrollingElement : document.documentElement;
}

/** Where the page's scroll events arrive: the document's go to the window. */
export function pageScrollEvents(scroller: HTMLElement): HTMLElement | Window {
  return scroller === document.scrollingElement || scroller === document.documentElement ? window : scroller;
}
