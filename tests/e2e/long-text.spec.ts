import type { Page } from "@playwright/test";
import { addTaskViaApi, expect, test } from "./fixtures";

/** A title with no place to break: the longest the API takes is far longer than a phone is wide. */
const LONG = "Supercalifragilisticexpialidocious".repeat(5);

/** The page is no wider than the window, on a phone and on a laptop: nothing pushes it sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The page scrolls in #root (docs/decisions/376-the-page-ends-above-the-toast.md): wider
    // content would scroll it sideways, not the document.
    const scrollWidth = await page.evaluate(() =>
      Math.max(document.documentElement.scrollWidth, document.getElementById("root")?.scrollWidth ?? 0),
    );
    expect.soft(scrollWidth, `${screen}: page width at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 390, height: 800 });
}

test("a long unbroken title never makes a screen wider than the window", async ({ page, request, signedIn }) => {
  test.slow(); // every screen in turn
  const auth = { Authorization: `Bearer ${signedIn.token}` };
  const created = await request.post("/api/tasks", { data: { title: LONG, isPriority: true }, headers: auth });
  const task = (await created.json()) as { id: number };
  await request.post("/api/tasks", {
    data: { title: `${LONG} no`, category: "no_list", noListReason: LONG },
    headers: auth,
  });
  await page.setViewportSize({ width: 390, height: 800 });

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Current Tasks" })).toContainText("Supercali");
  await expectNoSidewaysScroll(page, "braindump input");

  await page.getByRole("button", { name: "Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expectNoSidewaysScroll(page, "questions");
  await page
    .getByRole("group", { name: LONG, exact: true })
    .getByRole("radiogroup", { name: "Is it urgent?" })
    .getByRole("radio", { name: "Yes" })
    .click();
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await expectNoSidewaysScroll(page, "results");
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expectNoSidewaysScroll(page, "organized");

  await page.goto(`/focus-timer?taskId=${task.id}`);
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await expect(page.getByText("Currently focused on:")).toBeVisible();
  await expectNoSidewaysScroll(page, "focus, running");
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  await expectNoSidewaysScroll(page, "focus, complete");

  await page.goto("/no-list");
  await expect(page.getByRole("heading", { level: 1, name: 'Today\'s "No" List' })).toBeVisible();
  await expectNoSidewaysScroll(page, "No list, committed");
  await page.getByRole("button", { name: "Edit List" }).click();
  await expect(page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' })).toBeVisible();
  await expectNoSidewaysScroll(page, "No list, builder");
});

test("on the four-column board a real-length title wraps between words, never inside one", async ({
  page,
  request,
  signedIn,
}) => {
  const titles = [
    "Finish the Q3 budget report (due tomorrow 10am)",
    "Renew car insurance (policy A-2291) by Friday",
    "Book the venue for Anna's wedding reception party",
    "Reply to the landlord about the broken boiler",
    "Prepare slides for Monday's quarterly planning",
    "Call the dentist to move the cleaning appointment",
    "Order a birthday present for Dad before Sunday",
    "Doomscrolling through news headlines before noon",
  ];
  const categories = ["urgent", "urgent", "later", "later", "delegate", "delegate", "later", "no_list"];
  for (const [index, title] of titles.entries()) {
    await addTaskViaApi(request, signedIn, { title, category: categories[index] });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expect(page.locator("[id^='organized-title-']")).toHaveCount(titles.length);

  // Four columns side by side.
  const tops = await page
    .locator("section[aria-labelledby^='column-']")
    .evaluateAll((sections) => new Set(sections.map((s) => Math.round(s.getBoundingClientRect().top))).size);
  expect(tops).toBe(1);

  // Each word of each title lies on one line: its text's rectangles share one top.
  const splitWords = await page.locator("[id^='organized-title-']").evaluateAll((spans) => {
    const split: string[] = [];
    for (const span of spans) {
      const text = span.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const value = text.textContent ?? "";
      for (const match of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
  expect(splitWords).toEqual([]);
  // The title has the card's width, less the grip: the buttons sit on their own row.
  const share = await page
    .locator("[id^='organized-title-']")
    .first()
    .evaluate((span) => {
      const card = span.closest("li")?.getBoundingClientRect();
      return card ? span.getBoundingClientRect().width / card.width : 0;
    });
  expect(share).toBeGreaterThan(0.75);
});
