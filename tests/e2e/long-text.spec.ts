import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** A title with no place to break: the longest the API takes is far longer than a phone is wide. */
const LONG = "Supercalifragilisticexpialidocious".repeat(5);

/** The page is no wider than the window, on a phone and on a laptop: nothing pushes it sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
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
  await expect(page.getByRole("heading", { name: "Great job!" })).toBeVisible();
  await expectNoSidewaysScroll(page, "focus, complete");

  await page.goto("/no-list");
  await expect(page.getByRole("heading", { level: 1, name: 'Today\'s "No" List' })).toBeVisible();
  await expectNoSidewaysScroll(page, "No list, committed");
  await page.getByRole("button", { name: "Edit List" }).click();
  await expect(page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' })).toBeVisible();
  await expectNoSidewaysScroll(page, "No list, builder");
});
