/**
 * The element the page scrolls in: #root, which ends above the toast's strip
 * (docs/decisions/376-the-page-ends-above-the-toast.md, web/styles.css).
 */
export const pageScroller = (): HTMLElement => document.getElementById("root") ?? document.documentElement;

/**
 * With nothing focused, the scrolling keys scroll the page: a browser sends them to the document,
 * which does not scroll now (docs/decisions/376-the-page-ends-above-the-toast.md).
 */
export function scrollPageWithKeys() {
  window.addEventListener("keydown", (event) => {
    if (event.target !== document.body || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const page = pageScroller();
    const screen = page.clientHeight * 0.875;
    const far = page.scrollHeight;
    // Not Space: a screen may give it a job of its own (the focus timer's pause and resume).
    const by = { ArrowDown: 40, ArrowUp: -40, PageDown: screen, PageUp: -screen, Home: -far, End: far }[event.key] ?? 0;
    if (!by) return;
    event.preventDefault();
    page.scrollBy(0, by);
  });
}
