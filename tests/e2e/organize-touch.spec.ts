import type { APIRequestContext, CDPSession, Page } from "@playwright/test";
import {
  type Account,
  addTaskViaApi,
  expect,
  listTasksViaApi,
  pageScrollY,
  REAL_LENGTH_TITLES,
  test,
} from "./fixtures";

// A touch drag on the board at phone size (docs/product.md#organized-step): pressing a card near the
// bottom of the screen scrolls nothing until the finger moves towards an edge, and the card lands
// in the list under the finger when it lifts, or, with none under it, in the nearest
// (docs/decisions/373-a-touch-drop-lands-in-the-nearest-list.md).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Touch = { send: (type: "touchStart" | "touchMove" | "touchEnd", x?: number, y?: number) => Promise<void> };

/**
 * Opens the board with the real-length titles: the first two in Urgent, up to `laterUntil` in
 * Later, the rest in Delegate.
 */
async function openBoard(page: Page, request: APIRequestContext, signedIn: Account, laterUntil: number) {
  for (const [index, title] of REAL_LENGTH_TITLES.entries()) {
    const category = index < 2 ? "urgent" : index < laterUntil ? "later" : "delegate";
    await addTaskViaApi(request, signedIn, { title, category });
  }
  await page.goto("/");
  await page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
}

async function touchscreen(page: Page): Promise<Touch> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  return {
    send: async (type, x = 0, y = 0) => {
      await cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }],
      });
    },
  };
}

test("a touch drag from the bottom of the screen scrolls nothing on press and lands under the finger", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  // Urgent first, then Later (most cards), then Delegate; the card to move is the last in Delegate.
  await openBoard(page, request, signedIn, 9);

  const moving = "Sort the photos from the summer holiday trip";
  const handle = page.getByRole("button", { name: new RegExp(`^${moving}`) });
  // The card sits in the lowest fifth of the screen, inside the auto-scroll zone, with room to scroll.
  await handle.evaluate((el) => {
    const r = el.getBoundingClientRect();
    document.getElementById("root")?.scrollBy(0, r.top + r.height / 2 - window.innerHeight * 0.88);
  });
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  const box = await handle.boundingBox();
  if (!box) throw new Error("not on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  expect(y).toBeGreaterThan(844 * 0.8);
  const scrollBefore = await pageScrollY(page);
  expect(
    await page.evaluate(() => (document.getElementById("root")?.scrollHeight ?? 0) - window.innerHeight),
  ).toBeGreaterThan(scrollBefore + 200);

  const touch = await touchscreen(page);
  await touch.send("touchStart", x, y);
  // Held still past the press delay: the drag starts (the lifted card shows) ...
  await expect(page.locator("[data-drag-overlay]")).toHaveCount(1);
  // ... and for a good while after it nothing scrolls (it used to race to the bottom).
  for (let frame = 0; frame < 20; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }
  expect(await pageScrollY(page)).toBe(scrollBefore);

  // The finger moves up onto the Later list and lifts there.
  const later = page.getByRole("region", { name: "Later", exact: true });
  const target = await later.boundingBox();
  if (!target) throw new Error("not on screen");
  const targetY = Math.max(target.y + 60, 250);
  for (let step = 1; step <= 10; step++) {
    await touch.send("touchMove", x, y + ((targetY - y) * step) / 10);
  }
  const underFinger = await page.evaluate(
    ([px, py]) =>
      document
        .elementsFromPoint(px as number, py as number)
        .find((el) => el.matches("section[aria-labelledby^='column-']"))
        ?.getAttribute("aria-labelledby"),
    [x, targetY],
  );
  await touch.send("touchEnd");
  expect(underFinger).toBe("column-later");
  await expect(later.getByRole("button", { name: new RegExp(`^${moving}`) })).toBeVisible();
  await expect
    .poll(async () => (await listTasksViaApi(request, signedIn)).find((t) => t.title === moving)?.category)
    .toBe("later");
});

test("a long touch drag scrolls the page to a list below the screen, lands there and the page stays there", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  // Urgent has the card to move; Later holds most cards, so the "No" List starts far below the screen.
  await openBoard(page, request, signedIn, 10);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });

  const moving = REAL_LENGTH_TITLES[0];
  const handle = page.getByRole("button", { name: new RegExp(`^${moving.replace(/[()]/g, "\\$&")}`) });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("not on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const noList = page.getByRole("region", { name: '"No" List', exact: true });
  const noListTop = await noList.evaluate((el) => el.getBoundingClientRect().top);
  expect(noListTop).toBeGreaterThan(844 * 2);

  const touch = await touchscreen(page);
  await touch.send("touchStart", x, y);
  await expect(page.locator("[data-drag-overlay]")).toHaveCount(1);
  // The finger heads down to the bottom edge; the page scrolls until the "No" List is near it ...
  const edge = 844 - 20;
  for (let step = 1; step <= 10; step++) await touch.send("touchMove", x, y + ((edge - y) * step) / 10);
  await expect
    .poll(() => noList.evaluate((el) => el.getBoundingClientRect().bottom), { timeout: 15_000 })
    .toBeLessThan(844);
  // ... then moves up onto the list, out of the scroll zone, and lifts there.
  const target = await noList.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return Math.min(r.top + 50, r.bottom - 10);
  });
  for (let step = 1; step <= 5; step++) await touch.send("touchMove", x, edge + ((target - edge) * step) / 5);
  await touch.send("touchEnd");
  const landed = noList.getByRole("button", { name: new RegExp(`^${moving.replace(/[()]/g, "\\$&")}`) });
  await expect(landed).toBeVisible();
  await expect
    .poll(async () => (await listTasksViaApi(request, signedIn)).find((t) => t.title === moving)?.category)
    .toBe("no_list");
  // The page stays where the card was dropped: it does not jump back to where the drag began.
  for (let frame = 0; frame < 30; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  }
  await expect(landed).toBeInViewport();
  expect(await pageScrollY(page)).toBeGreaterThan(844);
});

test("a touch drag held at the bottom edge until the page ends lands in the last list, not outside the lists", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  // Urgent has the card to move; the "No" List, the last one, starts far below the screen.
  await openBoard(page, request, signedIn, 10);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });

  const moving = REAL_LENGTH_TITLES[1];
  const handle = page.getByRole("button", { name: new RegExp(`^${moving.replace(/[()]/g, "\\$&")}`) });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("not on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const noList = page.getByRole("region", { name: '"No" List', exact: true });

  const touch = await touchscreen(page);
  await touch.send("touchStart", x, y);
  await expect(page.locator("[data-drag-overlay]")).toHaveCount(1);
  // The finger goes to the bottom edge and stays there until the page can scroll no further: what
  // is under it then is the page below the last list, not a list.
  const edge = 844 - 12;
  for (let step = 1; step <= 10; step++) await touch.send("touchMove", x, y + ((edge - y) * step) / 10);
  await expect
    .poll(
      // The page scrolls in #root, above the toasts' strip (docs/decisions/376-the-page-ends-above-the-toast.md).
      () =>
        page.evaluate(() => {
          const scroller = document.getElementById("root") as HTMLElement;
          return scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
        }),
      { timeout: 20_000 },
    )
    .toBeLessThan(1);
  const underFinger = await page.evaluate(
    ([px, py]) =>
      document
        .elementsFromPoint(px as number, py as number)
        .some((el) => el.matches("section[aria-labelledby^='column-']")),
    [x, edge],
  );
  expect(underFinger).toBe(false);
  // The list it is nearest is lit while the finger is there, and the card lands in it.
  await expect(noList).toHaveClass(/border-brand-500/);
  await touch.send("touchEnd");
  const landed = noList.getByRole("button", { name: new RegExp(`^${moving.replace(/[()]/g, "\\$&")}`) });
  await expect(landed).toBeVisible();
  await expect
    .poll(async () => (await listTasksViaApi(request, signedIn)).find((t) => t.title === moving)?.category)
    .toBe("no_list");
  await expect(landed).toBeInViewport();
});
