import type { Page } from "@playwright/test";
import {
  addTaskViaApi,
  authHeader,
  closeToast,
  expect,
  listTasksViaApi,
  middleAgainstBackground,
  screenshots,
  setTheme,
  shownToast,
  test,
} from "./fixtures";

const auth = authHeader;
const addTask = addTaskViaApi;
const listTasks = listTasksViaApi;

/** The one toast on show (the app shows one at a time; older ones stay in the DOM, hidden). */
const toast = (page: Page) => page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');

async function expectToast(page: Page, title: string, description?: string) {
  await expect(toast(page).filter({ hasText: title })).toBeVisible();
  if (description) await expect(toast(page).filter({ hasText: title })).toContainText(description);
}

const builderHeading = (page: Page) => page.getByRole("heading", { level: 1, name: 'Daily "No" List Builder' });
const committedHeading = (page: Page) => page.getByRole("heading", { level: 1, name: 'Today\'s "No" List' });
const commitButton = (page: Page) => page.getByRole("button", { name: 'Commit to "No" List' });
// Cased like the other buttons (docs/decisions/154-no-list-clear-reads-plainly.md).
const clearButton = (page: Page) => page.getByRole("button", { name: "Clear Tasks", exact: true });

test("builder: disabled buttons explain themselves, a blank item is refused, an item is added", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  await page.goto("/no-list");
  await expect(builderHeading(page)).toBeVisible();
  await expect(page.getByText("No current tasks.")).toBeVisible();

  // Nothing selected: both buttons are disabled; reached anyway, they say why (docs/product.md#builder-mode).
  await expect(commitButton(page)).toBeDisabled();
  await expect(clearButton(page)).toBeDisabled();
  await screenshots(page, "no-list-builder-empty");
  await commitButton(page).click({ force: true });
  await closeToast(page, "No items selected", "Please select at least one item for your No List.");
  await clearButton(page).focus();
  await page.keyboard.press("Enter");
  await closeToast(page, "No tasks selected", "Please select tasks to clear first.");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  const input = page.getByLabel("Something you'll say no to today");
  const add = page.getByRole("button", { name: "Add to No list" });
  await add.click();
  await expect(shownToast(page, "Empty input", "Please enter something to add to your No List.")).toHaveAttribute(
    "data-type",
    "error",
  );
  await closeToast(page, "Empty input");
  await input.fill("   ");
  await input.press("Enter");
  await closeToast(page, "Empty input");
  // Only invisible characters (zero-width space, word joiner, soft hyphen) are empty too
  // (docs/decisions/126-visible-titles.md).
  await input.fill("\u200B\u2060\u00AD");
  await input.press("Enter");
  await closeToast(page, "Empty input");
  expect(await listTasks(request, signedIn)).toEqual([]);

  await input.fill("Doomscrolling before bed");
  await add.click();
  await expectToast(page, "Item added", "Added to your No List successfully.");
  await expect(input).toHaveValue("");
  await expect(page.getByText('1 item already on today\'s "No" List.')).toBeVisible();
  const stored = await listTasks(request, signedIn);
  expect(stored.map((t) => [t.title, t.category])).toEqual([["Doomscrolling before bed", "no_list"]]);

  await page.getByRole("button", { name: 'View today\'s "No" List' }).click();
  await expect(committedHeading(page)).toBeVisible();
  await expect(committedHeading(page)).toBeFocused();
  // Exact: the toast names the item too (docs/decisions/245-toasts-name-their-task.md).
  await expect(page.getByText("Doomscrolling before bed", { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("select with reasons, commit, see today's list, delete an item, edit, go to the picker", async ({
  page,
  request,
  signedIn,
}) => {
  const email = await addTask(request, signedIn, { title: "Answer every email", category: "urgent", isPriority: true });
  const garage = await addTask(request, signedIn, { title: "Reorganise the garage" });
  await addTask(request, signedIn, { title: "Write the report", category: "delegate" });
  await addTask(request, signedIn, { title: "Already done", isCompleted: true });

  await page.goto("/no-list");
  await expect(builderHeading(page)).toBeVisible();
  const choices = page.getByRole("checkbox");
  await expect(choices).toHaveCount(3);
  await expect(page.getByText("Already done")).toHaveCount(0);

  const emailBox = page.getByRole("checkbox", { name: "Answer every email" });
  const emailReason = page.getByLabel("Reason for saying no to Answer every email (optional)");
  await expect(emailReason).toHaveCount(0);
  await emailBox.check();
  await expect(emailReason).toBeVisible();
  await expect(commitButton(page)).toBeEnabled();
  await expect(clearButton(page)).toBeEnabled();
  await page.getByRole("checkbox", { name: "Reorganise the garage" }).check();
  await expect(page.getByText("2 selected")).toBeVisible();

  // A reason over the limit is marked and blocks the commit with a clear message.
  await emailReason.fill("x".repeat(501));
  await expect(page.getByText("Reason must be at most 500 characters.")).toBeVisible();
  await expect(emailReason).toHaveAttribute("aria-invalid", "true");
  await commitButton(page).click();
  await expectToast(page, "Reason too long");
  await expect(emailReason).toBeFocused();
  expect((await listTasks(request, signedIn)).filter((t) => t.category === "no_list")).toEqual([]);

  await emailReason.fill("Batch them at 4 pm");
  await expect(page.getByText("Reason must be at most 500 characters.")).toHaveCount(0);
  await screenshots(page, "no-list-builder");

  await commitButton(page).click();
  await expectToast(page, "No List committed", "You've successfully committed to your No List for today.");
  await expect(committedHeading(page)).toBeVisible();
  const list = page.getByRole("list", { name: 'Items on today\'s "No" List' });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("Answer every email");
  await expect(list).toContainText("Batch them at 4 pm");
  await expect(list).toContainText("Reorganise the garage");
  await expect(list).not.toContainText("Write the report");
  // Not draggable: no drag handles or drag semantics on the items.
  await expect(list.locator('[draggable="true"], [aria-roledescription="draggable"]')).toHaveCount(0);
  await expect(page.getByText("Saying no with intention")).toBeVisible();

  const stored = await listTasks(request, signedIn);
  expect(stored.find((t) => t.id === email.id)).toMatchObject({
    category: "no_list",
    noListReason: "Batch them at 4 pm",
    isPriority: false,
  });
  expect(stored.find((t) => t.id === garage.id)).toMatchObject({ category: "no_list", noListReason: null });
  await screenshots(page, "no-list-committed");

  await page.getByRole("button", { name: "Remove Reorganise the garage from No list" }).click();
  await expectToast(page, "Task deleted", "The task has been removed.");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  expect((await listTasks(request, signedIn)).map((t) => t.id)).not.toContain(garage.id);

  await page.getByRole("button", { name: "Edit List" }).click();
  await expect(builderHeading(page)).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: "Write the report" })).not.toBeChecked();
  await expect(commitButton(page)).toBeDisabled();
  await expect(page.getByText('1 item already on today\'s "No" List.')).toBeVisible();

  await page.getByRole("button", { name: 'View today\'s "No" List' }).click();
  await page.getByRole("link", { name: "To Priority Picker" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("opening the page with items already on the list shows today's list", async ({ page, request, signedIn }) => {
  await addTask(request, signedIn, { title: "Say yes to every meeting", category: "no_list" });
  await addTask(request, signedIn, { title: "Plan the week" });
  await page.goto("/no-list");
  await expect(committedHeading(page)).toBeVisible();
  await expect(page.getByText("Say yes to every meeting")).toBeVisible();
  await expect(page.getByText("Plan the week")).toHaveCount(0);

  // Removing an item offers Undo but is no completion
  // (docs/decisions/113-deleting-no-item-completion.md): today's counts stay.
  const completedToday = async () => {
    const today = await (await request.get("/api/analytics/today", { headers: auth(signedIn) })).json();
    return (today as { tasksCompleted: number }).tasksCompleted;
  };
  const completedBefore = await completedToday();
  await page.getByRole("button", { name: "Remove Say yes to every meeting from No list" }).click();
  await expectToast(page, "Task deleted");
  await expect(page.getByText('Nothing on your "No" List yet.')).toBeVisible();
  expect(await completedToday()).toBe(completedBefore);
  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expectToast(page, "Undone");
  // Exact: the toast names the item too (docs/decisions/245-toasts-name-their-task.md).
  await expect(page.getByText("Say yes to every meeting", { exact: true })).toBeVisible();

  // Removing the last item keeps the committed view, with a way back to the builder.
  await page.getByRole("button", { name: "Remove Say yes to every meeting from No list" }).click();
  await expectToast(page, "Task deleted");
  await expect(page.getByText('Nothing on your "No" List yet.')).toBeVisible();
  await expect(committedHeading(page)).toBeVisible();
  await page.getByRole("button", { name: "Edit List" }).click();
  await expect(page.getByRole("checkbox", { name: "Plan the week" })).toBeVisible();
});

test("clear asks first, then clears the selected tasks in one go and resets the selection", async ({
  page,
  request,
  signedIn,
}) => {
  await addTask(request, signedIn, { title: "Old idea" });
  await addTask(request, signedIn, { title: "Stale errand", category: "urgent" });
  const keep = await addTask(request, signedIn, { title: "Keep me" });
  await page.goto("/no-list");
  await page.getByRole("checkbox", { name: "Old idea" }).check();
  await page.getByRole("checkbox", { name: "Stale errand" }).check();
  await page.getByLabel("Reason for saying no to Old idea (optional)").fill("Never mind");

  await expect(clearButton(page)).toHaveCSS("text-transform", "none");
  await clearButton(page).click();
  const dialog = page.getByRole("alertdialog");
  // One sentence that says what clearing does, with a proper plural.
  await expect(dialog.getByRole("paragraph")).toHaveText(
    "Are you sure you want to clear 2 selected tasks? They will be removed from every list, and you can undo it for 10 seconds.",
  );
  await screenshots(page, "no-list-clear-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(clearButton(page)).toBeFocused();
  await expect(page.getByRole("checkbox", { name: "Old idea" })).toBeChecked();
  expect(await listTasks(request, signedIn)).toHaveLength(3);

  // Hold the request to see the in-progress notice; the server does the clearing itself.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const calls: unknown[] = [];
  await page.route("**/api/no-list/clear", async (route) => {
    calls.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  await clearButton(page).click();
  await dialog.getByRole("button", { name: "Clear tasks" }).click();
  const progress = page.locator("[data-sonner-toast]").filter({ hasText: "Clearing tasks..." });
  await expect(
    shownToast(page, "Clearing tasks...", "Please wait while we clear your selected tasks."),
  ).toHaveAttribute("data-type", "loading");
  const before = await progress.elementHandle();
  release();
  await expectToast(page, "Tasks cleared successfully", "2 tasks have been cleared from your list.");
  // The same toast turned into the outcome: no second toast, nothing left waiting behind it.
  expect(await before?.evaluate((el) => el.textContent)).toContain("Tasks cleared successfully");
  await expect(toast(page)).toHaveCount(1);
  expect(calls).toHaveLength(1);

  await expect(page.getByRole("checkbox")).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: "Keep me" })).not.toBeChecked();
  await expect(page.getByText("0 selected")).toBeVisible();
  await expect(clearButton(page)).toBeDisabled();
  await expect(commitButton(page)).toBeDisabled();
  expect((await listTasks(request, signedIn)).map((t) => t.id)).toEqual([keep.id]);
});

test("a failed add says so", async ({ page, signedIn }) => {
  await page.goto("/no-list");
  await expect(builderHeading(page)).toBeVisible();
  // The add fails on the server's side. (Ending the session instead would now sign the page out.)
  await page.route("**/api/tasks", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Something went wrong on our side. Please try again." }),
        })
      : route.continue(),
  );
  expect(signedIn.token).toBeTruthy();
  await page.getByLabel("Something you'll say no to today").fill("Refuse nothing");
  await page.getByRole("button", { name: "Add to No list" }).click();
  await expectToast(page, "Failed to add task", "There was an error adding your task. Please try again.");
  await expect(page.getByLabel("Something you'll say no to today")).toHaveValue("Refuse nothing");
});

test("a clear that finds some tasks gone says how many were cleared and how many failed", async ({
  page,
  request,
  signedIn,
}) => {
  const gone = await addTask(request, signedIn, { title: "Deleted on another device" });
  await addTask(request, signedIn, { title: "Still here" });
  await page.goto("/no-list");
  await page.getByRole("checkbox", { name: "Deleted on another device" }).check();
  await page.getByRole("checkbox", { name: "Still here" }).check();
  // Another device deletes one of them just as the clear is sent.
  await page.route("**/api/no-list/clear", async (route) => {
    expect((await request.delete(`/api/tasks/${gone.id}`, { headers: auth(signedIn) })).status()).toBe(200);
    await route.continue();
  });
  await clearButton(page).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Clear tasks" }).click();
  await expectToast(page, "Tasks partially cleared", "1 task cleared, 1 failed.");
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  expect(await listTasks(request, signedIn)).toEqual([]);
});

/** Counts a page's reads of the task list and tells when its live channel has its first frame. */
function watchTaskReads(page: Page) {
  const seen = { reads: 0, live: false };
  page.on("request", (req) => {
    if (req.method() === "GET" && new URL(req.url()).pathname === "/api/tasks") seen.reads += 1;
  });
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/api/live")) return;
    ws.on("framereceived", (frame) => {
      if (String(frame.payload).includes('"type":"timer"')) seen.live = true;
    });
  });
  return seen;
}

// docs/decisions/161-tab-skips-own-live-echo.md: the hub names the tab that made a change; that tab
// refetched on its own and skips the echo, while every other tab refetches on it.
test("an added item is read back once by the tab that added it; another tab reads it on the echo", async ({
  page,
  signedIn,
}) => {
  const other = await page.context().newPage();
  const mine = watchTaskReads(page);
  const theirs = watchTaskReads(other);
  await page.goto("/no-list");
  await other.goto("/no-list");
  await expect(builderHeading(page)).toBeVisible();
  await expect(builderHeading(other)).toBeVisible();
  await expect.poll(() => mine.live && theirs.live).toBe(true);
  // Each tab reads the list when its socket opens; counted from here on.
  await expect.poll(() => mine.reads).toBeGreaterThan(0);
  await expect.poll(() => theirs.reads).toBeGreaterThan(0);
  mine.reads = 0;
  theirs.reads = 0;

  await page.getByLabel("Something you'll say no to today").fill("Saying yes to every meeting invitation today");
  await page.getByRole("button", { name: "Add to No list" }).click();
  await expectToast(page, "Item added", "Added to your No List successfully.");
  // The other tab learns of it from the live channel alone.
  await expect(other.getByText('1 item already on today\'s "No" List.')).toBeVisible();

  // A change from the other tab: its frame comes after the first one on this tab's socket, so once
  // this tab has read it back, the echo of its own change has been handled (and skipped) too.
  await other.getByLabel("Something you'll say no to today").fill("Checking the news feed before breakfast");
  await other.getByRole("button", { name: "Add to No list" }).click();
  await expect(page.getByText('2 items already on today\'s "No" List.')).toBeVisible();
  expect(mine.reads, `${signedIn.user.username}: its own add, then the other tab's`).toBe(2);
  await other.close();
});

test("on a phone the placeholders show whole; in dark mode an unchecked checkbox is an outline", async ({
  page,
  request,
  signedIn,
}) => {
  await addTask(request, signedIn, { title: "Renew car insurance (policy A-2291) by Friday" });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/no-list");
  const checkbox = page.getByRole("checkbox", { name: "Renew car insurance (policy A-2291) by Friday" });
  await checkbox.check();
  await expect(page.getByPlaceholder("e.g. It can wait until Friday")).toBeVisible();
  const cut = await page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d");
    return Array.from(document.querySelectorAll<HTMLInputElement>("input[placeholder]")).flatMap((input) => {
      const style = getComputedStyle(input);
      if (!context) return [];
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width > room ? [input.placeholder] : [];
    });
  });
  expect(cut, "placeholders cut off at 360 px").toEqual([]);

  await setTheme(page, "dark");
  await checkbox.uncheck();
  expect(await middleAgainstBackground(page, checkbox)).toBeLessThan(16);
  await checkbox.check();
  expect(await middleAgainstBackground(page, checkbox)).toBeGreaterThan(60);
});
