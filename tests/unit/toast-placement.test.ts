import { describe, expect, it } from "vitest";
import { TOAST_BOTTOM_PX, toastBottomOffset } from "../../web/ui/toast-placement";

// docs/decisions/150-toasts-keep-clear-of-controls.md: where a phone's toast goes.
describe("toastBottomOffset", () => {
  const screen = 800;
  const toast = 90;

  it("keeps the usual place when no control is there", () => {
    expect(toastBottomOffset(screen, toast, [])).toBe(TOAST_BOTTOM_PX);
    expect(toastBottomOffset(screen, toast, [{ top: 100, bottom: 140 }])).toBe(TOAST_BOTTOM_PX);
  });

  it("moves up just above a control at the bottom, clear of it", () => {
    // End Session at 700–744: the toast's bottom edge goes to 696, 104 px from the bottom.
    expect(toastBottomOffset(screen, toast, [{ top: 700, bottom: 744 }])).toBe(104);
  });

  it("skips a gap too small for it and takes the next free band up", () => {
    const rows = [
      { top: 600, bottom: 640 },
      { top: 700, bottom: 744 },
    ];
    // Between the rows (644–696) there are 52 px: too few; above the first row it fits.
    expect(toastBottomOffset(screen, toast, rows)).toBe(screen - 596);
  });

  it("answers null when no band of the screen is tall enough", () => {
    const rows = Array.from({ length: 16 }, (_, i) => ({ top: i * 50, bottom: i * 50 + 20 }));
    expect(toastBottomOffset(screen, toast, rows)).toBeNull();
    // A title-only toast fits between those rows.
    expect(toastBottomOffset(screen, 20, rows)).not.toBeNull();
  });
});
