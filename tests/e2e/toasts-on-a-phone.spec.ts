import type { Locator, Page } from "@playwright/test";
import {
  type Account,
  addTaskViaApi,
  expect,
  listTasksViaApi,
  REAL_LENGTH_TITLES,
  screenshots,
  test,
} from "./fixtures";

// A new user's days on a phone (390 px, touch): every toast about a task names it
// (docs/decisions/245-toasts-name-their-task.md), has one place and stays there
// (docs/decisions/353-a-toast-has-one-place.md), and does not follow the person to another screen
// (docs/decisions/248-toasts-keep-to-their-screen.md).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const onScreen = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');
const currentTasks = (page: Page) => page.getByRole("region", { name: "Current Tasks" });
const titleOf = (toast: Locator) => toast.locator("[data-title]");

async function tenTasks(request: Parameters<typeof addTaskViaApi>[0], account: Account) {
  const tasks = [];
  for (const title of REAL_LENGTH_TITLES.slice(0, 11))
    tasks.push(await addTaskViaApi(request, account, { title, category: "later" }));
  return tasks;
}

/** The toast's box once it has stopped moving (its slide-in and its placement done). */
async function settledBox(toast: Locator) {
  let last = "";
  await expect
    .poll(async () => {
      const box = JSON.stringify(await toast.boundingBox());
      const same = box === last;
      last = box;
      return same;
    })
    .toBe(true);
  return JSON.parse(last) as { x: number; y: number; width: number; height: number };
}

test("a toast about a task names it, shortened", async ({ page, request, signedIn, consoleErrors }) => {
  await tenTasks(request, signedIn);
  await page.goto("/");
  const [first, second] = REAL_LENGTH_TITLES;
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[10])).toBeVisible();

  await currentTasks(page)
    .getByRole("button", { name: `Mark ${first} done` })
    .tap();
  await expect(titleOf(onScreen(page))).toHaveText('Task done: "Finish the Q3 budget report…"');
  await screenshots(page, "toast-names-task-done");
  await onScreen(page).getByRole("button", { name: "Undo" }).tap();
  await expect(titleOf(onScreen(page))).toHaveText('Undone: "Finish the Q3 budget report…"');
  // The undone task comes back at the top and pushes the rows down, and the toast grows from
  // "Undoing..." to its outcome in place: a tap aimed while either still moves can land on the other
  // (a busy machine widens that moment), so the tap waits for both to stand still.
  await expect(currentTasks(page).getByRole("button", { name: `Mark ${first} done` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await settledBox(onScreen(page));

  const row = currentTasks(page).getByRole("listitem").filter({ hasText: second });
  await row.getByRole("button", { name: /^Edit/ }).tap();
  await currentTasks(page).getByRole("textbox").fill("Renew the car insurance before Friday noon");
  await currentTasks(page).getByRole("button", { name: "Save" }).tap();
  await expect(titleOf(onScreen(page))).toHaveText('Task renamed: "Renew the car insurance…"');

  await currentTasks(page)
    .getByRole("button", { name: `Delete ${REAL_LENGTH_TITLES[2]}` })
    .tap();
  await expect(titleOf(onScreen(page))).toHaveText('Task deleted: "Book the venue for Anna\'s…"');
  expect(consoleErrors).toEqual([]);
});

test("Undo on a second Task done works: the toast stays put while the list changes under it", async ({
  page,
  request,
  signedIn,
}) => {
  const tasks = await tenTasks(request, signedIn);
  await page.goto("/");
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[10])).toBeVisible();
  const [first, second] = tasks;

  await currentTasks(page)
    .getByRole("button", { name: `Mark ${first?.title} done` })
    .tap();
  await expect(onScreen(page).filter({ hasText: "Task done" })).toBeVisible();
  await currentTasks(page)
    .getByRole("button", { name: `Mark ${second?.title} done` })
    .tap();
  const toast = onScreen(page).filter({ hasText: 'Task done: "Renew car insurance' });
  const shown = await settledBox(toast);
  // The refetch after the done lands and the finished rows leave the list: the Undo stays where
  // the finger is going.
  await expect(currentTasks(page).getByRole("button", { name: `Mark ${second?.title} done` })).toHaveCount(0);
  await expect
    .poll(() => listTasksViaApi(request, signedIn).then((all) => all.filter((t) => t.isCompleted).length))
    .toBe(2);
  await page.waitForLoadState("networkidle");
  expect(await settledBox(toast)).toEqual(shown);

  await toast.getByRole("button", { name: "Undo" }).tap();
  await expect(onScreen(page).filter({ hasText: 'Undone: "Renew car insurance' })).toBeVisible();
  await expect
    .poll(async () => (await listTasksViaApi(request, signedIn)).find((t) => t.id === second?.id)?.isCompleted)
    .toBe(false);
  await expect(currentTasks(page).getByRole("button", { name: `Mark ${second?.title} done` })).toBeVisible();
});

test("a ten-second Undo toast does not follow to the focus timer", async ({ page, request, signedIn }) => {
  await tenTasks(request, signedIn);
  await page.goto("/");
  await currentTasks(page)
    .getByRole("button", { name: `Mark ${REAL_LENGTH_TITLES[0]} done` })
    .tap();
  await expect(onScreen(page).filter({ hasText: "Task done" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Focus Timer" }).tap();
  await expect(page.getByRole("heading", { name: "One-Thing Focus Timer" })).toBeVisible();
  // Gone with its screen, well before its ten seconds are up.
  await expect(onScreen(page)).toHaveCount(0, { timeout: 5000 });
});

/** The toast's place: its distances from the left, right and bottom edges of the screen. */
async function placeOf(toast: Locator) {
  const box = await settledBox(toast);
  const { width, height } = toast.page().viewportSize() ?? { width: 0, height: 0 };
  return [box.x, width - box.x - box.width, height - box.y - box.height].map(Math.round);
}

/** What lies under the toast, scrolled to the end of the page: controls and headings. */
function underToast(toast: Locator) {
  return toast.evaluate((el) => {
    const root = document.getElementById("root");
    if (root) root.scrollTop = root.scrollHeight;
    const t = el.getBoundingClientRect();
    return Array.from(document.querySelectorAll("button, a[href], input, select, textarea, h1, h2, h3"))
      .filter((c) => {
        if (el.contains(c) || c.closest("[data-sonner-toaster]")) return false;
        // The part not clipped away by a scrolling ancestor (a list's box).
        const r = c.getBoundingClientRect();
        let [top, bottom] = [r.top, r.bottom];
        for (let a = c.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflowY === "visible") continue;
          const ar = a.getBoundingClientRect();
          [top, bottom] = [Math.max(top, ar.top), Math.min(bottom, ar.bottom)];
        }
        return (
          bottom - top > 2 && r.width > 2 && top < t.bottom && bottom > t.top && r.left < t.right && r.right > t.left
        );
      })
      .map((c) => (c.getAttribute("aria-label") ?? c.textContent ?? "").trim().slice(0, 40));
  });
}

// docs/decisions/353-a-toast-has-one-place.md: wherever the person is and whatever the screen, the
// toast is across the bottom, 16 px up, and the page ends above it.
test("a toast has one place on every screen, and scrolled to the end it lies over nothing", async ({
  page,
  request,
  signedIn,
}) => {
  await tenTasks(request, signedIn);
  await page.goto("/");
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[10])).toBeVisible();

  const places: number[][] = [];
  await currentTasks(page)
    .getByRole("button", { name: `Mark ${REAL_LENGTH_TITLES[0]} done` })
    .tap();
  const done = onScreen(page).filter({ hasText: "Task done" });
  places.push(await placeOf(done));
  await expect.poll(() => underToast(done)).toEqual([]);
  await screenshots(page, "toast-one-place-braindump");
  await page.setViewportSize({ width: 390, height: 844 });

  // Further down the list, with the page scrolled: the same place.
  const last = currentTasks(page).getByRole("button", { name: `Mark ${REAL_LENGTH_TITLES[10]} done` });
  await last.scrollIntoViewIfNeeded();
  await last.tap();
  const again = onScreen(page).filter({ hasText: 'Task done: "' }).last();
  places.push(await placeOf(again));

  await page.goto("/no-list");
  await expect(page.getByRole("heading", { name: "Your current tasks" })).toBeVisible();
  await page.getByLabel("Something you'll say no to today").fill("Checking the news before lunch every day");
  await page.getByRole("button", { name: "Add to No list" }).tap();
  const added = onScreen(page).filter({ hasText: 'Item added: "Checking the news before…"' });
  places.push(await placeOf(added));
  await expect.poll(() => underToast(added)).toEqual([]);
  await screenshots(page, "toast-one-place-no-list");

  expect(places).toEqual([
    [16, 16, 16],
    [16, 16, 16],
    [16, 16, 16],
  ]);
});
