import { useCallback, useEffect, useRef } from "react";
import { DRAG } from "../../../../shared/constants";
import { pageScroller } from "../../../ui/page-scroller";

/**
 * docs/product.md#other-constants auto-scroll while dragging: nothing until the pointer is within 25 % of the viewport from
 * an edge, then faster the closer it gets, reaching 28 px per frame within 5 %. Negative scrolls up.
 * `pressedAt` is where the drag started: towards an edge the page scrolls only once the pointer has
 * moved past it towards that edge, so a press near the bottom scrolls nothing until the finger
 * moves down (docs/decisions/146-drag-scrolls-after-moving.md).
 */
export function edgeScrollSpeed(position: number, size: number, pressedAt?: number): number {
  if (size <= 0) return 0;
  const ramp = (distance: number, pressDistance: number) => {
    const start = Math.min(size * DRAG.autoScrollStart, pressDistance - DRAG.autoScrollArmPx);
    if (distance >= start) return 0;
    const full = Math.min(size * DRAG.autoScrollFullAt, start / 2);
    if (distance <= full) return DRAG.autoScrollMaxPxPerFrame;
    return Math.round((DRAG.autoScrollMaxPxPerFrame * (start - distance)) / (start - full));
  };
  const up = ramp(position, pressedAt ?? size);
  if (up > 0) return -up;
  return ramp(size - position, pressedAt === undefined ? size : size - pressedAt);
}

function clientY(event: Event): number | undefined {
  if ("touches" in event) return (event as TouchEvent).touches[0]?.clientY;
  if ("clientY" in event) return (event as MouseEvent).clientY;
  return undefined;
}

/**
 * Scrolls the page while a pointer drag nears the top or bottom edge. (@dnd-kit's own auto-scroll
 * has no speed cap, so it is turned off and this one follows docs/product.md#other-constants instead.) Keyboard drags
 * scroll through the KeyboardSensor.
 */
export function useEdgeAutoScroll() {
  const state = useRef<{ y: number | undefined; frame: number; stop?: () => void }>({ y: undefined, frame: 0 });

  const stop = useCallback(() => {
    state.current.stop?.();
    state.current = { y: undefined, frame: 0 };
  }, []);

  const start = useCallback(
    (activator: Event) => {
      stop();
      const current = state.current;
      current.y = clientY(activator);
      const pressedAt = current.y;
      const onMove = (event: Event) => {
        current.y = clientY(event) ?? current.y;
      };
      // The page's scrolling area ends above a toast while one shows (web/ui/page-scroller.ts).
      const scroller = pageScroller();
      const tick = () => {
        if (current.y !== undefined) {
          const { top, bottom } = scroller.getBoundingClientRect();
          const edge = Math.min(bottom, window.innerHeight);
          const speed = edgeScrollSpeed(
            current.y - top,
            edge - top,
            pressedAt === undefined ? undefined : pressedAt - top,
          );
          if (speed !== 0) scroller.scrollBy(0, speed);
        }
        current.frame = requestAnimationFrame(tick);
      };
      window.addEventListener("pointermove", onMove, { passive: true });
      window.addEventListener("touchmove", onMove, { passive: true });
      current.frame = requestAnimationFrame(tick);
      current.stop = () => {
        cancelAnimationFrame(current.frame);
        window.removeEventListener("pointermove", onMove);
        window.removeEventListener("touchmove", onMove);
      };
    },
    [stop],
  );

  useEffect(() => stop, [stop]);
  return { start, stop };
}
