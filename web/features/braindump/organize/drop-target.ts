import { type Collision, type CollisionDetection, pointerWithin, rectIntersection } from "@dnd-kit/core";

type Point = { x: number; y: number };
type Box = { left: number; top: number; right: number; bottom: number };

/** How far a point is from a box: 0 inside it. */
export function distanceToBox(point: Point, box: Box): number {
  const dx = Math.max(box.left - point.x, 0, point.x - box.right);
  const dy = Math.max(box.top - point.y, 0, point.y - box.bottom);
  return Math.hypot(dx, dy);
}

/** The list nearest to the pointer, however far; none without a pointer (a keyboard drag). */
const nearestToPointer: CollisionDetection = ({ droppableContainers, droppableRects, pointerCoordinates }) => {
  if (!pointerCoordinates) return [];
  let nearest: Collision | undefined;
  for (const container of droppableContainers) {
    const box = droppableRects.get(container.id);
    if (!box) continue;
    const value = distanceToBox(pointerCoordinates, box);
    if (!nearest || value < (nearest.data?.value as number)) nearest = { id: container.id, data: { value } };
  }
  return nearest ? [nearest] : [];
};

/**
 * Which list a drag is over: the one under the pointer; with none there, the one the card overlaps
 * most (keyboard drags have no pointer and use the card's rectangle). A touch drag is over a list
 * even where the finger is beside, between, above or below them: the nearest one, lit while it is,
 * because the finger hides where it is and the card it carries covers the list it goes for
 * (docs/decisions/373-a-touch-drop-lands-in-the-nearest-list.md). A mouse drop outside the lists
 * still does nothing.
 */
export function boardCollisions(isTouchDrag: () => boolean): CollisionDetection {
  return (args) => {
    const underPointer = pointerWithin(args);
    if (underPointer.length > 0) return underPointer;
    const overlapped = rectIntersection(args);
    if (overlapped.length > 0 || !isTouchDrag()) return overlapped;
    return nearestToPointer(args);
  };
}
