import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { dayMove, moveToDayTwo, registerOnDayOne, TITLES } from "./day-two";
import {
  type Account,
  type ApiTask,
  apiCall,
  collectConsoleErrors,
  expect,
  pageScrollY,
  screenshots,
  shownToast,
  signInPage,
  test,
} from "./fixtures";

// The page makes room for its toast (docs/decisions/376-the-page-ends-above-the-toast.md): while a
// toast shows, no visible control or text of the page lies under it, where the person is, mid-page
// and at the page's end, on a phone (390 px, touch) and a laptop (1280 px). On the two screens of
// the finding: the results step's size warning and the morning plan's three.

const REPORT = "Draft the quarterly report for the finance team and board";
const SLIDES = "Prepare the slides for Thursday's customer research readout";
const LANDLORD = "Call the landlord about the broken kitchen radiator again";

/** Ten tasks of real length, and three with estimates (2 h, 1 h 30, 15 min) planned as today's three. */
async function plannedThree(request: APIRequestContext, account: Account) {
  for (const title of Object.values(TITLES).slice(0, 10)) {
    await apiCall(request, account, "POST", "/api/tasks", { title, category: "later" });
  }
  const ids: number[] = [];
  for (const [title, estimateMinutes] of [
    [REPORT, 120],
    [SLIDES, 90],
    [LANDLORD, 15],
  ] as const) {
    const task = (await apiCall(request, account, "POST", "/api/tasks", { title })) as ApiTask;
    await apiCall(request, account, "PATCH", `/api/tasks/${task.id}`, { estimateMinutes });
    ids.push(task.id);
  }
  await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: ids, noListTaskIds: [] });
  // Less than the three need: the size line warns and offers to move the longest to Later.
  await apiCall(request, account, "PATCH", "/api/account", { usualFocusMinutes: 60 });
}

const DEVICES = [
  { name: "a phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "a laptop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;
type Device = (typeof DEVICES)[number];

/** The person's device signed in, in their day's zone. */
async function openOn(browser: Browser, device: Device, account: Account, timezoneId: string) {
  const { viewport, hasTouch, isMobile } = device;
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL, timezoneId, viewport, hasTouch, isMobile });
  const page = await context.newPage();
  await signInPage(page, account);
  const errors = collectConsoleErrors(page);
  return {
    page,
    press: (control: Locator) => (hasTouch ? control.tap() : control.click()),
    close: async () => {
      await context.close();
      expect(errors, "console errors").toEqual([]);
    },
  };
}

type Where = "as it is" | "mid-page" | "end";

/** Scrolls whatever scrolls the page (the document, or the element the page scrolls in). */
function scrollPage(page: Page, where: Where) {
  return page.evaluate((at) => {
    if (at === "as it is") return;
    const root = document.getElementById("root");
    const scroller =
      root && getComputedStyle(root).overflowY !== "visible" ? root : (document.scrollingElement as HTMLElement);
    const end = scroller.scrollHeight - scroller.clientHeight;
    scroller.scrollTop = at === "end" ? end : Math.round(end / 2);
  }, where);
}

/** Every visible control or text of the page whose visible part meets the toast's box. */
function underToast(toast: Locator) {
  return toast.evaluate((el) => {
    const t = el.getBoundingClientRect();
    const interactive = "button, a[href], input:not([type=hidden]), select, textarea, [role=button], [tabindex='0']";
    const hasText = (node: Element) =>
      Array.from(node.childNodes).some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim());
    const found: string[] = [];
    for (const node of Array.from(document.querySelectorAll("body *"))) {
      if (node.closest("[data-sonner-toaster]") || !(node.matches(interactive) || hasText(node))) continue;
      const style = getComputedStyle(node);
      if (style.visibility === "hidden" || style.opacity === "0") continue;
      const r = node.getBoundingClientRect();
      // Screen-reader-only names (1 px) are not seen.
      if (r.width <= 2 || r.height <= 2) continue;
      // The part not clipped away by a scrolling ancestor, nor beyond the screen.
      let box = { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      for (let a = node.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === "visible" && s.overflowY === "visible") continue;
        const ar = a.getBoundingClientRect();
        box = {
          left: Math.max(box.left, ar.left),
          right: Math.min(box.right, ar.right),
          top: Math.max(box.top, ar.top),
          bottom: Math.min(box.bottom, ar.bottom),
        };
      }
      box = { ...box, top: Math.max(box.top, 0), bottom: Math.min(box.bottom, window.innerHeight) };
      if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
      if (box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top) {
        found.push(
          `${node.tagName.toLowerCase()} "${(node.getAttribute("aria-label") ?? node.textContent ?? "").trim().slice(0, 40)}"`,
        );
      }
    }
    return found;
  });
}

/** With the toast held (hovered, which pauses its time): nothing of the page under it, wherever the page is. */
async function expectNothingUnder(page: Page, toast: Locator, screen: string) {
  await expect(toast).toBeVisible();
  // Held by the pointer resting on it, which pauses its time.
  await toast.hover();
  // Only the page's own scrolling area scrolls: the document around it never does, so it cannot
  // carry the page under the toast.
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  for (const where of ["as it is", "mid-page", "end"] as const) {
    await scrollPage(page, where);
    await expect.poll(() => underToast(toast), { message: `${screen}, ${where}` }).toEqual([]);
  }
}

for (const device of DEVICES) {
  test.describe(`on ${device.name} (${device.viewport.width} px)`, () => {
    test("the results step's toast lies over nothing of the page, next to the size warning", async ({
      browser,
      request,
    }) => {
      const move = dayMove();
      const account = await registerOnDayOne(request, move.dayOne);
      await plannedThree(request, account);
      const { page, press, close } = await openOn(browser, device, account, move.dayOne.timeZone);
      await page.goto("/");
      await press(page.getByRole("button", { name: "View Priorities" }));
      const size = page.getByTestId("plan-size");
      await expect(size).toContainText("These three need about 3 h 45; you usually focus 1 h a day (your setting).");
      await press(size.getByRole("button", { name: `Move "${REPORT}" to Later` }));
      const moved = shownToast(page, `Moved to Later: "${REPORT}"`, "It is no longer one of today's three.");
      await expectNothingUnder(page, moved, "results step");
      await screenshots(page, "toasts-cover-nothing-results");
      await close();
    });

    test("the morning plan's toast lies over nothing of the page, next to the three", async ({ browser, request }) => {
      const move = dayMove();
      const account = await registerOnDayOne(request, move.dayOne);
      await plannedThree(request, account);
      await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
      const { page, press, close } = await openOn(browser, device, account, move.dayTwo.timeZone);
      await page.goto("/");
      const three = page.getByRole("region", { name: "Today's three" });
      await expect(three.getByRole("listitem")).toHaveText([REPORT, SLIDES, LANDLORD]);
      await press(three.getByRole("button", { name: `Move "${REPORT}" to Later` }));
      const moved = shownToast(page, `Moved to Later: "${REPORT}"`, "It is no longer one of the three offered");
      await expect(three.getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
      await expectNothingUnder(page, moved, "morning plan");
      await screenshots(page, "toasts-cover-nothing-plan");
      await close();
    });
  });
}

// The page scrolls in #root now: with nothing focused, the keys that scroll a page still do.
test("with nothing focused, the scrolling keys scroll the page", async ({ page, request, signedIn }) => {
  for (const title of Object.values(TITLES)) await apiCall(request, signedIn, "POST", "/api/tasks", { title });
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Current Tasks" }).getByText(TITLES.contract)).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("PageDown");
  await expect.poll(() => pageScrollY(page)).toBeGreaterThan(100);
  await page.keyboard.press("End");
  const end = await page.evaluate(() => {
    const root = document.getElementById("root") as HTMLElement;
    return root.scrollHeight - root.clientHeight;
  });
  await expect.poll(() => pageScrollY(page)).toBe(end);
  await page.keyboard.press("Home");
  await expect.poll(() => pageScrollY(page)).toBe(0);
});
