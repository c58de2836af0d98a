import { devices, type Locator, type Page } from "@playwright/test";
import { addTaskViaApi, apiCall, expect, keyboardDragReady, PASSWORD, signInPage, test, uniqueName } from "./fixtures";

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

  // Questions: one answer per task. Each question is one Tab stop (its first choice while none is
  // chosen): Space chooses Yes, the arrow keys move to No and choose it. Pay rent is not urgent, so
  // it starts in Later (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md,
  // docs/decisions/082-placed-yet-flag.md) and the keyboard has somewhere to move it.
  for (const [title, answer] of [
    ["Book dentist", "Yes"],
    ["Pay rent", "No"],
    ["Plan week", "Yes"],
  ] as const) {
    const group = card(page, title).getByRole("radiogroup", { name: "Is it urgent?" });
    await tabTo(page, group.getByRole("radio", { name: "Yes", exact: true }));
    await page.keyboard.press(answer === "Yes" ? "Space" : "ArrowRight");
    await expect(group.getByRole("radio", { name: answer, exact: true })).toHaveAttribute("aria-checked", "true");
    await expect(group.getByRole("radio", { name: answer, exact: true })).toBeFocused();
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

test("each question is one radio group: one Tab stop, the arrow keys choose inside it (docs/decisions/155-questions-are-radio-groups.md)", async ({
  page,
  signedIn,
  request,
}) => {
  const res = await request.post("/api/process-tasks", {
    headers: { Authorization: `Bearer ${signedIn.token}` },
    data: { text: "Finish the Q3 budget report (due tomorrow 10am)\nRenew car insurance (policy A-2291) by Friday" },
  });
  expect(res.status()).toBe(201);
  await page.goto("/");
  await page.getByRole("button", { name: "Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  const first = card(page, "Finish the Q3 budget report (due tomorrow 10am)");
  const groups = first.getByRole("radiogroup");
  await expect(groups).toHaveCount(6);

  // From the first choice of the first question, Tab visits each question once: six stops per task.
  await tabTo(page, groups.first().getByRole("radio").first());
  const stops: string[] = [];
  for (let i = 0; i < 6; i++) {
    stops.push(
      await page.evaluate(
        () => document.activeElement?.closest("[role=radiogroup]")?.getAttribute("aria-labelledby") ?? "",
      ),
    );
    await page.keyboard.press("Tab");
  }
  expect(new Set(stops).size).toBe(6);
  // The sixth Tab left the task for the next one's first question.
  await expect(
    card(page, "Renew car insurance (policy A-2291) by Friday").getByRole("radiogroup").first().getByRole("radio", {
      name: "Yes",
    }),
  ).toBeFocused();

  // Arrow keys move and choose inside a group, wrapping; the chosen answer becomes its Tab stop.
  const effort = first.getByRole("radiogroup", { name: "How much effort will it take?" });
  await effort.getByRole("radio", { name: "Small" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(effort.getByRole("radio", { name: "Medium" })).toBeFocused();
  await expect(effort.getByRole("radio", { name: "Medium" })).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(effort.getByRole("radio", { name: "Small" })).toHaveAttribute("aria-checked", "true");
  await expect(effort.getByRole("radio", { checked: true })).toHaveCount(1);
  await expect(effort.getByRole("radio", { name: "Small" })).toHaveAttribute("tabindex", "0");
  await expect(effort.getByRole("radio", { name: "Large" })).toHaveAttribute("tabindex", "-1");
  // Space on the chosen answer clears it, as a click does (docs/product.md#questions-step).
  await page.keyboard.press("Space");
  await expect(effort.getByRole("radio", { checked: true })).toHaveCount(0);
});

test("keyboard hints show only where a keyboard is in use (docs/decisions/153-everyday-details.md)", async ({
  browser,
  request,
  signedIn,
}) => {
  const task = await addTaskViaApi(request, signedIn, { title: "Finish the Q3 budget report (due tomorrow 10am)" });
  await apiCall(request, signedIn, "POST", "/api/focus-sessions", {
    taskId: task.id,
    duration: 1500,
    isCompleted: false,
  });
  const boardHint = /With a keyboard, focus a task, press Space/;

  // A phone: touch, no hover. The hints stay hidden until a key only a keyboard has is pressed.
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await phoneContext.newPage();
  await signInPage(phone, signedIn);
  await phone.goto("/focus-timer");
  expect(await phone.evaluate(() => matchMedia("(hover: hover) and (pointer: fine)").matches)).toBe(false);
  await expect(phone.getByText("minutes remaining")).toBeVisible();
  const pauseHint = phone.getByText(/to pause\./);
  await expect(pauseHint).toBeHidden();
  await phone.goto("/");
  await phone.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(phone.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expect(phone.getByText("Drag tasks between the lists.")).toBeVisible();
  await expect(phone.getByText(boardHint)).toBeHidden();
  // A keyboard attached to the tablet or phone: after a Tab, the hints show.
  await phone.keyboard.press("Tab");
  await expect(phone.getByText(boardHint)).toBeVisible();
  await phoneContext.close();

  // A computer with a mouse: shown from the start.
  const desktopContext = await browser.newContext({ ...devices["Desktop Chrome"] });
  const desktop = await desktopContext.newPage();
  await signInPage(desktop, signedIn);
  await desktop.goto("/focus-timer");
  await expect(desktop.getByText(/to pause\./)).toBeVisible();
  await desktopContext.close();
});
