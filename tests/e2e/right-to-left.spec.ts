import type { Locator, Page } from "@playwright/test";
import {
  type Account,
  addTaskViaApi,
  apiCall,
  expect,
  keyboardDragReady,
  listTasksViaApi,
  screenshots,
  test,
} from "./fixtures";

// Arabic reads right to left (docs/decisions/400-what-mirrors-right-to-left.md): the page is
// dir="rtl", no screen is wider than a phone, what starts a line sits on the right, and the
// board's cards move from list to list by pointer and by keyboard. The checks find things by
// their place on the page, not by their words, which are Arabic here.

/** Neither the document nor #root (where the page scrolls) is wider than the window. */
async function expectNoSidewaysScroll(page: Page, screen: string, width: number) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    root: document.getElementById("root")?.scrollWidth ?? 0,
  }));
  expect.soft(widths.document, `${screen}: the document's width at ${width} px`).toBeLessThanOrEqual(width);
  expect.soft(widths.root, `${screen}: #root's width at ${width} px`).toBeLessThanOrEqual(width);
}

/** The gaps between an element's text and the window's left and right edges. */
function textGaps(locator: Locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    return { left: box.left, right: window.innerWidth - box.right };
  });
}

/** A start-aligned element's text is nearer the right edge than the left (a centred one, as near). */
async function expectOnTheRight(locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  const gaps = await textGaps(locator);
  expect.soft(gaps.right, `${what} starts on the right`).toBeLessThanOrEqual(gaps.left + 1);
}

const heading = (page: Page) => page.locator("main h1").first();
const column = (page: Page, id: string) => page.locator(`section[aria-labelledby="column-${id}"]`);

/**
 * The braindump's board or questions, from a step kept on this device
 * (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
 */
async function openStep(page: Page, account: Account, step: "organized" | "questions", questionTasks: unknown[] = []) {
  await page.addInitScript(
    ({ userId, step, questionTasks }) => {
      localStorage.setItem(
        "braindump-step",
        JSON.stringify({ shape: 1, userId, step, questionTasks, ranking: null, source: null, date: null }),
      );
    },
    { userId: account.user.id, step, questionTasks },
  );
  await page.goto("/");
}

async function openBoard(page: Page, account: Account) {
  await openStep(page, account, "organized");
  await expect(column(page, "urgent")).toBeVisible();
}

async function arabicAccount(request: Parameters<typeof addTaskViaApi>[0], signedIn: Account) {
  await apiCall(request, signedIn, "PATCH", "/api/account", { language: "ar" });
  await addTaskViaApi(request, signedIn, { title: "Pay the rent", category: "urgent", isPriority: true });
  await addTaskViaApi(request, signedIn, { title: "اتصل بأمي", category: "later" });
  await addTaskViaApi(request, signedIn, { title: "Book the dentist", category: "delegate" });
  await addTaskViaApi(request, signedIn, { title: "لا اجتماعات بعد الخامسة", category: "no_list" });
}

for (const width of [360, 390]) {
  test.describe(`in Arabic at ${width} px`, () => {
    test.use({ locale: "ar-EG", viewport: { width, height: 900 } });

    test("every screen is right to left, no wider than the window, and starts on the right", async ({
      page,
      request,
      signedIn,
    }) => {
      test.slow(); // every screen in turn
      await arabicAccount(request, signedIn);

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expectOnTheRight(page.locator("#current-tasks-heading"), "the current tasks' heading");
      await expectNoSidewaysScroll(page, "braindump", width);
      await screenshots(page, "rtl-braindump");

      for (const [path, screen] of [
        ["/focus-timer", "focus"],
        ["/no-list", "no-list"],
        ["/analytics", "analytics"],
        ["/routines", "routines"],
        ["/settings", "settings"],
        ["/done", "done"],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expectOnTheRight(heading(page), `${screen}: the heading`);
        if (screen === "analytics") {
          // Time runs from the right: a chart's first column (its hidden table's first row) is drawn
          // right of its last, on the axis of the chart with the most columns (the hours).
          await expect(page.locator("main table").first()).toBeAttached();
          const axis = await page.evaluate(() => {
            const axes = Array.from(document.querySelectorAll("main table")).map((table) => {
              const chart = table.parentElement?.parentElement;
              const labels = chart ? Array.from(chart.querySelectorAll(":scope > div.flex > span")) : [];
              return labels.map((label) => label.getBoundingClientRect().x);
            });
            return axes.sort((a, b) => b.length - a.length)[0] ?? [];
          });
          expect(axis.length, "a chart with columns").toBeGreaterThan(1);
          expect(axis[0], "the first column is on the right").toBeGreaterThan(axis.at(-1) ?? 0);
        }
        await expectNoSidewaysScroll(page, screen, width);
        if (screen === "done") {
          // The search field's magnifier sits where its text starts.
          const icon = await page.locator("#done-search").locator("xpath=..").locator("svg").boundingBox();
          const field = await page.locator("#done-search").boundingBox();
          if (!icon || !field) throw new Error("the search field is not on screen");
          expect(icon.x, "the magnifier is at the field's right").toBeGreaterThan(field.x + field.width / 2);
        }
        await screenshots(page, `rtl-${screen}`);
      }
    });

    test("the board mirrors, and a card moves to another list by pointer and by keyboard", async ({
      page,
      request,
      signedIn,
    }) => {
      await arabicAccount(request, signedIn);
      await openBoard(page, signedIn);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expectNoSidewaysScroll(page, "board", width);
      // A card's list colour is the stripe where its line starts: the right.
      const card = column(page, "urgent").getByRole("listitem").first();
      expect(await card.evaluate((el) => getComputedStyle(el.firstElementChild ?? el).borderRightWidth)).toBe("4px");
      await screenshots(page, "rtl-board");
      await page.setViewportSize({ width, height: 900 });

      // Pointer: Pay the rent from Urgent to Later.
      const handle = column(page, "urgent").locator('[id^="drag-handle-"]').first();
      const from = await handle.boundingBox();
      const to = await column(page, "later").boundingBox();
      if (!from || !to) throw new Error("not on screen");
      const x = from.x + from.width / 2;
      const y = from.y + from.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 12, y + 4, { steps: 4 });
      await page.mouse.move(to.x + to.width / 2, to.y + Math.min(80, to.height / 2), { steps: 12 });
      await page.mouse.up();
      await expect(page.locator("[data-drag-overlay]")).toHaveCount(0);
      await expect(column(page, "later").getByText("Pay the rent")).toBeVisible();
      await expect
        .poll(async () => (await listTasksViaApi(request, signedIn)).find((t) => t.title === "Pay the rent")?.category)
        .toBe("later");

      // Keyboard: the lists stand one above the other; right to left the left arrow goes on to the
      // next list, as the right one does left to right.
      const next = column(page, "delegate").locator('[id^="drag-handle-"]').first();
      await next.focus();
      await page.keyboard.press("Space");
      await expect(page.locator("[data-drag-overlay]")).toHaveCount(1);
      await keyboardDragReady(page);
      await page.keyboard.press("ArrowLeft");
      await expect(column(page, "no_list")).toHaveClass(/border-brand-500/);
      await page.keyboard.press("Space");
      await expect
        .poll(
          async () => (await listTasksViaApi(request, signedIn)).find((t) => t.title === "Book the dentist")?.category,
        )
        .toBe("no_list");
    });
  });
}

test.describe("in Arabic on a phone's questions", () => {
  test.use({ locale: "ar-EG", viewport: { width: 390, height: 900 } });

  test("the arrow keys move through an answer's choices as they stand on screen", async ({
    page,
    request,
    signedIn,
  }) => {
    await arabicAccount(request, signedIn);
    await openStep(page, signedIn, "questions", await listTasksViaApi(request, signedIn));
    const groups = page.getByRole("radiogroup");
    await expect(groups.first()).toBeVisible();
    // The effort question's three choices, the middle one focused: the left arrow goes to the one
    // on its left, which right to left is the next.
    let radios = groups.first().getByRole("radio");
    for (let i = 0; i < (await groups.count()); i++) {
      radios = groups.nth(i).getByRole("radio");
      if ((await radios.count()) === 3) break;
    }
    await expect(radios).toHaveCount(3);
    await radios.nth(1).focus();
    const middle = await radios.nth(1).boundingBox();
    await page.keyboard.press("ArrowLeft");
    await expect(radios.nth(2)).toBeFocused();
    const left = await radios.nth(2).boundingBox();
    if (!middle || !left) throw new Error("the choices are not on screen");
    expect(left.x).toBeLessThan(middle.x);
    await page.keyboard.press("ArrowRight");
    await expect(radios.nth(1)).toBeFocused();
  });
});

test.describe("in Arabic on a laptop", () => {
  test.use({ locale: "ar-EG", viewport: { width: 1280, height: 800 } });

  test("a toast sits in the bottom right corner, right to left", async ({ page, request, signedIn }) => {
    await arabicAccount(request, signedIn);
    await page.goto("/");
    await page.locator("[data-mark-done]").first().click();
    const toast = page.locator('[data-sonner-toast][data-visible="true"]');
    await expect(toast).toBeVisible();
    const toaster = page.locator("[data-sonner-toaster]");
    await expect(toaster).toHaveAttribute("dir", "rtl");
    await expect(toaster).toHaveAttribute("data-x-position", "right");
    const box = await toast.boundingBox();
    if (!box) throw new Error("the toast is not on screen");
    // 24 px in from the right edge (docs/product.md#other-constants).
    expect(Math.round(1280 - (box.x + box.width))).toBe(24);
  });
});
