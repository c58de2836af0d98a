import type { Browser, Page } from "@playwright/test";
import { ALARM_SESSION_ENV, type AlarmSession } from "./alarm-session";
import {
  type Account,
  type ApiTask,
  addTaskViaApi,
  apiCall,
  closeToast,
  expect,
  screenshots,
  shownToast,
  signInPage,
  test,
} from "./fixtures";

/** A second (or third) device: its own browser context, signed in as the same person. */
async function device(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  await signInPage(page, account);
  return page;
}

const clock = (page: Page) => page.getByRole("timer");
async function secondsShown(page: Page): Promise<number> {
  const text = (await clock(page).textContent()) ?? "";
  const match = text.match(/^(\d{2}):(\d{2})$/);
  if (!match) throw new Error(`not a clock: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const taskSelect = (page: Page) => page.getByLabel("What will you focus on?");

test("two devices follow one timer: start, pause, reload, end", async ({ page, request, browser, signedIn }) => {
  const task = await addTaskViaApi(request, signedIn, { title: "Write the quarterly report" });
  await addTaskViaApi(request, signedIn, { title: "Answer email" });

  await page.goto(`/focus-timer?taskId=${task.id}`);
  await expect(page.getByRole("heading", { name: "One-Thing Focus Timer" })).toBeVisible();
  await expect(page.getByText("Select one task to focus on uninterrupted.")).toBeVisible();
  await expect(taskSelect(page)).toHaveValue(String(task.id));
  await screenshots(page, "focus-selection");

  const other = await device(browser, signedIn);
  await other.goto("/focus-timer");
  await expect(taskSelect(other)).toBeVisible();

  await page.getByRole("button", { name: "Decrease duration" }).click();
  await expect(page.getByLabel("Focus duration (minutes):")).toHaveValue("20");
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  await expect(page.getByText("Currently focused on:")).toBeVisible();
  await expect(page.getByText("Write the quarterly report")).toBeVisible();
  await expect(page.getByText("minutes remaining")).toBeVisible();

  // The other device switches to the same run by itself, and shows the same time within a second.
  await expect(other.getByText("Write the quarterly report")).toBeVisible();
  await expect(clock(other)).toHaveText(/^(20:00|19:\d{2})$/);
  const [a, b] = await Promise.all([secondsShown(page), secondsShown(other)]);
  expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
  await expect(page).toHaveTitle(/^(20:00|19:\d{2}) · Focus — Onething$/);
  await screenshots(page, "focus-active");

  // Pause on the other device: this one follows.
  await other.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await expect(page.getByText("Paused", { exact: true })).toBeVisible();
  const pausedAt = await secondsShown(page);
  await page.waitForTimeout(1200);
  expect(await secondsShown(page)).toBe(pausedAt);
  expect(await page.evaluate(() => localStorage.getItem("timer_paused_at"))).toBeTruthy();

  // A reload keeps the paused run, with the same time left.
  await page.reload();
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  expect(Math.abs((await secondsShown(page)) - pausedAt)).toBeLessThanOrEqual(1);

  // Space resumes (focus is not in a form field).
  await page.locator("h1").click();
  await page.keyboard.press("Space");
  await expect(other.getByRole("button", { name: "Pause" })).toBeVisible();

  await page.getByRole("button", { name: "End Session" }).click();
  // Ended early: it says how long was focused, not that the session was completed
  // (docs/decisions/149-ending-early-and-breaks.md).
  for (const p of [page, other]) {
    await expect(p.getByRole("heading", { name: "Session ended early" })).toBeVisible();
    await expect(p.getByText(/^You focused for \d+ seconds? of 20 minutes on:$/)).toBeVisible();
    await expect(p.getByText("You've completed your focus session on:")).toHaveCount(0);
  }
  expect(await page.evaluate(() => localStorage.getItem("timer_start"))).toBeNull();
  await expect(page.getByTestId("focus-announcer")).toHaveText(
    /^Focus session ended early, after \d+ seconds? of focus\.$/,
  );
  await screenshots(page, "focus-complete");

  const sessions = (await apiCall(request, signedIn, "GET", "/api/focus-sessions")) as { isCompleted: boolean }[];
  expect(sessions).toHaveLength(1);
  expect(sessions[0]?.isCompleted).toBe(true);
  await other.context().close();
});

test("the follow-up choices: Need More Time, 5 Min Break, Next Task, Completed", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  const task = await addTaskViaApi(request, signedIn, { title: "Plan the sprint" });
  const next = await addTaskViaApi(request, signedIn, { title: "Call the plumber", isPriority: true });
  await addTaskViaApi(request, signedIn, { title: "Sort the mail" });
  const startAndEnd = async () => {
    await page.getByRole("button", { name: "Start Focus Session" }).click();
    await page.getByRole("button", { name: "End Session" }).click();
    await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
    // The same choices as for a session that ran out.
    for (const choice of ["Completed", "Need More Time", "5 Min Break", "Next Task"]) {
      await expect(page.getByRole("button", { name: choice })).toBeVisible();
    }
  };
  await page.goto(`/focus-timer?taskId=${task.id}`);
  await expect(taskSelect(page)).toHaveValue(String(task.id));
  await startAndEnd();

  // Need More Time: back to selection with the same task still chosen.
  await page.getByRole("button", { name: "Need More Time" }).click();
  await expect(taskSelect(page)).toHaveValue(String(task.id));

  // 5 Min Break: a break on the same timer, with its toast.
  await startAndEnd();
  await page.getByRole("button", { name: "5 Min Break" }).click();
  await closeToast(page, "Break started", "Taking a 5 minute break. Relax and recharge.");
  await expect(clock(page)).toHaveText(/^(05:00|04:\d{2})$/);
  await expect(page.getByText("Taking a break from:")).toBeVisible();
  // A break looks like a break: a cup instead of the progress icons, and a colour of its own.
  await expect(page.getByRole("img", { name: "Break" })).toHaveAttribute("data-icon", "break");
  const breakStroke = await page.locator("circle[data-kind='break']").evaluate((c) => getComputedStyle(c).stroke);
  await page.getByRole("button", { name: "End Session" }).click();
  // A break's end is no focus session's end: it says so and goes back to the selection with the
  // next priority task chosen, without praise or follow-up questions.
  await expect(shownToast(page, "Break over", "Your break is over. Ready for the next one thing?")).toBeVisible();
  await expect(taskSelect(page)).toHaveValue(String(next.id));
  await expect(page.getByRole("heading", { name: "Great job!" })).toHaveCount(0);
  await expect(page.getByText("You've completed your focus session on:")).toHaveCount(0);

  // Next Task: the next open priority task is chosen, and the taskId is gone from the address.
  await taskSelect(page).selectOption(String(task.id));
  await page.getByRole("button", { name: "Start Focus Session" }).click();
  const focusStroke = await page.locator("circle[data-kind='focus']").evaluate((c) => getComputedStyle(c).stroke);
  expect(focusStroke).not.toBe(breakStroke);
  await expect(page.getByRole("img", { name: "Break" })).toHaveCount(0);
  await page.getByRole("button", { name: "End Session" }).click();
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  await page.getByRole("button", { name: "Next Task" }).click();
  await expect(taskSelect(page)).toHaveValue(String(next.id));
  await expect(page).toHaveURL(/\/focus-timer$/);

  // Completed: the task is marked done and the session completed, with its toast.
  await taskSelect(page).selectOption(String(task.id));
  await startAndEnd();
  await page.getByRole("button", { name: "Completed" }).click();
  await expect(page.getByText(`Task completed: "${task.title}"`, { exact: true })).toBeVisible();
  await expect(page.getByText("Great job completing your task!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Marked as done" })).toBeDisabled();
  // The finished task needs no more time: that choice is gone; the break and Next Task stay.
  await expect(page.getByRole("button", { name: "Need More Time" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "5 Min Break" })).toBeVisible();
  const tasks = (await apiCall(request, signedIn, "GET", "/api/tasks")) as ApiTask[];
  expect(tasks.find((t) => t.id === task.id)?.isCompleted).toBe(true);
  const sessions = (await apiCall(request, signedIn, "GET", "/api/focus-sessions")) as { isCompleted: boolean }[];
  expect(sessions).toHaveLength(4);
  expect(sessions.every((s) => s.isCompleted)).toBe(true);

  // The completed task can no longer be picked.
  await page.getByRole("button", { name: "Next Task" }).click();
  await expect(taskSelect(page).locator("option", { hasText: "Plan the sprint" })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("selection: the task list, the duration field and the start button", async ({ page, request, signedIn }) => {
  await addTaskViaApi(request, signedIn, { title: "Ordinary task" });
  await addTaskViaApi(request, signedIn, { title: "Finished task", isCompleted: true });
  await addTaskViaApi(request, signedIn, { title: "Not today", category: "no_list" });
  await addTaskViaApi(request, signedIn, { title: "[REMOVED] Task 1" });

  await page.goto("/focus-timer");
  const select = taskSelect(page);
  // No ranking yet (no priority task): nothing is preselected.
  await expect(select.locator("option")).toHaveText(["Select a task", "Ordinary task"]);
  await expect(select).toHaveValue("");
  const start = page.getByRole("button", { name: "Start Focus Session" });
  // Unavailable for assistive technology too, yet reachable: a press says why (docs/product.md#selection-phase).
  await expect(start).toHaveAttribute("aria-disabled", "true");
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription("No task selected");
  await start.focus();
  await page.keyboard.press("Enter");
  const noTask = shownToast(page, "No task selected", "Please select a task to focus on.");
  await expect(noTask).toHaveAttribute("data-type", "error");
  await closeToast(page, "No task selected");
  await start.click({ force: true });
  await expect(noTask).toBeVisible();
  await expect(page.getByText("Currently focused on:")).toHaveCount(0);

  const duration = page.getByLabel("Focus duration (minutes):");
  await expect(duration).toHaveValue("25");
  for (let i = 0; i < 6; i++) await page.getByRole("button", { name: "Decrease duration" }).click({ force: true });
  await expect(duration).toHaveValue("5");
  await duration.fill("115");
  await page.getByRole("button", { name: "Increase duration" }).click();
  await page.getByRole("button", { name: "Increase duration" }).click({ force: true });
  await expect(duration).toHaveValue("120");
  await duration.fill("");
  await duration.blur();
  await expect(duration).toHaveValue("25");

  // Tasks added on another device appear without a reload (live "tasks-changed"), priority first;
  // the choice is the person's once the screen is open: nothing is selected for them.
  const priority = await addTaskViaApi(request, signedIn, { title: "Top task", isPriority: true });
  await addTaskViaApi(request, signedIn, { title: "Added elsewhere" });
  await expect(select.locator("option")).toHaveText([
    "Select a task",
    "★ Top task",
    "Ordinary task",
    "Added elsewhere",
  ]);
  await expect(select).toHaveValue("");

  await select.selectOption(String(priority.id));
  await expect(start).toBeEnabled();
  await expect(start).not.toHaveAttribute("aria-disabled", "true");

  // A start that cannot reach the server keeps the selection phase and says so. While it is
  // pending the button is unavailable, and a second press sends nothing.
  let releaseStart = () => {};
  const startHeld = new Promise<void>((resolve) => {
    releaseStart = resolve;
  });
  let starts = 0;
  await page.route("**/api/focus-sessions", async (route) => {
    starts += 1;
    await startHeld;
    await route.abort("internetdisconnected");
  });
  await start.click();
  await expect(start).toHaveAttribute("aria-disabled", "true");
  await expect(start).toHaveAttribute("aria-busy", "true");
  await start.click({ force: true });
  releaseStart();
  await expect(
    shownToast(page, "Error starting focus session", "Failed to start focus session. Please try again."),
  ).toHaveAttribute("data-type", "error");
  expect(starts).toBe(1);
  await expect(start).toBeEnabled();
  await expect(select).toHaveValue(String(priority.id));
});

test("a selected task removed on another device leaves nothing selected", async ({ page, request, signedIn }) => {
  const doomed = await addTaskViaApi(request, signedIn, { title: "Removed elsewhere" });
  const done = await addTaskViaApi(request, signedIn, { title: "Completed elsewhere" });
  await addTaskViaApi(request, signedIn, { title: "Still here" });
  await page.goto("/focus-timer");
  const select = taskSelect(page);
  const start = page.getByRole("button", { name: "Start Focus Session" });

  for (const [task, removeElsewhere] of [
    [
      doomed,
      async () => {
        const res = await request.delete(`/api/tasks/${doomed.id}`, {
          headers: { Authorization: `Bearer ${signedIn.token}` },
        });
        expect(res.ok()).toBe(true);
      },
    ],
    [done, () => apiCall(request, signedIn, "PATCH", `/api/tasks/${done.id}`, { isCompleted: true })],
  ] as const) {
    await select.selectOption(String(task.id));
    await expect(start).toBeEnabled();
    await removeElsewhere();
    // The live "tasks-changed" refetch drops it; the select must not show another task instead.
    await expect(select.locator("option", { hasText: task.title })).toHaveCount(0);
    await expect(select).toHaveValue("");
    await expect(select.locator("option:checked")).toHaveText("Select a task");
    await expect(start).toHaveAttribute("aria-disabled", "true");
  }
});

test("opening the Focus tab preselects the START HERE task", async ({ page, request, signedIn }) => {
  const titles = [
    "Finish the Q3 budget report (due tomorrow 10am)",
    "Renew car insurance (policy A-2291) by Friday",
    "Reply to the landlord about the boiler repair",
    "Book the dentist appointment for next month",
  ];
  const tasks = await Promise.all(titles.map((title) => addTaskViaApi(request, signedIn, { title })));
  const [budget, insurance, landlord, dentist] = tasks as [ApiTask, ApiTask, ApiTask, ApiTask];
  // Analyze Priorities' call: the insurance ranks first (START HERE), the dentist out of the top three.
  await apiCall(request, signedIn, "POST", "/api/tasks/priorities", {
    tasks: [
      { id: budget.id, answers: { important: true } },
      { id: insurance.id, answers: { urgent: true, important: true } },
      { id: landlord.id, answers: { relief: true } },
      { id: dentist.id, answers: { urgent: false } },
    ],
  });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Focus/ }).click();
  await expect(page.getByRole("heading", { name: "One-Thing Focus Timer" })).toBeVisible();
  await expect(taskSelect(page)).toHaveValue(String(insurance.id));
  await expect(page.getByRole("button", { name: "Start Focus Session" })).not.toHaveAttribute("aria-disabled", "true");
});

test("navigation state preselects the task", async ({ page, request, signedIn }) => {
  const task = await addTaskViaApi(request, signedIn, { title: "From the results list" });
  await page.goto("/no-list");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // What the Remaining Tasks "Focus" button does: navigate with { taskId } as state.
  await page.evaluate((id) => {
    window.history.pushState({ usr: { taskId: id }, key: "focus", idx: 1 }, "", "/focus-timer");
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, task.id);
  await expect(taskSelect(page)).toHaveValue(String(task.id));
});

test("a session that ended with no tab open shows the complete phase on the next visit", async ({
  page,
  request,
  signedIn,
}) => {
  const task = await addTaskViaApi(request, signedIn, { title: "Finished while away" });
  await apiCall(request, signedIn, "POST", "/api/focus-sessions", {
    taskId: task.id,
    duration: 600,
    isCompleted: false,
  });
  await apiCall(request, signedIn, "POST", "/api/timer/end");
  await page.goto("/focus-timer");
  await expect(page.getByRole("heading", { name: "Session ended early" })).toBeVisible();
  await expect(page.getByText("Finished while away")).toBeVisible();
});

test("the alarm completes a one-minute session with no tab open", async ({ page, request }) => {
  // The session was started by the global set-up (alarm-session.ts) and its minute ran beside the
  // other tests; here only what is left of it is waited out, then up to 90 s for the alarm.
  test.setTimeout(180_000);
  const started = process.env[ALARM_SESSION_ENV];
  if (!started) throw new Error(`${ALARM_SESSION_ENV} is not set: alarm-session.ts runs as the config's globalSetup`);
  const { account } = JSON.parse(started) as AlarmSession;
  await expect
    .poll(
      async () =>
        ((await apiCall(request, account, "GET", "/api/timer")) as { state: { status: string } }).state.status,
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe("finished");
  const sessions = (await apiCall(request, account, "GET", "/api/focus-sessions")) as {
    isCompleted: boolean;
    focusedSeconds: number;
  }[];
  expect(sessions[0]).toMatchObject({ isCompleted: true, focusedSeconds: 60 });
  await signInPage(page, account);
  await page.goto("/focus-timer");
  await expect(page.getByRole("heading", { name: "Great job!" })).toBeVisible();
});
