import type { APIRequestContext, Page } from "@playwright/test";
import { type Account, expect, REAL_LENGTH_TITLES, scrollPageTo, test } from "./fixtures";

// Nothing may lie on top of a button, link or field on a phone
// (docs/decisions/080-nothing-floats-over-phones-page.md): for every screen and timer phase, at
// 360×740 and 390×844, scrolled to the top and to the bottom, the point at each control's middle
// and both ends must hit the control itself (or its content).

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

type Covered = { control: string; point: string; hit: string };

/** Every visible control whose middle or ends are hit by something else, at this scroll position. */
function coveredControls(page: Page): Promise<Covered[]> {
  return page.evaluate(() => {
    const nameOf = (el: Element | null) =>
      el
        ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`
        : "nothing";
    /** The part of the element not clipped away by a scrolling ancestor or the viewport. */
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const ar = a.getBoundingClientRect();
        box = {
          left: Math.max(box.left, ar.left),
          right: Math.min(box.right, ar.right),
          top: Math.max(box.top, ar.top),
          bottom: Math.min(box.bottom, ar.bottom),
        };
      }
      return {
        left: Math.max(box.left, 0),
        right: Math.min(box.right, window.innerWidth),
        top: Math.max(box.top, 0),
        bottom: Math.min(box.bottom, window.innerHeight),
      };
    };
    const selector = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']";
    const covered: Covered[] = [];
    for (const control of Array.from(document.querySelectorAll(selector))) {
      const rect = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      // Screen-reader-only names (1 px) and invisible elements are not something a finger can miss.
      if (rect.width <= 2 || rect.height <= 2 || style.visibility === "hidden" || style.opacity === "0") continue;
      const box = visibleBox(control);
      if (box.right - box.left < 4 || box.bottom - box.top < 4) continue;
      const y = (box.top + box.bottom) / 2;
      const points: [string, number, number][] = [
        ["middle", (box.left + box.right) / 2, y],
        ["start", box.left + 2, y],
        ["end", box.right - 2, y],
      ];
      for (const [name, x, py] of points) {
        const hit = document.elementFromPoint(x, py);
        if (hit && (hit === control || control.contains(hit))) continue;
        covered.push({
          control: nameOf(control),
          point: `${name} (${Math.round(x)}, ${Math.round(py)})`,
          hit: nameOf(hit),
        });
      }
    }
    return covered;
  });
}

/** Checks the screen as it is now at both phone sizes, scrolled to the top and to the bottom. */
async function expectNothingCovered(page: Page, screen: string) {
  // A toast is feedback for a moment, not part of the layout under test.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  for (const size of PHONES) {
    await page.setViewportSize(size);
    for (const at of ["top", "bottom"] as const) {
      await scrollPageTo(page, at === "top" ? 0 : "end");
      await expect
        .poll(() => coveredControls(page), { message: `${screen} at ${size.width}×${size.height}, ${at}` })
        .toEqual([]);
    }
  }
}

type UnderToast = { control: string; toast: string };

/** Every visible control (outside the toast) whose visible part lies under the toast on screen. */
function controlsUnderToast(page: Page): Promise<UnderToast[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');
    if (!toast) return [{ control: "(no toast on screen)", toast: "" }];
    const t = toast.getBoundingClientRect();
    const selector = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']";
    const under: UnderToast[] = [];
    for (const control of Array.from(document.querySelectorAll(selector))) {
      if (toast.contains(control) || control.closest("[data-sonner-toaster]")) continue;
      const r = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (r.width <= 2 || r.height <= 2 || style.visibility === "hidden" || style.opacity === "0") continue;
      const top = Math.max(r.top, 0);
      const bottom = Math.min(r.bottom, window.innerHeight);
      if (bottom - top < 4) continue;
      const overlaps = r.left < t.right && r.right > t.left && top < t.bottom && bottom > t.top;
      // And the finger's points: the middle and both ends must not hit the toast.
      const y = (top + bottom) / 2;
      const hitsToast = [r.left + 2, (r.left + r.right) / 2, r.right - 2].some((x) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && toast.contains(hit);
      });
      if (overlaps || hitsToast) {
        under.push({
          control: `${control.tagName.toLowerCase()} "${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40)}"`,
          toast: (toast.textContent ?? "").trim().slice(0, 40),
        });
      }
    }
    return under;
  });
}

/**
 * With the screen's own toast showing (held by hovering it, which pauses its timer): at both phone
 * sizes the toast is in its one place, across the bottom 16 px up, and scrolled to the end of the
 * page no control lies under it (docs/decisions/353-a-toast-has-one-place.md).
 */
async function expectToastCoversNothing(page: Page, screen: string, title: string) {
  const toast = page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: title });
  await expect(toast).toBeVisible();
  for (const size of PHONES) {
    await page.setViewportSize(size);
    await scrollPageTo(page, "end");
    await toast.hover();
    const message = `${screen}, toast "${title}" at ${size.width}×${size.height}`;
    await expect
      .poll(
        () =>
          toast.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return [
              Math.round(r.left),
              Math.round(window.innerWidth - r.right),
              Math.round(window.innerHeight - r.bottom),
            ];
          }),
        { message },
      )
      .toEqual([16, 16, 16]);
    await scrollPageTo(page, "end");
    await expect.poll(() => controlsUnderToast(page), { message }).toEqual([]);
  }
  await toast.getByRole("button", { name: "Close toast" }).dispatchEvent("click");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

async function seed(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${account.token}` };
  const titles = [
    "Pay rent",
    "Water plants",
    "Reply to Sam",
    "Book dentist",
    "Plan sprint",
    "Call bank",
    "Tidy desk",
    "Read report",
  ];
  const res = await request.post("/api/process-tasks", { headers, data: { text: titles.join("\n") } });
  expect(res.status()).toBe(201);
  const tasks = (await res.json()) as { id: number }[];
  for (const [index, task] of tasks.entries()) {
    await request.patch(`/api/tasks/${task.id}/answers`, {
      headers,
      data: { urgent: index % 2 === 0, effort: "Small" },
    });
  }
  await request.post("/api/tasks", { headers, data: { title: "Doomscrolling", category: "no_list" } });
}

test("on a phone no control lies under another element, on any screen or timer phase", async ({
  page,
  request,
  signedIn,
}) => {
  test.setTimeout(300_000);
  await seed(request, signedIn);
  const currentTasks = page.getByRole("region", { name: "Current Tasks" });

  await page.goto("/");
  await expect(currentTasks).toContainText("Read report");
  // The check finds a control under something floating (as the AI button used to be).
  await page.setViewportSize(PHONES[0]);
  await page.evaluate(() => {
    const cover = document.createElement("div");
    cover.id = "test-cover";
    cover.style.cssText = "position:fixed;right:0;bottom:0;width:120px;height:300px;z-index:99";
    document.body.append(cover);
  });
  expect((await coveredControls(page)).map((c) => c.hit)).toContain('div#test-cover ""');
  await page.evaluate(() => document.getElementById("test-cover")?.remove());
  await expectNothingCovered(page, "braindump input");

  await currentTasks.getByRole("button", { name: "Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expectNothingCovered(page, "questions");

  await page.getByRole("button", { name: "Start Over" }).click();
  await currentTasks.getByRole("button", { name: "View Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await expectNothingCovered(page, "results");

  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expectNothingCovered(page, "organized");

  await page.goto("/focus-timer");
  await expect(page.getByRole("button", { name: "Start Focus Session" })).toBeVisible();
  await expectNothingCovered(page, "focus selection");
  await page.getByLabel("What will you focus on?").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await expect(page.getByRole("button", { name: "End Session" })).toBeVisible();
  await expectNothingCovered(page, "focus active");
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("button", { name: "Need More Time" })).toBeVisible();
  await expectNothingCovered(page, "focus complete");
  await page.getByRole("button", { name: "5 Min Break" }).click();
  await expect(page.getByText("Taking a break from:")).toBeVisible();
  await expectNothingCovered(page, "break");
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("button", { name: "Start Focus Session" })).toBeVisible();

  for (const [path, screen] of [
    ["/no-list", "no list"],
    ["/analytics", "analytics"],
    ["/settings", "settings"],
    ["/done", "done"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectNothingCovered(page, screen);
  }
});

test("on a phone a toast keeps one place and, scrolled to the end, lies over no control, with each screen's own toast showing", async ({
  page,
  request,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const headers = { Authorization: `Bearer ${signedIn.token}` };
  const res = await request.post("/api/process-tasks", { headers, data: { text: REAL_LENGTH_TITLES.join("\n") } });
  expect(res.status()).toBe(201);
  const tasks = (await res.json()) as { id: number }[];
  for (const [index, task] of tasks.entries()) {
    await request.patch(`/api/tasks/${task.id}/answers`, {
      headers,
      data: { urgent: index % 2 === 0, important: index % 3 === 0, effort: "Small" },
    });
  }
  await page.setViewportSize(PHONES[1]);

  // Results, with "Priority analysis complete" over the "Focus On This" buttons.
  await page.goto("/");
  await page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: "Prioritize" }).click();
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await expectToastCoversNothing(page, "results", "Priority analysis complete");

  // A break starts: "Break started" over Pause and End Session.
  await page.goto(`/focus-timer?taskId=${tasks[0]?.id}`);
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await page.getByRole("button", { name: "End Session" }).click();
  await page.getByRole("button", { name: "5 Min Break" }).click();
  await expect(page.getByText("Taking a break from:")).toBeVisible();
  await expectToastCoversNothing(page, "break", "Break started");
  // The break ends: "Break over" over the selection.
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("button", { name: "Start Focus Session" })).toBeVisible();
  await expectToastCoversNothing(page, "focus selection", "Break over");

  // Completed: "Task completed" over "Next Task" and "5 Min Break".
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await page.getByRole("button", { name: "End Session" }).click();
  await page.getByRole("button", { name: "Completed" }).click();
  await expect(page.getByRole("button", { name: "Marked as done" })).toBeVisible();
  await expectToastCoversNothing(page, "focus complete", "Task completed");

  // The No-list builder: a toast after adding an item, and after committing nothing, over the
  // buttons at the bottom of the list.
  await page.goto("/no-list");
  await page.getByLabel("Something you'll say no to today").fill("Doomscrolling through news headlines before noon");
  await page.getByRole("button", { name: "Add to No list" }).click();
  await expectToastCoversNothing(page, "no list builder", "Item added");
  await page.getByRole("button", { name: /clear tasks/i }).scrollIntoViewIfNeeded();
  // Soft-disabled (aria-disabled) with nothing chosen: pressing it explains why, in a toast.
  await page.getByRole("button", { name: 'Commit to "No" List' }).click({ force: true });
  await expectToastCoversNothing(page, "no list builder", "No items selected");
});
