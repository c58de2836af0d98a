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
// (docs/decisions/245-toasts-name-their-task.md), keeps off the screen's headings where it has
// room, stays put under a finger, and does not follow the person to another screen
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

test("a toast about a task names it, shortened, even when only its title shows", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
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

test('on the "No" List builder a toast keeps off "Your current tasks" and the other headings', async ({
  page,
  request,
  signedIn,
}) => {
  await tenTasks(request, signedIn);
  await page.goto("/no-list");
  const heading = page.getByRole("heading", { name: "Your current tasks" });
  await expect(heading).toBeVisible();
  await page.getByLabel("Something you'll say no to today").fill("Checking the news before lunch every day");
  await page.getByRole("button", { name: "Add to No list" }).tap();
  const toast = onScreen(page).filter({ hasText: 'Item added: "Checking the news before…"' });
  await expect(toast).toBeVisible();
  await settledBox(toast);
  for (const at of ["here", "top", "bottom"] as const) {
    if (at !== "here")
      await page.evaluate((to) => window.scrollTo(0, to === "top" ? 0 : document.documentElement.scrollHeight), at);
    await expect
      .poll(() =>
        toast.evaluate((el) => {
          const t = el.getBoundingClientRect();
          return Array.from(document.querySelectorAll("h1, h2, h3"))
            .filter((h) => {
              const r = h.getBoundingClientRect();
              return r.height > 0 && r.top < t.bottom && r.bottom > t.top && r.left < t.right && r.right > t.left;
            })
            .map((h) => h.textContent);
        }),
      )
      .toEqual([]);
  }
  await screenshots(page, "toast-keeps-off-headings");
});
