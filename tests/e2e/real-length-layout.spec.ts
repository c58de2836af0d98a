import type { Locator } from "@playwright/test";
import { type ApiTask, apiCall, expect, screenshots, test } from "./fixtures";

// What a new user sees over three days with real-length titles (40–60 characters), on a phone at
// 390 px and on a laptop at 1280 px: lines that fit, nothing squeezed.

/** Estimated tasks of real length: the three that need more than the usual two hours. */
const THREE = [
  "Finish the Q3 budget report and send it to Maria today ~2h",
  "Prepare the slides for Thursday's research readout ~1h30",
  "Call the landlord about the broken kitchen radiator ~30m",
];
const title = (line: string) => line.replace(/ ~\S+$/, "");

/** How many lines of text an element's text takes (its height over its line height). */
function linesOf(element: Locator) {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
    return tops.size;
  });
}

test("the plan's size line keeps its figures on one line on a laptop, and its offer to move a task has a line of its own", async ({
  page,
  request,
  signedIn,
}) => {
  const created = (await apiCall(request, signedIn, "POST", "/api/process-tasks", {
    text: THREE.join("\n"),
  })) as ApiTask[];
  await apiCall(request, signedIn, "POST", "/api/day/plan", {
    priorityTaskIds: created.map((task) => task.id),
    noListTaskIds: [],
  });
  const longest = title(THREE[0] as string);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await page.getByRole("button", { name: "View Priorities" }).click();
    const line = page.getByTestId("plan-size");
    const figures = line.getByText("These three need about 4 h; you usually focus 2 h a day.");
    await expect(figures).toBeVisible();
    const move = line.getByRole("button", { name: `Move "${longest}" to Later` });
    await expect(move).toBeVisible();
    const [lineBox, figuresBox, moveBox] = await Promise.all([line, figures, move].map((l) => l.boundingBox()));
    if (!lineBox || !figuresBox || !moveBox) throw new Error("the size line is not on screen");
    // The figures read in one line on a laptop, two at most on a phone; the offer sits below them.
    expect(await linesOf(figures), `figures' lines at ${width} px`).toBeLessThanOrEqual(width > 640 ? 1 : 2);
    expect(moveBox.y, `offer below the figures at ${width} px`).toBeGreaterThanOrEqual(
      figuresBox.y + figuresBox.height,
    );
    // On a phone the offer takes the line's width, its title wrapping in two lines at most.
    if (width < 640) {
      expect(moveBox.width).toBeGreaterThan(lineBox.width - 30);
      expect(await linesOf(move)).toBeLessThanOrEqual(2);
    }
  }
  await screenshots(page, "plan-size-offer");
});
