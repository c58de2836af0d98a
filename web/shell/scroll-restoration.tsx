import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";
import { pageScroller } from "../ui/page-scroller";

const POSITIONS_KEY = "scroll-positions";
/** Enough history entries to go back through; the oldest are dropped beyond it. */
const KEPT_POSITIONS = 50;

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? "[]") as [string, number][]);
  } catch {
    return new Map();
  }
}

/**
 * Scroll restoration for the declarative router (react-router's own <ScrollRestoration> needs its
 * data router, about 19 KB gzip more on the first screen:
 * docs/decisions/100-react-router-declarative-mode-route-object.md). A new page starts at the top
 * (or at its `#hash`); back and forward, and a reload, return to where that page was left.
 * Positions are kept per history entry in this tab's session storage. The page scrolls in
 * web/ui/page-scroller.ts's element, not the window.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = "auto";
    };
  }, []);

  // Remembers the position of this entry as the person scrolls, and when the page is left.
  useEffect(() => {
    const positions = readPositions();
    const scroller = pageScroller();
    const save = () => {
      positions.delete(location.key);
      positions.set(location.key, scroller.scrollTop);
      while (positions.size > KEPT_POSITIONS) positions.delete(positions.keys().next().value as string);
      try {
        sessionStorage.setItem(POSITIONS_KEY, JSON.stringify([...positions]));
      } catch {
        // Storage full or blocked: back and forward start at the top.
      }
    };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(save);
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
    };
  }, [location.key]);

  // Before the paint: the page shows at its place at once.
  useLayoutEffect(() => {
    if (navigationType === "POP") {
      pageScroller().scrollTo(0, readPositions().get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else pageScroller().scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
