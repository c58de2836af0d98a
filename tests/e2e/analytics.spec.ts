import type { APIRequestContext, Page } from "@playwright/test";
import {
  type Account,
  apiCall,
  closeToast,
  expect,
  registerViaApi,
  screenshots,
  signInPage,
  test,
  uniqueName,
} from "./fixtures";
import { runPlace } from "./run-place";

// The browser and the account agree on the run's place: at least 3 hours from UTC, so "today" is the
// user's, not the server's, and its day cannot turn during the run
// (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).
const ZONE = runPlace().timeZone;

const registerIn = (request: APIRequestContext, timeZone: string): Promise<Account> =>
  registerViaApi(request, uniqueName("stats"), timeZone);

/** Real activity through the task API: 3 created (one per list), 2 completed, one of them a priority. */
async function seedActivity(request: APIRequestContext, account: Account) {
  const headers = { Authorization: `Bearer ${account.token}` };
  const ids: number[] = [];
  for (const [title, category] of [
    ["Write the report", "urgent"],
    ["Book the dentist", "later"],
    ["Ask Sam about the budget", "delegate"],
  ] as const) {
    const res = await request.post("/api/tasks", { headers, data: { title, category } });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  for (const [id, data] of [
    [ids[0], { isPriority: true, isCompleted: true }],
    [ids[1], { isCompleted: true }],
  ] as const) {
    const res = await request.patch(`/api/tasks/${id}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Nothing on this screen's content is wider than the window, on a phone or a desktop. */
async function expectNoSidewaysScroll(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const wider = await page.evaluate(() =>
      Array.from(document.querySelectorAll("main *"))
        .filter((el) => !el.closest(".sr-only") && el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 4).join(".")}`),
    );
    expect(wider, `wider than ${width}px`).toEqual([]);
  }
}

function card(page: Page, title: string) {
  return page
    .getByRole("region", { name: "Today" })
    .locator("div", { has: page.getByRole("heading", { name: title }) });
}

/** The visually hidden table that is a chart's text alternative, as rows of cell texts. */
async function chartTable(page: Page, caption: string) {
  const table = page.getByRole("table", { name: caption });
  await expect(table).toHaveCount(1);
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? "")),
    );
}

test("cards and charts show the real figures of today and the week", async ({ page, request, consoleErrors }) => {
  const account = await registerIn(request, ZONE);
  await seedActivity(request, account);
  await signInPage(page, account);
  await page.goto("/analytics");

  await expect(page.getByRole("heading", { name: "Productivity Analytics", level: 1 })).toBeVisible();
  await expect(page.getByText(`Days and hours follow your time zone, ${ZONE}.`)).toBeVisible();
  // 2 of 3 completed: 2/3 × 50 = 33; no focus time yet.
  await expect(card(page, "Today's Productivity Score")).toContainText("33/100");
  await expect(card(page, "Tasks Completed")).toContainText("2/ 3 created");
  await expect(card(page, "Tasks Completed")).toContainText("1 of them was a priority task.");
  await expect(card(page, "Focus Time Today")).toContainText("0minutes");
  await expect(page.getByRole("button", { name: "Day" })).toHaveAttribute("aria-pressed", "true");

  expect(await chartTable(page, "Tasks created and completed per day, today")).toEqual([
    [expect.stringMatching(/\S/), "3", "2"],
  ]);
  await expect(page.getByText("3 tasks created and 2 completed today.")).toBeVisible();
  const lists = page.getByRole("heading", { name: "Tasks by list" }).locator("xpath=..");
  await expect(lists.getByRole("listitem")).toHaveText(["Urgent0", "Later0", "Delegate1", '"No" List0']);
  await expect(page.getByText(/^Most productive hour today: \d\d:00–\d\d:00\./)).toBeVisible();
  const hours = await chartTable(page, "Tasks completed plus focus minutes per hour of day, today");
  expect(hours).toHaveLength(24);
  expect(hours.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(2);
  await expectNoSidewaysScroll(page);
  await screenshots(page, "analytics-day");

  await page.getByRole("button", { name: "Week" }).click();
  await expect(page.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: "The last 7 days" })).toBeVisible();
  const week = await chartTable(page, "Tasks created and completed per day, in the last 7 days");
  expect(week).toHaveLength(7);
  expect(week.slice(0, 6).map((row) => row.slice(1))).toEqual(Array(6).fill(["0", "0"]));
  expect(week[6]?.slice(1)).toEqual(["3", "2"]);
  expect(await chartTable(page, "Focus minutes per day, in the last 7 days")).toHaveLength(7);
  // The cards stay on today whatever the period.
  await expect(card(page, "Tasks Completed")).toContainText("2/ 3 created");
  await expectNoSidewaysScroll(page);
  await screenshots(page, "analytics-week");
  expect(consoleErrors).toEqual([]);
});

test("a new account sees zeros, not made-up figures", async ({ page, signedIn, consoleErrors }) => {
  void signedIn;
  await page.goto("/analytics");
  await expect(card(page, "Today's Productivity Score")).toContainText("0/100");
  await expect(card(page, "Tasks Completed")).toContainText("0/ 0 created");
  await expect(page.getByText("No tasks created or completed yet.")).toBeVisible();
  await expect(page.getByText("No open tasks in your lists.")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("Reset Stats clears the figures, says so and leaves the reset marks for the screen", async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await registerIn(request, ZONE);
  await seedActivity(request, account);
  await signInPage(page, account);
  await page.goto("/analytics");
  await expect(card(page, "Tasks Completed")).toContainText("2/ 3 created");

  // Hold the clear call until the working state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/analytics/clear", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Reset Stats" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reset Stats" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Reset Stats" }).click();
  await expect(page.getByRole("button", { name: "Resetting..." })).toBeDisabled();
  release();

  await expect(page.getByText("Analytics reset", { exact: true })).toBeVisible();
  await expect(page.getByText("Your analytics data has been reset successfully.")).toBeVisible();
  await expect(card(page, "Today's Productivity Score")).toContainText("0/100");
  await expect(card(page, "Tasks Completed")).toContainText("0/ 0 created");
  await expect(page.getByRole("button", { name: "Reset Stats" })).toBeEnabled();
  expect(await chartTable(page, "Tasks created and completed per day, today")).toEqual([
    [expect.stringMatching(/\S/), "0", "0"],
  ]);

  const stored = await page.evaluate(() => ({
    flag: localStorage.getItem("analytics_reset"),
    record: JSON.parse(localStorage.getItem("analytics_zero_record") ?? "null"),
  }));
  expect(stored.flag).toBe("true");
  expect(stored.record).toMatchObject({ id: null, tasksCompleted: 0, totalTasksCreated: 0 });
  // The person's day (docs/product.md#the-day: it begins at 04:00), not the calendar date.
  const day = await request.get("/api/day", { headers: { Authorization: `Bearer ${account.token}` } });
  expect(stored.record.date).toBe(((await day.json()) as { date: string }).date);

  // The server really forgot: its answer agrees after a reload, and the screen consumed the marks.
  const server = await request.get("/api/analytics/today", { headers: { Authorization: `Bearer ${account.token}` } });
  expect(await server.json()).toMatchObject({ id: null, tasksCompleted: 0, totalTasksCreated: 0 });
  await page.reload();
  await expect(card(page, "Tasks Completed")).toContainText("0/ 0 created");
  expect(
    await page.evaluate(() => [localStorage.getItem("analytics_reset"), localStorage.getItem("analytics_zero_record")]),
  ).toEqual([null, null]);

  // Deleting a task made before the reset counts as completing it (docs/product.md#task-rules): the
  // card says where that completion came from, and no work scores no points
  // (docs/decisions/148-analytics-figures-agree.md).
  await page.goto("/");
  const open = page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: /^Delete / });
  await open.first().click();
  await expect(page.getByText(/^Task deleted: "/)).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  await expect(card(page, "Tasks Completed")).toContainText("1/ 0 created");
  await expect(card(page, "Tasks Completed")).toContainText(
    "1 was created before today's count began (deleting an open task completes it) and adds nothing to the score.",
  );
  await expect(card(page, "Today's Productivity Score")).toContainText("0/100");
  expect(consoleErrors).toEqual([]);
});

test("a failed reset keeps the figures and shows the error toast", async ({ page, request }) => {
  const account = await registerIn(request, ZONE);
  await seedActivity(request, account);
  await signInPage(page, account);
  await page.route("**/api/analytics/clear", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
  );
  await page.goto("/analytics");
  await expect(card(page, "Tasks Completed")).toContainText("2/ 3 created");
  await page.getByRole("button", { name: "Reset Stats" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Reset Stats" }).click();
  await expect(page.getByText("Error resetting analytics")).toBeVisible();
  await expect(page.getByText("There was a problem resetting your analytics. Please try again.")).toBeVisible();
  await expect(card(page, "Tasks Completed")).toContainText("2/ 3 created");
  expect(await page.evaluate(() => localStorage.getItem("analytics_reset"))).toBeNull();
});

test("the charts are their own chunk, fetched only on the analytics screen", async ({ page, signedIn }) => {
  void signedIn;
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // The small analytics data layer is shared (Clear Tasks and Start Fresh show zeros); the screen
  // and its charts are not.
  expect(scripts.filter((path) => /analytics-(page|charts)/.test(path))).toEqual([]);
  await page.getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Tasks by list" })).toBeVisible();
  expect(scripts.some((path) => /analytics-charts/.test(path))).toBe(true);
});

test("a task completed on the focus screen shows on the cards, with no reload", async ({ page, request }) => {
  const account = await registerIn(request, ZONE);
  const res = await request.post("/api/tasks", {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { title: "Finish the slides" },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInPage(page, account);
  await page.goto("/analytics");
  await expect(card(page, "Tasks Completed")).toContainText("0/ 1 created");
  const nav = page.getByRole("navigation", { name: "Main" });

  await nav.getByRole("link", { name: "Focus Timer" }).click();
  await page.getByLabel("What will you focus on?").selectOption({ label: "Finish the slides" });
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  await page.getByRole("button", { name: "Completed" }).click();
  await closeToast(page, "Task completed", "Great job completing your task!");

  await nav.getByRole("link", { name: "Analytics" }).click();
  await expect(card(page, "Tasks Completed")).toContainText("1/ 1 created");
  // Under half a minute of focus counts no session and no minutes, so the card and the focus chart
  // agree (docs/decisions/148-analytics-figures-agree.md).
  await expect(card(page, "Focus Time Today")).toContainText("0 focus sessions completed.");
  await expect(page.getByText("0 minutes of focus in 0 sessions today.")).toBeVisible();
  // 1 of 1 completed: 50 points; under a minute of focus adds nothing.
  await expect(card(page, "Today's Productivity Score")).toContainText("50/100");
});

test("at 390 px a morning of routines the day began with is not started, not a score of 0 over tasks created (docs/decisions/348-a-morning-of-routines-is-not-started.md)", async ({
  page,
  request,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await registerIn(request, ZONE);
  for (const title of [
    "Stretch the back and shoulders for ten minutes",
    "Take the evening medicine with a full glass of water",
  ]) {
    await apiCall(request, account, "POST", "/api/routines", { title, repeat: { every: "day" } });
  }
  await signInPage(page, account);
  await page.goto("/analytics");
  await expect(card(page, "Today's Productivity Score")).toContainText("—not started");
  await expect(card(page, "Today's Productivity Score")).not.toContainText("0/100");
  await expect(card(page, "Tasks Completed")).toContainText("0/ 2 for today");
  await expect(card(page, "Tasks Completed")).toContainText("2 of them are routines your day began with.");
  await screenshots(page, "analytics-not-started");
  expect(consoleErrors).toEqual([]);
});
