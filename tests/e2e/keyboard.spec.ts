import type { Locator, Page } from "@playwright/test";
import { expect, keyboardDragReady, PASSWORD, test, uniqueName } from "./fixtures";

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking on the way that every element
 * the keyboard lands on shows a focus indicator. Fails if the target is not reachable.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
      return { ring, name: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? el.tagName };
    });
    if (focus && !focus.ring) unringed.add(focus.name);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`not reachable by keyboard: ${target}`);
}
const unringed = new Set<string>();

/** Buttons and links must have a name, icon-only ones included (by text, aria-label or aria-labelledby). */
async function expectEveryControlNamed(page: Page) {
  const unnamed = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("button, a[href], [role='button']"))
      .filter((el) => el.getClientRects().length > 0)
      .filter(
        (el) =>
          !el.textContent?.trim() && !el.getAttribute("aria-label")?.trim() && !el.getAttribute("aria-labelledby"),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(unnamed, "controls without an accessible name").toEqual([]);
}

const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');
const card = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });

test("the whole journey by keyboard alone: register, braindump, questions, organize, focus, No list", async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  unringed.clear();
  const name = uniqueName("kbd");
  await page.goto("/register");
  await tabTo(page, page.getByLabel("Username"));
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(`${name}@example.com`);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expectEveryControlNamed(page);

  // Braindump: three tasks, one per line.
  await tabTo(page, page.getByLabel("What's on your mind?"));
  await page.keyboard.type("Book dentist\nPay rent\nPlan week");
  await tabTo(page, page.getByRole("button", { name: "Process & Continue" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeFocused();

  // Questions: one answer per task, with Space on the option buttons. Pay rent is not urgent, so it
  // starts in Later (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md,
  // docs/decisions/082-placed-yet-flag.md) and the keyboard has somewhere to move it.
  for (const [title, answer] of [
    ["Book dentist", "Yes"],
    ["Pay rent", "No"],
    ["Plan week", "Yes"],
  ] as const) {
    const option = card(page, title)
      .getByRole("group", { name: "Is it urgent?" })
      .getByRole("button", { name: answer, exact: true });
    await tabTo(page, option);
    await page.keyboard.press("Space");
    await expect(option).toHaveAttribute("aria-pressed", "true");
  }
  await expectEveryControlNamed(page);
  await tabTo(page, page.getByRole("button", { name: "Analyze Priorities" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Organize Tasks" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();

  // Organize: Space lifts, an arrow moves, Space drops.
  const urgent = page.getByRole("region", { name: "Urgent", exact: true });
  const later = page.getByRole("region", { name: "Later", exact: true });
  await expect(urgent.getByRole("button", { name: /^Book dentist/ })).toBeVisible();
  await expect(later.getByRole("button", { name: /^Pay rent/ })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: /^Pay rent/ }));
  await page.keyboard.press("Space");
  await expect(liveRegion(page)).toHaveText("Picked up Pay rent.");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowLeft");
  await expect(liveRegion(page)).toHaveText("Moved to Urgent.");
  await page.keyboard.press("Space");
  await expect(liveRegion(page)).toHaveText("Dropped Pay rent in Urgent.");
  await expect(urgent.getByRole("button", { name: /^Pay rent/ })).toBeFocused();
  await expectEveryControlNamed(page);

  // Focus: the task picked on the organize screen is preselected; start, then pause. Tab passes
  // through the toast list while a toast is up, and sonner sends focus back to where it came from
  // (a loop until the toast closes, left as a known issue): wait for the analysis toast to go.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await tabTo(page, page.getByRole("button", { name: "Start Focus Timer" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "One-Thing Focus Timer" })).toBeVisible();
  const select = page.getByLabel("What will you focus on?");
  await tabTo(page, select);
  if ((await select.inputValue()) === "") await page.keyboard.press("ArrowDown");
  await expect(select).not.toHaveValue("");
  await tabTo(page, page.getByRole("button", { name: "Start Focus Session" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("minutes remaining")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Pause" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await expectEveryControlNamed(page);

  // The "No" List, through the tabs: tick a task and commit.
  await tabTo(page, page.getByRole("link", { name: '"No" List' }), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' })).toBeVisible();
  await tabTo(page, page.getByRole("checkbox", { name: "Plan week" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Plan week" })).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: 'Commit to "No" List' }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: 'Today\'s "No" List' })).toBeVisible();
  await expect(page.getByRole("list", { name: 'Items on today\'s "No" List' })).toContainText("Plan week");
  await expectEveryControlNamed(page);

  expect([...unringed], "focused without a visible focus indicator").toEqual([]);
  expect(consoleErrors).toEqual([]);
});
