import { describe, expect, it } from "vitest";
import { TOAST_BOTTOM_PX, toastBottomOffset } from "../../web/ui/toast-placement";

// docs/decisions/150-toasts-keep-clear-of-controls.md: where a phone's toast goes.
describe("toastBottomOffset", () => {
  const screen = 800;
  const toast = 90;

  it("keeps the usual place when no control is there", () => {
    expect(toastBottomOffset(screen, toast, { blocked: [] })).toBe(TOAST_BOTTOM_PX);
    expect(toastBottomOffset(screen, toast, { blocked: [{ top: 100, bottom: 140 }] })).toBe(TOAST_BOTTOM_PX);
  });

  it("moves up just above a control at the bottom, clear of it", () => {
    // End Session at 700–744: the toast's bottom edge goes to 696, 104 px from the bottom.
    expect(toastBottomOffset(screen, toast, { blocked: [{ top: 700, bottom: 744 }] })).toBe(104);
  });

  it("skips a gap too small for it and takes the next free band up", () => {
    const rows = [
      { top: 600, bottom: 640 },
      { top: 700, bottom: 744 },
    ];
    // Between the rows (644–696) there are 52 px: too few; above the first row it fits.
    expect(toastBottomOffset(screen, toast, { blocked: rows })).toBe(screen - 596);
  });

  it("answers null when no band of the screen is tall enough", () => {
    const rows = Array.from({ length: 16 }, (_, i) => ({ top: i * 50, bottom: i * 50 + 20 }));
    expect(toastBottomOffset(screen, toast, { blocked: rows })).toBeNull();
    // A title-only toast fits between those rows.
    expect(toastBottomOffset(screen, 20, { blocked: rows })).not.toBeNull();
  });

  it("keeps off a heading where the screen has room, and lies over it only where it has none", () => {
    const endSession = { top: 700, bottom: 744 };
    const heading = { top: 620, bottom: 660 };
    // Above End Session (696) the toast would cover the heading: it goes above the heading instead.
    expect(toastBottomOffset(screen, toast, { blocked: [endSession], avoid: [heading] })).toBe(screen - 616);
    // Controls everywhere but the heading's band: a control is never covered, a heading may be.
    const rows = Array.from({ length: 16 }, (_, i) => ({ top: i * 50, bottom: i * 50 + 20 }));
    const headings = Array.from({ length: 16 }, (_, i) => ({ top: i * 50 + 26, bottom: i * 50 + 44 }));
    expect(toastBottomOffset(screen, 20, { blocked: rows, avoid: headings })).not.toBeNull();
  });

  it("stays where it is while that place is free, so it does not move under a finger", () => {
    const row = { top: 700, bottom: 744 };
    // Placed 104 px up; the row under the old place leaves (the list changed): it stays.
    expect(toastBottomOffset(screen, toast, { blocked: [] }, 104)).toBe(104);
    // A control comes under it: it moves.
    expect(toastBottomOffset(screen, toast, { blocked: [{ top: 650, bottom: 690 }, row] }, 104)).not.toBe(104);
  });
});
