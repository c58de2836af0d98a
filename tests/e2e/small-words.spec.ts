import type { APIRequestContext, Page } from "@playwright/test";
import { dayMove, moveToDayTwo, openDevice, registerOnDayOne } from "./day-two";
import {
  type Account,
  addTaskViaApi,
  apiCall,
  expect,
  REAL_LENGTH_TITLES,
  screenshots,
  shownToast,
  test,
} from "./fixtures";

// Small words a new user's days tripped over, on a phone (390 px): counts that count what they say,
// controls with words, a change that waits saying so, a list that says it goes on
// (docs/decisions/249-small-words-that-tell-the-truth.md), and the Done screen's day whose header
// and list agree (docs/decisions/247-done-day-counts-its-deleted.md).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function laterTasks(request: APIRequestContext, account: Account, count: number) {
  const tasks = [];
  for (const title of REAL_LENGTH_TITLES.slice(0, count))
    tasks.push(await addTaskViaApi(request, account, { title, category: "later" }));
  return tasks;
}

test("the Done screen's day says how many of its finishes were deleted, so its header and list agree", async ({
  page,
  request,
  signedIn,
}) => {
  const tasks = await laterTasks(request, signedIn, 11);
  for (const task of tasks.slice(0, 4))
    await apiCall(request, signedIn, "PATCH", `/api/tasks/${task.id}`, { isCompleted: true });
  // Deleting counts as completing (docs/product.md#task-rules).
  for (const task of tasks.slice(4, 7))
    await apiCall(request, signedIn, "DELETE", `/api/tasks/${task.id}?complete=true`);
  await page.goto("/done");
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("listitem")).toHaveCount(4);
  await expect(today).toContainText("7 done, 3 of them deleted · 0 focus minutes");
  await screenshots(page, "done-day-deleted");
});

test("board columns count the tasks still to do, not the finished ones", async ({ page, request, signedIn }) => {
  const tasks = await laterTasks(request, signedIn, 11);
  for (const task of tasks.slice(0, 3))
    await apiCall(request, signedIn, "PATCH", `/api/tasks/${task.id}`, { isCompleted: true });
  await page.goto("/");
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  const later = page.getByRole("region", { name: "Later", exact: true });
  await expect(later.getByRole("heading")).toContainText("8 tasks to do · 3 done");
  await screenshots(page, "board-counts-open");
});

test('an item added to the "No" List offline says it waits to sync', async ({ page, context, request, signedIn }) => {
  await laterTasks(request, signedIn, 11);
  await page.goto("/no-list");
  await expect(page.getByRole("heading", { name: "Your current tasks" })).toBeVisible();
  // The outbox's code is on the page before the network goes.
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/outbox-[\w-]+\.js$/.test(e.name))),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.getByLabel("Something you'll say no to today").fill("Checking email before the first hour of work");
  await page.getByRole("button", { name: "Add to No list" }).tap();
  await expect(
    shownToast(page, "Item added", "Added to your No List successfully. It syncs when you're back online."),
  ).toBeVisible();
  await screenshots(page, "no-item-offline");
  await context.setOffline(false);
});

test("with more suggestions than show, the panel says how many are below", async ({ page, signedIn: _ }) => {
  const six = [
    "Write down the three goals for this quarter",
    "Block two hours on Monday for the budget",
    "Ask Maria for last year's spending figures",
    "List the subscriptions the team no longer uses",
    "Draft the budget summary for the managers",
    "Book a review meeting with finance on Friday",
  ];
  await page.route("**/api/ai/task-suggestions", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ suggestions: six, provider: "local", kind: "suggestions" }),
    }),
  );
  await page.goto("/");
  await page.getByRole("button", { name: /AI task suggestions/ }).tap();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("What's on your mind?").fill("Plan the quarter's budget with the team");
  await dialog.getByRole("button", { name: "Get Task Suggestions" }).tap();
  await expect(dialog.getByRole("list", { name: "Suggestions" }).getByRole("listitem")).toHaveCount(6);
  const below = dialog.getByTestId("suggestions-below");
  await expect(below).toHaveText(/^\d more below, scroll to see (it|them) ↓$/);
  await screenshots(page, "suggestions-below");
  // Scrolled to the end of the list and of the panel, nothing is below.
  await dialog.evaluate((panel) => {
    panel.querySelector("ul")?.scrollTo(0, 10_000);
    panel.scrollTo(0, 10_000);
  });
  await expect(below).toHaveCount(0);
});

const planHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Plan your day" });

test("day two: the plan names two kept tasks as two, and each carried task's controls have words", async ({
  browser,
  request,
}) => {
  test.slow();
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const created = (await apiCall(request, account, "POST", "/api/process-tasks", {
    text: REAL_LENGTH_TITLES.join("\n"),
  })) as { id: number; title: string }[];
  const ids = created.map((task) => task.id);
  await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: ids.slice(0, 3), noListTaskIds: [] });
  // One of the three is finished: two are left to keep.
  await apiCall(request, account, "PATCH", `/api/tasks/${ids[0]}`, { isCompleted: true });
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(planHeading(page)).toBeVisible();
  await expect(page.getByText("Yesterday's two, still open:")).toBeVisible();
  const keep = page.getByRole("button", { name: "Keep yesterday's two" });
  await expect(keep).toBeVisible();
  const carried = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Leave .* for later$/ }) });
  const row = carried.getByRole("listitem").filter({ hasText: created[5]?.title ?? "" });
  for (const word of ["Later", "Say no", "Delete"])
    await expect(row.getByRole("button", { name: new RegExp(word, "i") }).filter({ hasText: word })).toBeVisible();
  await screenshots(page, "plan-kept-two-worded");
  await keep.click();
  await expect(shownToast(page, "Your day is planned", "Yesterday's two are today's priorities.")).toBeVisible();
  await close();
});
