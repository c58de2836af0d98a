import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  apiCall,
  authHeader,
  closeToast,
  expect,
  registerViaApi,
  screenshots,
  shownToast,
  signInPage,
  test,
} from "./fixtures";

// Colours are read mid-transition otherwise; the suite checks the settled screens.
test.use({ reducedMotion: "reduce" });

const card = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });

test("public screens: landing, login, register, not found", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();
  await expectNoAxeViolations(page, "landing");
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectNoAxeViolations(page, "login");
  await page.goto("/register");
  await expect(page.getByLabel("Username")).toBeVisible();
  await expectNoAxeViolations(page, "register");
  await page.goto("/no-such-page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expectNoAxeViolations(page, "404");
});

test("braindump: input with tasks, Clear Tasks and Start Fresh dialogs, questions, results, organized", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  await apiCall(request, signedIn, "POST", "/api/process-tasks", {
    text: "Write report\nBook dentist\nPay rent\nPlan week",
  });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Current Tasks" }).getByRole("listitem")).toHaveCount(4);
  await expectNoAxeViolations(page, "braindump with tasks");

  await page.getByRole("button", { name: "Clear Tasks" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page, "Clear Tasks dialog", { only: '[role="alertdialog"]' });
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Start Fresh" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoAxeViolations(page, "Start Fresh dialog", { only: '[role="alertdialog"]' });
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("button", { name: "Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  for (const title of ["Write report", "Book dentist", "Pay rent", "Plan week"]) {
    await card(page, title)
      .getByRole("radiogroup", { name: "Is it urgent?" })
      .getByRole("radio", { name: "Yes" })
      .click();
  }
  await expectNoAxeViolations(page, "priority questions");

  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await expectNoAxeViolations(page, "results");

  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expectNoAxeViolations(page, "organized lists");
});

test("focus timer: idle, running, paused, complete", async ({ page, request, signedIn }) => {
  test.slow();
  const task = await apiCall(request, signedIn, "POST", "/api/tasks", { title: "Write the quarterly report" });
  await page.goto(`/focus-timer?taskId=${task.id}`);
  await expect(page.getByLabel("What will you focus on?")).toHaveValue(String(task.id));
  await expectNoAxeViolations(page, "focus idle");

  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await expect(page.getByText("minutes remaining")).toBeVisible();
  await expectNoAxeViolations(page, "focus running");

  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await expectNoAxeViolations(page, "focus paused");

  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  await expectNoAxeViolations(page, "focus complete");
});

test('"No" list: builder and committed', async ({ page, request, signedIn }) => {
  await apiCall(request, signedIn, "POST", "/api/tasks", { title: "Answer every email", category: "urgent" });
  await apiCall(request, signedIn, "POST", "/api/tasks", { title: "Reorganise the garage" });
  await page.goto("/no-list");
  await expect(page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' })).toBeVisible();
  await page.getByRole("checkbox", { name: "Answer every email" }).check();
  await expect(page.getByLabel("Reason for saying no to Answer every email (optional)")).toBeVisible();
  await expectNoAxeViolations(page, '"No" list builder');
  await page.getByRole("button", { name: 'Commit to "No" List' }).click();
  await expect(page.getByRole("heading", { level: 1, name: 'Today\'s "No" List' })).toBeVisible();
  await expectNoAxeViolations(page, '"No" list committed');
});

test("analytics, settings with the delete dialog, and the AI panel", async ({ page, signedIn: _ }) => {
  test.slow();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();

  await page.getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { name: "Productivity Analytics" })).toBeVisible();
  await expect(page.getByText("Today's Productivity Score")).toBeVisible();
  await expectNoAxeViolations(page, "analytics");

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "settings");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("alertdialog", { name: "Delete your account?" })).toBeVisible();
  await expectNoAxeViolations(page, "delete-account dialog", { only: '[role="alertdialog"]' });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: /AI task suggestions/ }).click();
  const panel = page.getByRole("dialog", { name: "AI Task Suggestions" });
  await panel.getByLabel("What's on your mind?").fill("plan the team offsite and renew my passport");
  await panel.getByRole("button", { name: "Get Task Suggestions" }).click();
  await expect(panel.getByRole("listitem").first()).toBeVisible();
  await expectNoAxeViolations(page, "AI suggestion panel");
});

test("with real figures: the analytics charts of a day and a week, and the toasts, light and dark", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  const created = (await apiCall(request, signedIn, "POST", "/api/process-tasks", {
    text: "Write report\nBook dentist\nPay rent\nPlan week\nCall Sam",
  })) as { id: number }[];
  for (const [i, data] of [
    [0, { category: "urgent", isPriority: true, isCompleted: true }],
    [1, { category: "delegate", isCompleted: true }],
    [2, { category: "no_list" }],
  ] as const) {
    const res = await request.patch(`/api/tasks/${created[i]?.id}`, { headers: authHeader(signedIn), data });
    expect(res.ok()).toBe(true);
  }
  await page.goto("/analytics");
  await expect(page.getByText("Today's Productivity Score")).toBeVisible();
  await expect(page.getByRole("table", { name: "Tasks created and completed per day, today" })).toHaveCount(1);
  await expect(page.getByText("5 tasks created and 2 completed today.")).toBeVisible();
  await expectNoAxeViolations(page, "analytics day with figures");
  await page.getByRole("button", { name: "Week" }).click();
  await expect(page.getByRole("heading", { name: "The last 7 days" })).toBeVisible();
  await expectNoAxeViolations(page, "analytics week with figures");

  // A failure toast (destructive style) and a success toast. F8 (docs/product.md#other-constants) focuses the
  // notifications, which holds the toast on screen while it is scanned.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Braindump & Prioritize" }).click();
  await page.mouse.move(0, 0);
  await page.getByRole("button", { name: "Process & Continue" }).click();
  await expect(shownToast(page, "Empty input", "Please enter some tasks to process.")).toBeVisible();
  await page.keyboard.press("F8");
  await expectNoAxeViolations(page, "failure toast", { only: "[data-sonner-toaster]" });
  await closeToast(page, "Empty input");
  await page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: "Delete Call Sam" }).click();
  await expect(shownToast(page, "Task deleted", "The task has been removed.")).toBeVisible();
  await page.keyboard.press("F8");
  await expectNoAxeViolations(page, "success toast", { only: "[data-sonner-toaster]" });
  await closeToast(page, "Task deleted");
});

/** Every header control lies fully inside the viewport, and the page never scrolls sideways. */
async function expectHeaderFits(page: Page, width: number) {
  await page.setViewportSize({ width, height: 700 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const report = await page.evaluate(() => {
    const header = document.querySelector("header");
    // From 640 px the AI button floats over the page (fixed, bottom right): not part of the row.
    const floats = (el: HTMLElement) =>
      getComputedStyle(el).position === "fixed" || getComputedStyle(el.parentElement ?? el).position === "fixed";
    const controls = Array.from(header?.querySelectorAll<HTMLElement>("a, button") ?? []).filter(
      (el) => !el.closest("nav") && !floats(el),
    );
    return {
      // The page scrolls in #root (docs/decisions/376-the-page-ends-above-the-toast.md).
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.getElementById("root")?.scrollWidth ?? 0),
      innerWidth: window.innerWidth,
      controls: controls.map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
        // A control is clipped when its content is wider or taller than its box (a wrapped label).
        return { name, left: r.left, right: r.right, height: r.height, clipped: el.scrollWidth > el.clientWidth + 1 };
      }),
    };
  });
  expect(report.scrollWidth, `page scrolls sideways at ${width}px`).toBeLessThanOrEqual(report.innerWidth);
  expect(report.controls.length).toBeGreaterThanOrEqual(5);
  for (const c of report.controls) {
    expect(c.left, `${c.name} at ${width}px`).toBeGreaterThanOrEqual(0);
    expect(c.right, `${c.name} at ${width}px`).toBeLessThanOrEqual(width);
    expect(c.height, `${c.name} wraps at ${width}px`).toBeLessThanOrEqual(44);
    expect(c.clipped, `${c.name} clipped at ${width}px`).toBe(false);
  }
}

test("the signed-in header fits on one line from 320 px up, every control named", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  const header = page.locator("header");
  for (const width of [320, 360, 390, 640, 1280]) {
    await expectHeaderFits(page, width);
    // The icon-only forms keep their names (and a tooltip for sighted mouse users).
    for (const name of ["Settings", "Logout"]) {
      const control = header.getByRole("link", { name, exact: true });
      await expect(control).toBeVisible();
      await expect(control).toHaveAttribute("title", name);
    }
    // On a phone Start Fresh and the theme leave the header (docs/decisions/354-a-phone-s-header-keeps-four-controls.md).
    const wide = width >= 640;
    await expect(header.getByRole("button", { name: "Start Fresh", exact: true })).toHaveCount(wide ? 1 : 0);
    await expect(header.getByRole("button", { name: /^Switch to (light|dark) theme$/ })).toHaveCount(wide ? 1 : 0);
  }
  await screenshots(page, "header");
});

test("reduced motion: no confetti and no animated transitions", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  const account = await registerViaApi(context.request);
  await signInPage(page, account);
  const task = (await apiCall(context.request, account, "POST", "/api/tasks", { title: "Tidy the desk" })) as {
    id: number;
  };
  await page.goto(`/focus-timer?taskId=${task.id}`);
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  // canvas-confetti draws on a canvas it adds to the page; with reduced motion there is none.
  await page.waitForTimeout(300);
  expect(await page.locator("canvas").count()).toBe(0);
  // Every transition and animation on the page is instant.
  const moving = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll("*"))
        .map((el) => getComputedStyle(el))
        .filter((s) =>
          [s.transitionDuration, s.animationDuration].some((d) => d.split(",").some((v) => parseFloat(v) > 0.01)),
        ).length,
  );
  expect(moving).toBe(0);
  await context.close();
});
