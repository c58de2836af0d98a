import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { CATEGORIES } from "../../../../shared/constants";

type Rect = { left: number; top: number; width: number; height: number };
export type ColumnRect = { id: string; rect: Rect };
type Direction = "left" | "right" | "up" | "down";

const DIRECTIONS: Record<string, Direction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

/** How far below a column's top edge a moved card lands, so it sits under the column heading. */
const HEADING_OFFSET = 56;

const centerX = (r: Rect) => r.left + r.width / 2;
const centerY = (r: Rect) => r.top + r.height / 2;
const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;
const contains = (r: Rect, x: number, y: number) =>
  x >= r.left && x <= r.left + r.width && y >= r.top && y <= r.top + r.height;

/**
 * Where an arrow key sends a dragged card: the nearest column in that direction on screen (four
 * side by side, a 2×2 grid or one above the other), else the next or previous column in list order,
 * so every arrow does something in every layout. Right to left the lists run from the right, so
 * there the right arrow goes back in list order and the left one on
 * (docs/decisions/400-what-mirrors-right-to-left.md). Answers the card's new top-left corner, or
 * undefined to stay put.
 */
export function nextColumnPosition(
  key: string,
  dragged: Rect,
  columns: readonly ColumnRect[],
  currentId: string | undefined,
  rightToLeft = false,
): { x: number; y: number } | undefined {
  const direction = DIRECTIONS[key];
  if (!direction) return undefined;
  const index = columns.findIndex((column) =>
    currentId !== undefined ? column.id === currentId : contains(column.rect, centerX(dragged), centerY(dragged)),
  );
  const from = columns[index]?.rect ?? dragged;

  const inDirection = columns.filter(({ rect }, i) => {
    if (i === index) return false;
    switch (direction) {
      case "right":
        return (
          centerX(rect) > centerX(from) + 1 &&
          overlaps(rect.top, rect.top + rect.height, from.top, from.top + from.height)
        );
      case "left":
        return (
          centerX(rect) < centerX(from) - 1 &&
          overlaps(rect.top, rect.top + rect.height, from.top, from.top + from.height)
        );
      case "down":
        return (
          rect.top >= from.top + from.height - 1 &&
          overlaps(rect.left, rect.left + rect.width, from.left, from.left + from.width)
        );
      case "up":
        return (
          rect.top + rect.height <= from.top + 1 &&
          overlaps(rect.left, rect.left + rect.width, from.left, from.left + from.width)
        );
    }
    return false;
  });
  const distance = (rect: Rect) => Math.hypot(centerX(rect) - centerX(from), centerY(rect) - centerY(from));
  let target = inDirection.sort((a, b) => distance(a.rect) - distance(b.rect))[0];
  if (!target && index !== -1) {
    const onward = direction === "down" || direction === (rightToLeft ? "left" : "right");
    target = columns[index + (onward ? 1 : -1)];
  }
  if (!target) return undefined;
  const { rect } = target;
  return {
    x: rect.left + (rect.width - dragged.width) / 2,
    y: rect.top + Math.min(HEADING_OFFSET, Math.max(0, rect.height - dragged.height)),
  };
}

/** The KeyboardSensor's coordinate getter: arrows jump a card from list to list. */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  if (!DIRECTIONS[event.code]) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, over } = context;
  if (!collisionRect) return undefined;
  const columns = CATEGORIES.flatMap((id) => {
    const rect = droppableRects.get(id);
    return rect ? [{ id, rect }] : [];
  });
  const rightToLeft = document.documentElement.dir === "rtl";
  return nextColumnPosition(event.code, collisionRect, columns, over ? String(over.id) : undefined, rightToLeft);
};
