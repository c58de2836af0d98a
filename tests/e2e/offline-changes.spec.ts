import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { dayMove, liveDayOne, moveToDayTwo, openDevice, priorityTitles, registerOnDayOne, TITLES } from "./day-two";
import {
  type Account,
  addTaskViaApi,
  apiCall,
  expect,
  listTasksViaApi,
  PASSWORD,
  REAL_LENGTH_TITLES,
  screenshots,
  shownToast,
  test,
} from "./fixtures";
import { followNetwork, setNetwork } from "./network";
import { controlledBySw, outboxLoaded } from "./service-worker";

// Changes made with no network (docs/product.md#offline): kept in the outbox on the device, shown at
// once, and sent in order, each once, when the network returns.

// A reload offline needs the service worker (blocked for the rest of the suite).
test.use({ serviceWorkers: "allow" });
test.describe.configure({ timeout: 90_000 });

async function addTasks(request: APIRequestContext, account: Account, titles: readonly string[]) {
  const tasks = [];
  for (const title of titles) tasks.push(await addTaskViaApi(request, account, { title, category: "later" }));
  return tasks;
}

const waiting = (page: Page) => page.getByText(/^\d+ changes? waiting to sync$/);
const currentTasks = (page: Page) => page.getByRole("region", { name: "Current Tasks" });

test("offline, a braindump, a done and a delete are kept, survive a reload, and arrive once when the network returns", async ({
  page,
  request,
  signedIn,
}) => {
  const [boiler, dentist, dad, keep] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 10));
  await page.goto("/");
  await controlledBySw(page);
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[9])).toBeVisible();

  await followNetwork(page);
  await setNetwork(page, false);
  await expect(page.getByText("Offline", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(page.locator("[title*='Your changes are kept on this device']").filter({ visible: true })).toBeVisible();

  // The braindump, with the duplicate rules against what the device knows.
  const fresh = ["Call the plumber about the leak under the sink", "Book flights for the spring design conference"];
  await page.locator("#braindump-text").fill([...fresh, REAL_LENGTH_TITLES[0]].join("\n"));
  await page.getByRole("button", { name: "Process & Continue" }).click();
  await expect(
    shownToast(page, "2 tasks saved on this device", "Duplicate tasks detected: 1 already in your list."),
  ).toBeVisible();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  for (const title of fresh) {
    await expect(currentTasks(page).getByRole("listitem").filter({ hasText: title })).toContainText("Not synced");
  }
  await screenshots(page, "offline-braindump-kept");

  // One-tap done, then a delete, and a delete taken back with Undo before it was ever sent.
  await page.getByRole("button", { name: `Mark ${boiler?.title} done` }).click();
  await expect(shownToast(page, "Task done", "It syncs when you're back online.")).toBeVisible();
  await expect(waiting(page)).toHaveText("2 changes waiting to sync");
  await page.getByRole("button", { name: `Delete ${dentist?.title}` }).click();
  await expect(shownToast(page, "Task deleted")).toBeVisible();
  await expect(waiting(page)).toHaveText("3 changes waiting to sync");
  await page.getByRole("button", { name: `Delete ${dad?.title}` }).click();
  await shownToast(page, "Task deleted").getByRole("button", { name: "Undo" }).click();
  await expect(shownToast(page, "Undone", "The task is back where it was.")).toBeVisible();
  await expect(currentTasks(page).getByText(dad?.title ?? "")).toBeVisible();
  await expect(waiting(page)).toHaveText("3 changes waiting to sync");
  await expect(currentTasks(page).getByText(boiler?.title ?? "")).toHaveCount(0);
  await expect(currentTasks(page).getByText(dentist?.title ?? "")).toHaveCount(0);

  // Nothing has reached the server.
  const before = await listTasksViaApi(request, signedIn);
  expect(before.map((task) => task.title).sort()).toEqual([...REAL_LENGTH_TITLES.slice(0, 10)].sort());

  // A reload offline shows the same: the outbox is on the device.
  await page.reload();
  await expect(page.getByText("Offline", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(waiting(page)).toHaveText("3 changes waiting to sync");
  await expect(currentTasks(page).getByRole("listitem").filter({ hasText: fresh[0] })).toContainText("Not synced");
  await expect(currentTasks(page).getByText(keep?.title ?? "")).toBeVisible();
  await expect(currentTasks(page).getByText(boiler?.title ?? "")).toHaveCount(0);
  await expect(currentTasks(page).getByText(dentist?.title ?? "")).toHaveCount(0);

  await setNetwork(page, true);
  await expect(waiting(page)).toHaveCount(0);
  await expect(currentTasks(page).getByText("Not synced")).toHaveCount(0);
  await expect(currentTasks(page).getByText(fresh[1] ?? "")).toBeVisible();

  const after = await listTasksViaApi(request, signedIn);
  const titles = after.map((task) => task.title);
  for (const title of fresh) expect(titles.filter((other) => other === title)).toHaveLength(1);
  expect(titles).not.toContain(dentist?.title);
  expect(titles).toContain(dad?.title);
  expect(after.find((task) => task.id === boiler?.id)).toMatchObject({ isCompleted: true });
  expect(after).toHaveLength(11);
});

test("a change to a task deleted on another device is said once, and the changes after it still arrive", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  const [gone, renamed] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 4));
  await page.goto("/");
  // The title editor's code comes from the service worker offline.
  await controlledBySw(page);
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[3])).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: `Mark ${gone?.title} done` }).click();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  const row = currentTasks(page)
    .getByRole("listitem")
    .filter({ hasText: renamed?.title ?? "" });
  await row.getByRole("button", { name: /^Edit/ }).click();
  const newTitle = "Reply to the landlord about the boiler and the rent";
  await currentTasks(page).getByRole("textbox").fill(newTitle);
  await currentTasks(page).getByRole("button", { name: "Save" }).click();
  await expect(waiting(page)).toHaveText("2 changes waiting to sync");
  await expect(currentTasks(page).getByRole("listitem").filter({ hasText: newTitle })).toContainText("Not synced");

  // Another device deletes the first task meanwhile.
  await apiCall(request, signedIn, "DELETE", `/api/tasks/${gone?.id}`);

  await context.setOffline(false);
  await expect(
    shownToast(page, `Not synced: Mark "${gone?.title}" done`, "It was deleted on another device."),
  ).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  await screenshots(page, "offline-change-refused");
  const tasks = await listTasksViaApi(request, signedIn);
  expect(tasks.find((task) => task.id === renamed?.id)?.title).toBe(newTitle);
  expect(tasks.find((task) => task.id === gone?.id)).toBeUndefined();
  // Said once: a reload does not say it again.
  await page.reload();
  await expect(currentTasks(page).getByText(newTitle)).toBeVisible();
  await expect(shownToast(page, "Not synced")).toHaveCount(0);
});

test("two renames refused after a tunnel are each named with why, and the titles typed offline can be kept", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  // A phone (docs/decisions/246-refused-changes-named-and-kept.md).
  await page.setViewportSize({ width: 390, height: 844 });
  const tasks = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 10));
  const [first, second] = tasks;
  await page.goto("/");
  await controlledBySw(page);
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[9])).toBeVisible();

  await context.setOffline(true);
  const written = ["Finish the Q3 budget and send it to Maria", "Renew the car insurance online this week"];
  for (const [index, task] of [first, second].entries()) {
    const row = currentTasks(page)
      .getByRole("listitem")
      .filter({ hasText: task?.title ?? "" });
    await row.getByRole("button", { name: /^Edit/ }).click();
    await currentTasks(page)
      .getByRole("textbox")
      .fill(written[index] ?? "");
    await currentTasks(page).getByRole("button", { name: "Save" }).click();
    await expect(currentTasks(page).getByRole("listitem").filter({ hasText: written[index] })).toContainText(
      "Not synced",
    );
  }
  await expect(waiting(page)).toHaveText("2 changes waiting to sync");
  // Another device deletes both tasks meanwhile.
  for (const task of [first, second]) await apiCall(request, signedIn, "DELETE", `/api/tasks/${task?.id}`);

  await context.setOffline(false);
  const toast = shownToast(page, "2 changes could not be synced");
  await expect(toast).toContainText(`Rename "${first?.title}" to "${written[0]}": it was deleted on another device.`);
  await expect(toast).toContainText(`Rename "${second?.title}" to "${written[1]}": it was deleted on another device.`);
  await expect(toast).toContainText("Keep what you wrote as new tasks?");
  await screenshots(page, "offline-renames-refused");
  // Going to another screen does not take the offer away.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Keep my titles" }).click();
  await expect(shownToast(page, "Kept 2 tasks")).toBeVisible();
  await expect
    .poll(async () =>
      (await listTasksViaApi(request, signedIn)).map((task) => task.title).filter((t) => written.includes(t)),
    )
    .toEqual(written);
});

test("changes kept in a tab closed offline arrive when the app opens online, once, with a second tab open", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 2));
  await page.goto("/");
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[1])).toBeVisible();
  await outboxLoaded(page);
  const other = await context.newPage();
  await other.goto("/");
  await expect(currentTasks(other).getByText(REAL_LENGTH_TITLES[1])).toBeVisible();
  await outboxLoaded(other);

  await context.setOffline(true);
  const title = "Renew the passport before the summer holidays";
  await page.locator("#braindump-text").fill(title);
  await page.getByRole("button", { name: "Process & Continue" }).click();
  await expect(shownToast(page, "1 task saved on this device")).toBeVisible();
  // The other tab counts it too (the count is the device's).
  await expect(waiting(other)).toHaveText("1 change waiting to sync");
  await page.close();

  // Back online, the tab still open sends it; a tab opened now finds nothing left to send.
  await context.setOffline(false);
  await expect(waiting(other)).toHaveCount(0);
  const reopened = await context.newPage();
  await reopened.goto("/");
  await expect(currentTasks(reopened).getByText(title)).toBeVisible();
  await expect(waiting(reopened)).toHaveCount(0);
  const titles = (await listTasksViaApi(request, signedIn)).map((task) => task.title);
  expect(titles.filter((other) => other === title)).toHaveLength(1);
});

test("closing the only tab offline: the app opened online later sends what waited", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  const [task] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 1));
  await page.goto("/");
  await outboxLoaded(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: `Mark ${task?.title} done` }).click();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  await page.close();
  await context.setOffline(false);

  const reopened = await context.newPage();
  await reopened.goto("/");
  await expect(currentTasks(reopened).getByText("No current tasks.", { exact: false })).toBeVisible();
  await expect(waiting(reopened)).toHaveCount(0);
  expect((await listTasksViaApi(request, signedIn))[0]).toMatchObject({ id: task?.id, isCompleted: true });
});

test("a change made while earlier ones wait goes after them, in order, each once", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  const [first, second, third] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 3));
  await page.goto("/");
  await outboxLoaded(page);
  // The server answers slowly while the outbox is sent, so a live change is made meanwhile.
  await page.route("**/api/tasks/*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await context.setOffline(true);
  await page.getByRole("button", { name: `Mark ${first?.title} done` }).click();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  await context.setOffline(false);
  // Live again, a delete made at once waits behind the done still being sent.
  await page.getByRole("button", { name: `Delete ${second?.title}` }).click();
  await expect(waiting(page)).toHaveCount(0);
  await page.unroute("**/api/tasks/*");
  const tasks = await listTasksViaApi(request, signedIn);
  expect(tasks.map((task) => task.id).sort()).toEqual([first?.id, third?.id].sort());
  expect(tasks.find((task) => task.id === first?.id)).toMatchObject({ isCompleted: true });
  // The done and the delete (which counts as done, docs/product.md#task-rules) each counted once.
  const today = (await apiCall(request, signedIn, "GET", "/api/analytics/today")) as { tasksCompleted: number };
  expect(today.tasksCompleted).toBe(2);
});

test("the morning plan made offline is kept and becomes today's three when the network returns", async ({
  browser,
  request,
}) => {
  test.slow();
  const { move, account, page, close } = await planStepOnDayTwo(browser, request);

  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Pick by hand" }).click();
  const pick = page.getByRole("group", { name: /^Choose up to 3 tasks for today/ });
  await pick.getByRole("checkbox", { name: TITLES.slides }).check();
  await pick.getByRole("checkbox", { name: TITLES.bank }).check();
  await pick.getByRole("button", { name: "Make these today's three" }).click();
  await expect(shownToast(page, "Your day is planned", "Your picks are today's three.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ planned: false });

  await page.context().setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  expect(await priorityTitles(request, account)).toEqual([TITLES.bank, TITLES.slides].sort());
  expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ planned: true, date: move.dateTwo });
  await close();
});

test('the "No" List offline: an item added and tasks committed with a reason are kept, then arrive', async ({
  page,
  context,
  request,
  signedIn,
}) => {
  const [email] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 3));
  await page.goto("/no-list");
  await expect(page.getByRole("checkbox")).toHaveCount(3);
  await outboxLoaded(page);

  await context.setOffline(true);
  const input = page.getByLabel("Something you'll say no to today");
  await input.fill("Doomscrolling the news feeds before bed again");
  await page.getByRole("button", { name: "Add to No list" }).click();
  await expect(shownToast(page, "Item added")).toBeVisible();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  await page.getByRole("checkbox", { name: email?.title }).check();
  await page.getByLabel(`Reason for saying no to ${email?.title} (optional)`).fill("The budget waits for Monday");
  await page.getByRole("button", { name: 'Commit to "No" List' }).click();
  await expect(shownToast(page, "No List committed")).toBeVisible();
  const list = page.getByRole("list", { name: 'Items on today\'s "No" List' });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem").filter({ hasText: email?.title ?? "" })).toContainText("Not synced");
  await expect(waiting(page)).toHaveText("2 changes waiting to sync");
  await screenshots(page, "offline-no-list-kept");

  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  await expect(list.getByText("Not synced")).toHaveCount(0);
  const tasks = await listTasksViaApi(request, signedIn);
  expect(tasks.find((task) => task.id === email?.id)).toMatchObject({
    category: "no_list",
    noListReason: "The budget waits for Monday",
  });
  expect(tasks.filter((task) => task.title === "Doomscrolling the news feeds before bed again")).toMatchObject([
    { category: "no_list" },
  ]);
});

test("two tabs back online at once send each waiting change once", async ({ page, context, request, signedIn }) => {
  await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 1));
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto("/");
    await expect(currentTasks(tab).getByText(REAL_LENGTH_TITLES[0])).toBeVisible();
    await outboxLoaded(tab);
  }
  await context.setOffline(true);
  const titles = ["Renew the passport before the summer holidays", "Buy a new bike lock for the office rack"];
  await page.locator("#braindump-text").fill(titles.join("\n"));
  await page.getByRole("button", { name: "Process & Continue" }).click();
  await expect(shownToast(page, "2 tasks saved on this device")).toBeVisible();
  await expect(waiting(other)).toHaveText("1 change waiting to sync");

  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  await expect(waiting(other)).toHaveCount(0);
  for (const tab of [page, other]) await expect(currentTasks(tab).getByText(titles[1] ?? "")).toBeVisible();
  const stored = (await listTasksViaApi(request, signedIn)).map((task) => task.title);
  expect(stored.sort()).toEqual([REAL_LENGTH_TITLES[0], ...titles].sort());
});

test("with every tab of the app closed, the service worker's Background Sync sends what waited", async ({
  page,
  context,
  request,
  signedIn,
  baseURL,
}) => {
  const [task] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 2));
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(baseURL ?? "").origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await page.goto("/");
  // The service worker has no bearer token: it is signed in by the session cookie, which a sign-in
  // in the browser sets.
  await page.evaluate(
    ({ login, password }) =>
      fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ login, password }),
      })
        .then((res) => res.json() as Promise<{ token: string }>)
        .then(({ token }) => localStorage.setItem("auth_token", token)),
    { login: signedIn.user.username, password: PASSWORD },
  );
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain("__Host-onething_session");
  await controlledBySw(page);

  await context.setOffline(true);
  await page.getByRole("button", { name: `Mark ${task?.title} done` }).click();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  // No page of the app is open when the network returns.
  await page.goto("about:blank");
  await context.setOffline(false);
  const sync = () =>
    registrationId.then((id) =>
      cdp.send("ServiceWorker.dispatchSyncEvent", {
        origin,
        registrationId: id,
        tag: "onething-outbox",
        lastChance: false,
      }),
    );
  await expect(async () => {
    await sync();
    const tasks = await listTasksViaApi(request, signedIn);
    expect(tasks.find((other) => other.id === task?.id)).toMatchObject({ isCompleted: true });
  }).toPass({ timeout: 30_000 });

  // The app opened again finds nothing left to send.
  await page.goto("/");
  await expect(currentTasks(page).getByText(REAL_LENGTH_TITLES[1])).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  await expect(currentTasks(page).getByText(task?.title ?? "")).toHaveCount(0);
});

test("a task reopened on the Done screen offline leaves it at once and is open again once the network returns", async ({
  page,
  context,
  request,
  signedIn,
}) => {
  const [first, second] = await addTasks(request, signedIn, REAL_LENGTH_TITLES.slice(0, 2));
  for (const task of [first, second])
    await apiCall(request, signedIn, "PATCH", `/api/tasks/${task?.id}`, { isCompleted: true });
  await page.goto("/done");
  const today = page.getByRole("region", { name: "Today" });
  await expect(today.getByRole("listitem")).toHaveCount(2);
  await expect(today).toContainText("2 done");
  await outboxLoaded(page);

  await context.setOffline(true);
  await today
    .getByRole("listitem")
    .filter({ hasText: first?.title ?? "" })
    .getByRole("button", { name: "Reopen" })
    .click();
  await expect(shownToast(page, "Task reopened")).toBeVisible();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  await expect(today.getByRole("listitem")).toHaveCount(1);
  await expect(today).toContainText("1 done");
  await screenshots(page, "offline-done-reopen");

  await context.setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  await expect(today.getByRole("listitem")).toHaveCount(1);
  await expect(today).toContainText("1 done");
  const tasks = await listTasksViaApi(request, signedIn);
  expect(tasks.find((task) => task.id === first?.id)).toMatchObject({ isCompleted: false });
  expect(tasks.find((task) => task.id === second?.id)).toMatchObject({ isCompleted: true });
});

/** An account on day two, a device of it showing the plan step with every screen's code kept. */
async function planStepOnDayTwo(browser: Browser, request: APIRequestContext) {
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  const ids = await liveDayOne(request, account);
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const device = await openDevice(browser, account, move.dayTwo.timeZone);
  await device.page.goto("/");
  await controlledBySw(device.page);
  await expect(device.page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
  return { move, account, ids, ...device };
}

test('offline, "No again today" and "Keep yesterday\'s three" are kept, then arrive in order', async ({
  browser,
  request,
}) => {
  test.slow();
  const { move, account, ids, page, close } = await planStepOnDayTwo(browser, request);
  await page.context().setOffline(true);
  const noList = page.getByRole("region", { name: `Yesterday's "No" List` });
  const garage = noList.getByRole("listitem").filter({ hasText: TITLES.garage });
  await garage.getByRole("button", { name: "No again today" }).click();
  await expect(shownToast(page, "Said no again")).toBeVisible();
  await expect(garage).toContainText("Said no again");
  await page
    .getByRole("region", { name: "Today's three" })
    .getByRole("button", { name: "Keep yesterday's three" })
    .click();
  await expect(shownToast(page, "Your day is planned")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
  await expect(waiting(page)).toHaveText("2 changes waiting to sync");

  await page.context().setOffline(false);
  await expect(waiting(page)).toHaveCount(0);
  expect(await priorityTitles(request, account)).toEqual([TITLES.budget, TITLES.landlord, TITLES.onboarding].sort());
  const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as { id: number; noListDate: string | null }[];
  expect(tasks.find((task) => task.id === ids.garage)?.noListDate).toBe(move.dateTwo);
  expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ planned: true });
  await close();
});

test('offline, "Skip for today" is kept: the braindump shows at once, and the day is skipped once online', async ({
  browser,
  request,
}) => {
  test.slow();
  const { account, page, close } = await planStepOnDayTwo(browser, request);
  await followNetwork(page);
  await setNetwork(page, false);
  await page.getByRole("button", { name: "Skip for today" }).click();
  await expect(shownToast(page, "Plan skipped")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(waiting(page)).toHaveText("1 change waiting to sync");
  // A reload offline keeps the plan step away: the day is saved with the skip shown over it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Plan your day" })).toHaveCount(0);

  await setNetwork(page, true);
  await expect(waiting(page)).toHaveCount(0);
  expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ skipped: true, planned: false });
  await close();
});
