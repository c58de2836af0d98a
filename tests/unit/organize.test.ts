import { describe, expect, it } from "vitest";
import { createAnnouncements, dragMessages } from "../../web/features/braindump/organize/announcements";
import { columnOf, dragId, taskIdOf } from "../../web/features/braindump/organize/columns";
import { distanceToBox } from "../../web/features/braindump/organize/drop-target";
import { edgeScrollSpeed } from "../../web/features/braindump/organize/edge-auto-scroll";
import { type ColumnRect, nextColumnPosition } from "../../web/features/braindump/organize/keyboard-coordinates";

describe("drag ids and columns", () => {
  it("uses task-{id} and reads it back", () => {
    expect(dragId(42)).toBe("task-42");
    expect(taskIdOf("task-42")).toBe(42);
    expect(taskIdOf("later")).toBeUndefined();
    expect(taskIdOf("task-4x")).toBeUndefined();
  });

  it("shows a task without a category under Later", () => {
    expect(columnOf({ category: null })).toBe("later");
    expect(columnOf({ category: "no_list" })).toBe("no_list");
  });
});

describe("screen-reader announcements", () => {
  const item = (title: string, category: string) => ({ id: "task-1", data: { current: { title, category } } });
  const over = (id: string) => ({ id, data: { current: undefined } });
  type Args = Parameters<NonNullable<ReturnType<typeof createAnnouncements>["onDragOver"]>>[0];
  const args = (active: ReturnType<typeof item>, target: ReturnType<typeof over> | null) =>
    ({ active, over: target }) as unknown as Args;

  it("says what was picked up, where it moves and where it lands", () => {
    const a = createAnnouncements();
    const plan = item("Plan week", "later");
    expect(a.onDragStart(args(plan, null))).toBe("Picked up Plan week.");
    // The list it starts in is not news.
    expect(a.onDragOver(args(plan, over("later")))).toBeUndefined();
    expect(a.onDragOver(args(plan, over("delegate")))).toBe("Moved to Delegate.");
    expect(a.onDragOver(args(plan, over("no_list")))).toBe('Moved to "No" List.');
    expect(a.onDragOver(args(plan, over("later")))).toBe("Moved to Later.");
    expect(a.onDragOver(args(plan, null))).toBe("Plan week is not over a list.");
    expect(a.onDragEnd(args(plan, over("urgent")))).toBe("Dropped Plan week in Urgent.");
    expect(a.onDragEnd(args(plan, over("later")))).toBe("Dropped Plan week in Later. It was already there.");
    expect(a.onDragEnd(args(plan, null))).toBe("Dropped Plan week outside the lists. It stays in Later.");
    expect(a.onDragCancel(args(plan, null))).toBe("Cancelled. Plan week stays in Later.");
  });

  it("a new drag starts from its own list again", () => {
    const a = createAnnouncements();
    a.onDragStart(args(item("A", "later"), null));
    a.onDragOver(args(item("A", "later"), over("urgent")));
    a.onDragStart(args(item("B", "urgent"), null));
    expect(a.onDragOver(args(item("B", "urgent"), over("urgent")))).toBeUndefined();
  });

  it("messages are plain sentences", () => {
    expect(dragMessages.start("X")).toBe("Picked up X.");
  });
});

describe("keyboard moves between columns", () => {
  const card = { left: 0, top: 0, width: 200, height: 40 };
  const rect = (left: number, top: number, width = 250, height = 300) => ({ left, top, width, height });
  const row: ColumnRect[] = [
    { id: "urgent", rect: rect(0, 100) },
    { id: "later", rect: rect(270, 100) },
    { id: "delegate", rect: rect(540, 100) },
    { id: "no_list", rect: rect(810, 100) },
  ];
  const landsIn = (columns: ColumnRect[], position: { x: number; y: number } | undefined) => {
    if (!position) return undefined;
    const cx = position.x + card.width / 2;
    const cy = position.y + card.height / 2;
    return columns.find(
      ({ rect: r }) => cx >= r.left && cx <= r.left + r.width && cy >= r.top && cy <= r.top + r.height,
    )?.id;
  };

  it("four side by side: right and left step one column; up and down step in list order", () => {
    expect(landsIn(row, nextColumnPosition("ArrowRight", card, row, "later"))).toBe("delegate");
    expect(landsIn(row, nextColumnPosition("ArrowLeft", card, row, "later"))).toBe("urgent");
    expect(landsIn(row, nextColumnPosition("ArrowDown", card, row, "later"))).toBe("delegate");
    expect(landsIn(row, nextColumnPosition("ArrowUp", card, row, "later"))).toBe("urgent");
    expect(nextColumnPosition("ArrowRight", card, row, "no_list")).toBeUndefined();
    expect(nextColumnPosition("ArrowLeft", card, row, "urgent")).toBeUndefined();
  });

  it("2×2 grid: arrows follow the screen", () => {
    const grid: ColumnRect[] = [
      { id: "urgent", rect: rect(0, 100) },
      { id: "later", rect: rect(270, 100) },
      { id: "delegate", rect: rect(0, 420) },
      { id: "no_list", rect: rect(270, 420) },
    ];
    expect(landsIn(grid, nextColumnPosition("ArrowDown", card, grid, "urgent"))).toBe("delegate");
    expect(landsIn(grid, nextColumnPosition("ArrowRight", card, grid, "urgent"))).toBe("later");
    expect(landsIn(grid, nextColumnPosition("ArrowUp", card, grid, "no_list"))).toBe("later");
    expect(landsIn(grid, nextColumnPosition("ArrowLeft", card, grid, "no_list"))).toBe("delegate");
    // No column to the right of Later on screen: the next in list order.
    expect(landsIn(grid, nextColumnPosition("ArrowRight", card, grid, "later"))).toBe("delegate");
  });

  it("one column: down and right go to the list below", () => {
    const stack: ColumnRect[] = [
      { id: "urgent", rect: rect(0, 100, 350, 200) },
      { id: "later", rect: rect(0, 320, 350, 200) },
      { id: "delegate", rect: rect(0, 540, 350, 200) },
      { id: "no_list", rect: rect(0, 760, 350, 200) },
    ];
    expect(landsIn(stack, nextColumnPosition("ArrowDown", card, stack, "later"))).toBe("delegate");
    expect(landsIn(stack, nextColumnPosition("ArrowRight", card, stack, "later"))).toBe("delegate");
    expect(landsIn(stack, nextColumnPosition("ArrowUp", card, stack, "later"))).toBe("urgent");
  });

  it("one column right to left: left goes to the list below and right to the one above", () => {
    const stack: ColumnRect[] = [
      { id: "urgent", rect: rect(0, 100, 350, 200) },
      { id: "later", rect: rect(0, 320, 350, 200) },
      { id: "delegate", rect: rect(0, 540, 350, 200) },
    ];
    expect(landsIn(stack, nextColumnPosition("ArrowLeft", card, stack, "later", true))).toBe("delegate");
    expect(landsIn(stack, nextColumnPosition("ArrowRight", card, stack, "later", true))).toBe("urgent");
    expect(landsIn(stack, nextColumnPosition("ArrowDown", card, stack, "later", true))).toBe("delegate");
  });

  it("four side by side right to left: the arrows follow the screen", () => {
    const mirrored: ColumnRect[] = row.map(({ id, rect: r }) => ({ id, rect: { ...r, left: 810 - r.left } }));
    expect(landsIn(mirrored, nextColumnPosition("ArrowLeft", card, mirrored, "later", true))).toBe("delegate");
    expect(landsIn(mirrored, nextColumnPosition("ArrowRight", card, mirrored, "later", true))).toBe("urgent");
  });

  it("places the card inside the target, under its heading, even in a short column", () => {
    const position = nextColumnPosition("ArrowRight", card, row, "urgent");
    expect(position).toEqual({ x: 270 + 25, y: 100 + 56 });
    const short: ColumnRect[] = [
      { id: "urgent", rect: rect(0, 0) },
      { id: "later", rect: rect(270, 0, 250, 60) },
    ];
    expect(nextColumnPosition("ArrowRight", card, short, "urgent")).toEqual({ x: 295, y: 20 });
  });

  it("ignores other keys", () => {
    expect(nextColumnPosition("KeyA", card, row, "later")).toBeUndefined();
  });
});

describe("edge auto-scroll (docs/product.md#other-constants)", () => {
  const height = 1000;
  it("does nothing outside the outer 25 %", () => {
    expect(edgeScrollSpeed(500, height)).toBe(0);
    expect(edgeScrollSpeed(250, height)).toBe(0);
    expect(edgeScrollSpeed(750, height)).toBe(0);
  });

  it("reaches 28 px per frame within 5 % of an edge, up at the top and down at the bottom", () => {
    expect(edgeScrollSpeed(50, height)).toBe(-28);
    expect(edgeScrollSpeed(0, height)).toBe(-28);
    expect(edgeScrollSpeed(950, height)).toBe(28);
    expect(edgeScrollSpeed(1000, height)).toBe(28);
  });

  it("speeds up in between, never past the maximum", () => {
    expect(edgeScrollSpeed(150, height)).toBe(-14);
    expect(edgeScrollSpeed(850, height)).toBe(14);
    const speeds = Array.from({ length: 21 }, (_, i) => edgeScrollSpeed(750 + i * 12.5, height));
    expect(speeds).toEqual([...speeds].sort((a, b) => a - b));
    expect(Math.max(...speeds.map(Math.abs))).toBe(28);
    expect(edgeScrollSpeed(-40, height)).toBe(-28);
  });

  it("a zero-height viewport never scrolls", () => {
    expect(edgeScrollSpeed(0, 0)).toBe(0);
  });

  it("scrolls towards an edge only once the pointer moved past where it pressed (decision 146)", () => {
    // Pressed in the bottom zone, held still or moving up: nothing scrolls.
    expect(edgeScrollSpeed(900, height, 900)).toBe(0);
    expect(edgeScrollSpeed(905, height, 900)).toBe(0);
    expect(edgeScrollSpeed(600, height, 900)).toBe(0);
    // Moving on down from there: it ramps up from the press point to full speed at the edge.
    expect(edgeScrollSpeed(930, height, 900)).toBeGreaterThan(0);
    expect(edgeScrollSpeed(1000, height, 900)).toBe(28);
    // Towards the other edge the usual zone applies.
    expect(edgeScrollSpeed(50, height, 900)).toBe(-28);
    // Pressed mid-screen: the usual zones.
    expect(edgeScrollSpeed(850, height, 500)).toBe(14);
    expect(edgeScrollSpeed(150, height, 500)).toBe(-14);
    // Pressed against the very edge: that way cannot scroll.
    expect(edgeScrollSpeed(1000, height, 998)).toBe(0);
  });
});

describe("the list nearest a finger beside the lists (docs/decisions/373-a-touch-drop-lands-in-the-nearest-list.md)", () => {
  const box = { left: 16, top: 100, right: 374, bottom: 400 };
  it("is 0 inside a list and the straight distance outside it", () => {
    expect(distanceToBox({ x: 200, y: 250 }, box)).toBe(0);
    expect(distanceToBox({ x: 200, y: 460 }, box)).toBe(60);
    expect(distanceToBox({ x: 200, y: 40 }, box)).toBe(60);
    expect(distanceToBox({ x: 10, y: 250 }, box)).toBe(6);
    expect(distanceToBox({ x: 390, y: 412 }, box)).toBe(20);
  });
});
