import type { APIRequestContext, Locator, Page } from "@playwright/test";
import {
  type Account,
  authHeader,
  closeToast,
  collectConsoleErrors,
  expect,
  keyboardDragReady,
  PASSWORD,
  REAL_LENGTH_TITLES,
  screenshots,
  shownToast,
  test,
} from "./fixtures";

type TaskBody = { id: number; title: string; category: string | null; isCompleted: boolean; isPriority: boolean };

async function createTasks(request: APIRequestContext, account: Account, titles: string[]) {
  const res = await request.post("/api/process-tasks", {
    headers: authHeader(account),
    data: { text: titles.join("\n"), allowDuplicates: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TaskBody[];
}

async function apiTasks(request: APIRequestContext, account: Account) {
  const res = await request.get("/api/tasks", { headers: authHeader(account) });
  return (await res.json()) as TaskBody[];
}

/** A toast with this title (and description); failures must use the destructive style (docs/product.md#how-a-failure-reads). */
function toast(page: Page, title: string, description?: string) {
  let locator = page.locator("[data-sonner-toast]").filter({ hasText: title });
  if (description) locator = locator.filter({ hasText: description });
  return locator.first();
}

async function expectErrorToast(page: Page, title: string, description: string) {
  const t = toast(page, title, description);
  await expect(t).toBeVisible();
  await expect(t).toHaveAttribute("data-type", "error");
}

const textarea = (page: Page) => page.getByLabel("What's on your mind?");
const processButton = (page: Page) => page.getByRole("button", { name: "Process & Continue" });
const currentTasks = (page: Page) => page.getByRole("region", { name: "Current Tasks" });
const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const card = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });

async function answer(page: Page, title: string, question: string, option: string) {
  await card(page, title)
    .getByRole("radiogroup", { name: question })
    .getByRole("radio", { name: option, exact: true })
    .click();
}

/** Records, inside the page, the title of every toast that appears, however briefly. */
async function recordToastTitles(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { toastTitles: string[] };
    w.toastTitles = [];
    const toasts = () => Array.from(document.querySelectorAll("[data-sonner-toast]"));
    // The toasts already there (some still closing) are not new.
    const seen = new WeakSet<Element>(toasts());
    new MutationObserver(() => {
      for (const el of toasts()) {
        if (seen.has(el) || el.getAttribute("data-removed") === "true") continue;
        seen.add(el);
        w.toastTitles.push(el.querySelector("[data-title]")?.textContent ?? "");
      }
    }).observe(document.body, { subtree: true, childList: true });
  });
}

/** The titles recordToastTitles saw since the last call. */
function toastTitlesSinceLastLook(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { toastTitles: string[] };
    return w.toastTitles.splice(0);
  });
}

async function mouseDrag(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("not on screen");
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(80, to.height / 2), { steps: 12 });
  await page.mouse.up();
  // The lifted card floats back or into place (about 0.4 s) before the next drag can start.
  await expect(page.locator("[data-drag-overlay]")).toHaveCount(0);
}

test("dump → questions → results → organize by mouse and keyboard → reload → Start Fresh", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  test.slow(); // the whole journey, with screenshots of every step when asked for
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(currentTasks(page)).toContainText("No current tasks");
  await expect(textarea(page)).toHaveAttribute("rows", "6");
  await screenshots(page, "braindump-input-empty");

  await textarea(page).fill("Write report\nCall mum; Book dentist;\n\nPay rent ; Plan week");
  await processButton(page).click();
  await expect(toast(page, "Brain dump processed", "Now let's identify your priorities.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeFocused();

  // Every task needs an answer first.
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expectErrorToast(page, "Missing task information", 'Please answer at least some questions for "Write report"');

  // The same answer again removes it; a different one replaces it.
  const urgentYes = card(page, "Call mum")
    .getByRole("radiogroup", { name: "Is it urgent?" })
    .getByRole("radio", { name: "Yes" });
  const urgentNo = card(page, "Call mum")
    .getByRole("radiogroup", { name: "Is it urgent?" })
    .getByRole("radio", { name: "No" });
  await urgentYes.click();
  await expect(urgentYes).toHaveAttribute("aria-checked", "true");
  await urgentYes.click();
  await expect(urgentYes).toHaveAttribute("aria-checked", "false");
  await urgentYes.click();
  await urgentNo.click();
  await expect(urgentYes).toHaveAttribute("aria-checked", "false");
  await expect(urgentNo).toHaveAttribute("aria-checked", "true");

  await answer(page, "Book dentist", "Is it urgent?", "Yes");
  await answer(page, "Book dentist", "How much effort will it take?", "Small");
  await answer(page, "Pay rent", "Is it important?", "Yes");
  await answer(page, "Plan week", "Will it bring relief?", "Yes");
  await answer(page, "Write report", "How much effort will it take?", "Medium");
  await answer(page, "Write report", "How much effort will it take?", "Large");
  await expect(
    card(page, "Write report").getByRole("radiogroup", { name: "How much effort will it take?" }).getByRole("radio", {
      name: "Medium",
    }),
  ).toHaveAttribute("aria-checked", "false");
  await screenshots(page, "braindump-questions");

  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(
    toast(page, "Priority analysis complete", "Your top tasks have been identified based on your answers."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  const top = page.getByRole("heading", { level: 2 });
  await expect(top.filter({ hasText: /^(Book dentist|Pay rent|Plan week)$/ })).toHaveCount(3);
  await expect(page.getByText("START HERE")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Just Do This One" })).toHaveAccessibleDescription("Book dentist");
  await expect(page.getByRole("button", { name: "Focus On This" })).toHaveCount(2);
  // Each score is explained by the answers that made it.
  await expect(page.getByText(/^Score \d+: .*\bUrgent\b/).first()).toBeVisible();
  await expect(page.getByText(/^Score \d+: .*\bSmall effort\b/).first()).toBeVisible();
  const remaining = page.getByRole("region", { name: "Remaining Tasks" });
  await expect(remaining.getByRole("listitem")).toHaveText([/Write report/, /Call mum/]);
  await screenshots(page, "braindump-results");

  const stored = await apiTasks(request, signedIn);
  expect(stored.filter((t) => t.isPriority).map((t) => t.title)).toEqual(["Book dentist", "Pay rent", "Plan week"]);

  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  // Answered "urgent: yes" and never placed: it starts in Urgent.
  await expect(column(page, "Urgent").getByRole("listitem")).toHaveText([/Book dentist/]);
  await expect(column(page, "Later").getByRole("listitem")).toHaveCount(4);
  await expect(column(page, '"No" List')).toContainText("Drop tasks here");
  await screenshots(page, "braindump-organized");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Mouse: Book dentist to Urgent.
  await mouseDrag(page, page.getByRole("button", { name: /^Book dentist/ }), column(page, "Urgent"));
  await expect(column(page, "Urgent").getByRole("button", { name: /^Book dentist/ })).toBeVisible();
  await expect(column(page, "Later").getByRole("listitem")).toHaveCount(4);

  // Keyboard: Space picks up, arrows choose the list, Space drops; a screen reader hears each step.
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await page.getByRole("button", { name: /^Plan week/ }).focus();
  await page.keyboard.press("Space");
  await expect(liveRegion).toHaveText("Picked up Plan week.");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowRight");
  await expect(liveRegion).toHaveText("Moved to Delegate.");
  await page.keyboard.press("ArrowRight");
  await expect(liveRegion).toHaveText('Moved to "No" List.');
  await page.keyboard.press("ArrowLeft");
  await expect(liveRegion).toHaveText("Moved to Delegate.");
  await page.keyboard.press("Space");
  await expect(liveRegion).toHaveText("Dropped Plan week in Delegate.");
  await expect(column(page, "Delegate").getByRole("button", { name: /^Plan week/ })).toBeVisible();
  // Focus stays on the moved task, so the next move is one keypress away.
  await expect(column(page, "Delegate").getByRole("button", { name: /^Plan week/ })).toBeFocused();

  // Escape cancels; nothing moves.
  // (Each step waits for its announcement: the sensor listens for keys only once the drag started.)
  await page.getByRole("button", { name: /^Write report/ }).focus();
  await page.keyboard.press("Space");
  await expect(liveRegion).toHaveText("Picked up Write report.");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowLeft");
  await expect(liveRegion).toHaveText("Moved to Urgent.");
  await page.keyboard.press("Escape");
  await expect(liveRegion).toHaveText("Cancelled. Write report stays in Later.");
  await expect(column(page, "Later").getByRole("button", { name: /^Write report/ })).toBeVisible();

  // No Focus button in the "No" List.
  await expect(column(page, "Later").getByRole("button", { name: "Focus" }).first()).toBeVisible();
  await screenshots(page, "braindump-organized-moved");

  // A reload comes back to the board, the moves read from the server
  // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md); Start Over leaves it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  await expect(column(page, "Urgent").getByRole("button", { name: /^Book dentist/ })).toBeVisible();
  await expect(column(page, "Delegate").getByRole("button", { name: /^Plan week/ })).toBeVisible();
  await expect(column(page, "Later").getByRole("button", { name: /^Write report/ })).toBeVisible();
  await page.getByRole("button", { name: "Start Over" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(currentTasks(page).getByRole("listitem").filter({ hasText: "Book dentist" })).toContainText("Urgent");
  await expect(currentTasks(page).getByRole("listitem").filter({ hasText: "Plan week" })).toContainText("Delegate");
  const after = new Map((await apiTasks(request, signedIn)).map((t) => [t.title, t.category]));
  expect(after.get("Book dentist")).toBe("urgent");
  expect(after.get("Plan week")).toBe("delegate");
  expect(after.get("Write report")).toBe("later");

  // Start Fresh: one call, a clean screen, no reload.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.getByRole("button", { name: "Start Fresh" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    'This will clear all your tasks including "Remaining Tasks" and history. Are you sure you want to start fresh?',
  );
  await screenshots(page, "braindump-start-fresh-dialog");
  const calls: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "GET") calls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await dialog.getByRole("button", { name: "Yes, Start Fresh" }).click();
  await expect(toast(page, "Fresh Start", "All tasks and analytics have been completely reset.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(currentTasks(page)).toContainText("No current tasks");
  expect(calls).toEqual(["POST /api/start-fresh"]);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await apiTasks(request, signedIn)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("Start Fresh from a later step returns to a clean input step", async ({ page, request, signedIn }) => {
  await createTasks(request, signedIn, ["Alpha", "Beta"]);
  await page.goto("/");
  await textarea(page).fill("Gamma");
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(card(page, "Alpha")).toBeVisible();
  await expect(card(page, "Beta")).toBeVisible();
  await page.getByRole("button", { name: "Start Fresh" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Start Fresh" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(textarea(page)).toHaveValue("");
  await expect(currentTasks(page)).toContainText("No current tasks");
});

test("each braindump notice of docs/product.md#input-step and docs/product.md#messages, one toast at a time, the newest replacing the last", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  // No live updates on this page: a task added elsewhere must stay unknown to it (see below). The
  // channel never opens (an open refetches the lists).
  await page.routeWebSocket(/\/api\/live/, (ws) => void ws.close({ code: 1011, reason: "down" }));
  await createTasks(request, signedIn, ["Existing task"]);
  await page.goto("/");
  await expect(currentTasks(page)).toContainText("Existing task");
  const onScreen = page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');

  /** The failure toast is on screen in the destructive style; then it is closed for the next one. */
  const closeError = async (title: string, description: string) => {
    await expect(shownToast(page, title, description)).toHaveAttribute("data-type", "error");
    await closeToast(page, title, description);
  };

  await processButton(page).click();
  await closeError("Empty input", "Please enter some tasks to process.");
  await textarea(page).fill("   \n  ");
  await processButton(page).click();
  await closeError("Empty input", "Please enter some tasks to process.");

  await textarea(page).fill(" ;; \n ; ");
  await processButton(page).click();
  await closeError("No tasks found", "Please enter tasks separated by semicolons or new lines.");

  // One click, one notice: nothing about the duplicates flashes before the outcome
  // (docs/decisions/152-one-braindump-notice.md).
  await recordToastTitles(page);
  await textarea(page).fill("existing TASK; EXISTING task");
  await processButton(page).click();
  await expect(shownToast(page, "No new tasks to add")).toBeVisible();
  await expect(onScreen).toHaveCount(1);
  expect(await toastTitlesSinceLastLook(page)).toEqual(["No new tasks to add"]);
  await closeToast(page, "No new tasks to add", "All the tasks you entered already exist in your list.");
  await expect(onScreen).toHaveCount(0);
  await expect(textarea(page)).toHaveValue("existing TASK; EXISTING task");

  // A task added elsewhere after this page loaded: the server drops it and answers [].
  await createTasks(request, signedIn, ["Added elsewhere"]);
  await textarea(page).fill("Added elsewhere");
  await processButton(page).click();
  await closeError("No new tasks created", "No unique tasks were found in your input, or they might already exist.");

  // A title over the limit is said before anything is sent, counted as the server counts it
  // (docs/decisions/322-a-length-is-counted-in-code-points.md).
  await textarea(page).fill("x".repeat(501));
  await processButton(page).click();
  await closeError("Task 1 is too long", "A task title can be at most 500 characters.");

  // A failure without a reason from the server.
  await page.route("**/api/process-tasks", (route) => route.fulfill({ status: 503, body: "" }));
  await textarea(page).fill("Something new");
  await processButton(page).click();
  await closeError("Error processing tasks", "Failed to process your input. Please try again.");
  await page.unroute("**/api/process-tasks");

  await toastTitlesSinceLastLook(page);
  await textarea(page).fill("New one; new ONE; Existing task; Another");
  await processButton(page).click();
  await closeToast(
    page,
    "Brain dump processed",
    "2 tasks added. Duplicate tasks removed: 1 repeated in your input. Duplicate tasks detected: 1 already in your list.",
  );
  expect(await toastTitlesSinceLastLook(page)).toEqual(["Brain dump processed"]);
  await expect(card(page, "New one")).toBeVisible();
  await expect(card(page, "Another")).toBeVisible();
  await expect(page.getByRole("group", { name: "Existing task", exact: true })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test("the braindump page refetches when the window regains focus", async ({ page, request, signedIn }) => {
  // No live channel (it never opens: an open refetches the lists): only the refetch on focus can
  // bring the new task in.
  await page.routeWebSocket(/\/api\/live/, (ws) => void ws.close({ code: 1011, reason: "down" }));
  await page.goto("/");
  await expect(currentTasks(page)).toContainText("No current tasks");
  await createTasks(request, signedIn, ["From another device"]);
  const refetched = page.waitForRequest(
    (req) => req.method() === "GET" && new URL(req.url()).pathname === "/api/tasks",
  );
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
  await refetched;
  await expect(currentTasks(page)).toContainText("From another device");
});

test("a task deleted on another device leaves the questions, live or after a failed analysis", async ({
  page,
  request,
  signedIn,
}) => {
  await test.step("every task under questions deleted elsewhere", async () => {
    await page.goto("/");
    await textarea(page).fill("Solo");
    await processButton(page).click();
    await expect(card(page, "Solo")).toBeVisible();
    await request.post("/api/tasks/clear", { headers: authHeader(signedIn) });
    await expect(card(page, "Solo")).toHaveCount(0);
    await expect(page.getByText("These tasks are no longer in your list. Start over to add new ones.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Analyze Priorities" })).toBeDisabled();
    // As the words say: the questions are left, or opening the page again comes back to them
    // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md).
    await page.getByRole("button", { name: "Start Over" }).click();
    await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  });
  await test.step("with the live channel", async () => {
    await page.goto("/");
    await textarea(page).fill("Alpha\nBeta\nGamma");
    await processButton(page).click();
    await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
    await answer(page, "Alpha", "Is it urgent?", "Yes");
    await answer(page, "Beta", "Will it bring relief?", "No");
    await answer(page, "Gamma", "Is it important?", "Yes");
    const beta = (await apiTasks(request, signedIn)).find((task) => task.title === "Beta");
    expect((await request.delete(`/api/tasks/${beta?.id}`, { headers: authHeader(signedIn) })).status()).toBe(200);
    await expect(card(page, "Beta")).toHaveCount(0);
    await expectAnalysisWithoutBeta(page);
    await page.getByRole("button", { name: "Start Over" }).click();
    await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
    await request.post("/api/tasks/clear", { headers: authHeader(signedIn) });
  });
  await test.step("without it: the save fails once", async () => {
    // Without the live channel only the failed save's refetch can bring the deletion in. The
    // channel never opens (an open refetches the lists, which would race the save), and the answers
    // are on the server before the page opens: a saved answer refetches the list too, so one still
    // on its way when Beta goes would bring the deletion in first.
    await page.routeWebSocket(/\/api\/live/, (ws) => void ws.close({ code: 1011, reason: "down" }));
    const [alpha, beta, gamma] = await createTasks(request, signedIn, ["Alpha", "Beta", "Gamma"]);
    await saveAnswers(request, signedIn, alpha, { urgent: true });
    await saveAnswers(request, signedIn, beta, { relief: false });
    await saveAnswers(request, signedIn, gamma, { important: true });
    await page.goto("/");
    await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
    await expect(card(page, "Beta")).toBeVisible();
    expect((await request.delete(`/api/tasks/${beta?.id}`, { headers: authHeader(signedIn) })).status()).toBe(200);
    await page.getByRole("button", { name: "Analyze Priorities" }).click();
    await expectErrorToast(
      page,
      "Error updating priorities",
      "There was a problem saving your priorities. Please try again.",
    );
    await expect(card(page, "Beta")).toHaveCount(0);
    await expectAnalysisWithoutBeta(page);
  });
});

/** The answers given to the tasks left stay, and analysing them works without the deleted one. */
async function expectAnalysisWithoutBeta(page: Page) {
  await expect(
    card(page, "Alpha").getByRole("radiogroup", { name: "Is it urgent?" }).getByRole("radio", { name: "Yes" }),
  ).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Beta");
}

async function saveAnswers(request: APIRequestContext, account: Account, task: TaskBody | undefined, answers: object) {
  const res = await request.patch(`/api/tasks/${task?.id}/answers`, { headers: authHeader(account), data: answers });
  expect(res.status(), await res.text()).toBe(200);
}

test("a task list read again after it failed does not swallow Process & Continue", async ({ page, signedIn }) => {
  void signedIn;
  // The list cannot be read; then a second read is held open, as the live channel's refetch on
  // connect or Try again would be, and the press lands in the middle of it
  // (docs/decisions/122-process-continue-waits-task-list-only.md).
  let hold = false;
  let releaseList = () => {};
  const listHeld = new Promise<void>((resolve) => {
    releaseList = resolve;
  });
  await page.route("**/api/tasks", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    if (hold) await listHeld;
    return route.fulfill({ status: 503, json: { message: "Unavailable" } });
  });
  // Only Try again reads the list again here: the live channel, whose connect does too, stays down.
  await page.routeWebSocket(/\/api\/live/, (ws) => void ws.close({ code: 1011, reason: "down" }));
  await page.goto("/");
  await expect(currentTasks(page)).toContainText("Your tasks could not be loaded.");
  hold = true;
  await currentTasks(page).getByRole("button", { name: "Try again" }).click();
  await textarea(page).fill("Alpha\nBeta");
  await expect(processButton(page)).toBeEnabled();
  await processButton(page).click();
  // The press is taken while the read is still open; processing ends once the list is read again.
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  releaseList();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(card(page, "Alpha")).toBeVisible();
});

test("the loading texts of the results and organized steps", async ({ page, signedIn }) => {
  void signedIn;
  // The task list cannot be read at first (every step reads it, so only then can the results step
  // open without it); then it is held, to see the results step's loading text. The organized
  // step's code is held too.
  let tasksMode: "fail" | "hold" = "fail";
  let releaseTasks = () => {};
  const tasksHeld = new Promise<void>((resolve) => {
    releaseTasks = resolve;
  });
  await page.route("**/api/tasks", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    if (tasksMode === "fail") return route.fulfill({ status: 503, json: { message: "Unavailable" } });
    await tasksHeld;
    await route.fallback();
  });
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await page.route(/\/assets\/organized-step-[^/]*\.js$/, async (route) => {
    await chunkHeld;
    await route.fallback();
  });
  await page.goto("/");
  await expect(currentTasks(page)).toContainText("Your tasks could not be loaded.");
  await textarea(page).fill("Alpha\nBeta");
  await processButton(page).click();
  await answer(page, "Alpha", "Is it urgent?", "Yes");
  await answer(page, "Beta", "Is it important?", "Yes");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "Your tasks could not be loaded." });
  await expect(failed).toBeVisible();

  tasksMode = "hold";
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Loading priorities...")).toBeVisible();
  releaseTasks();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();

  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByText("Organizing your tasks...")).toBeVisible();
  releaseChunk();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  // Alpha was answered urgent and never placed, so it starts in Urgent
  // (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md,
  // docs/decisions/082-placed-yet-flag.md).
  await expect(column(page, "Urgent").getByRole("listitem")).toHaveText([/Alpha/]);
  await expect(column(page, "Later").getByRole("listitem")).toHaveText([/Beta/]);
});

test("delete a task, and the failure toast", async ({ page, request, signedIn }) => {
  await createTasks(request, signedIn, ["Keep", "Remove me", "Stubborn"]);
  await page.goto("/");
  await screenshots(page, "braindump-input-tasks");
  await currentTasks(page).getByRole("button", { name: "Delete Remove me" }).click();
  await expect(toast(page, "Task deleted", "The task has been removed.")).toBeVisible();
  await expect(currentTasks(page).getByRole("listitem")).toHaveText([/Keep/, /Stubborn/]);
  expect((await apiTasks(request, signedIn)).map((t) => t.title)).toEqual(["Keep", "Stubborn"]);

  await page.route("**/api/tasks/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await currentTasks(page).getByRole("button", { name: "Delete Stubborn" }).click();
  await expectErrorToast(
    page,
    "Error deleting task",
    "There might be focus sessions linked to this task. Try completing the task first.",
  );
  // Completing and deleting are one call: a failed one changes nothing, the task stays.
  await expect(currentTasks(page).getByRole("listitem")).toHaveText([/Keep/, /Stubborn/]);
});

test("Clear Tasks asks, clears everything at once, and reports a failure", async ({ page, request, signedIn }) => {
  await createTasks(request, signedIn, ["One", "Two"]);
  await page.goto("/");
  await page.route("**/api/tasks/clear", (route) => route.fulfill({ status: 500, body: "" }));
  await currentTasks(page).getByRole("button", { name: "Clear Tasks" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "Are you sure you want to clear all current tasks and reset all statistics? This will remove them from your lists and reset your analytics.",
  );
  // Then what will be lost, in numbers.
  await expect(dialog).toContainText("You will lose 2 tasks and today's statistics, with those of every earlier day.");
  await screenshots(page, "braindump-clear-dialog");
  await dialog.getByRole("button", { name: "Clear Tasks" }).click();
  await expectErrorToast(page, "Error clearing tasks", "There was a problem clearing your tasks. Please try again.");
  await expect(currentTasks(page).getByRole("listitem")).toHaveCount(2);
  await page.unroute("**/api/tasks/clear");

  await currentTasks(page).getByRole("button", { name: "Clear Tasks" }).click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(currentTasks(page).getByRole("listitem")).toHaveCount(2);

  await currentTasks(page).getByRole("button", { name: "Clear Tasks" }).click();
  await dialog.getByRole("button", { name: "Clear Tasks" }).click();
  await expect(toast(page, "Starting fresh!", "All tasks have been cleared.")).toBeVisible();
  await expect(currentTasks(page)).toContainText("No current tasks");
  expect(await apiTasks(request, signedIn)).toEqual([]);
});

test("Start Fresh failure keeps everything and says so", async ({ page, request, signedIn }) => {
  await createTasks(request, signedIn, ["Survivor"]);
  await page.goto("/");
  await page.route("**/api/start-fresh", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Start Fresh" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Start Fresh" }).click();
  await expectErrorToast(
    page,
    "Error resetting app",
    "There was a problem resetting your tasks and analytics. Please try again.",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(currentTasks(page)).toContainText("Survivor");
});

test("saving priorities can fail without losing the answers", async ({ page, request, signedIn }) => {
  await createTasks(request, signedIn, ["Solo"]);
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await answer(page, "Solo", "Is it urgent?", "Yes");
  await page.route("**/api/tasks/priorities", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expectErrorToast(
    page,
    "Error updating priorities",
    "There was a problem saving your priorities. Please try again.",
  );
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await page.unroute("**/api/tasks/priorities");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
});

test("results: focus buttons, Start Over; organized: Back, Start Focus Timer, rollback on failure", async ({
  page,
  request,
  signedIn,
}) => {
  test.slow(); // three rounds of questions and several drags
  const [a, b, c, d] = await createTasks(request, signedIn, ["First", "Second", "Third", "Fourth"]);
  // A task without a category shows under Later; a completed one is faded; No-list ones get no Focus.
  await request.post("/api/tasks", { headers: authHeader(signedIn), data: { title: "Uncategorised", category: null } });
  await request.post("/api/tasks", {
    headers: authHeader(signedIn),
    data: { title: "Said no", category: "no_list", isCompleted: false },
  });
  await request.patch(`/api/tasks/${d?.id}`, { headers: authHeader(signedIn), data: { isCompleted: true } });
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  for (const title of ["First", "Second", "Third"]) await answer(page, title, "Is it urgent?", "No");
  await answer(page, "Uncategorised", "Is it important?", "Yes");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();

  await page.getByRole("button", { name: "Just Do This One" }).click();
  await expect(page).toHaveURL(/\/focus-timer\?taskId=\d+$/);
  const uncategorised = (await apiTasks(request, signedIn)).find((t) => t.title === "Uncategorised");
  expect(page.url()).toContain(`taskId=${uncategorised?.id}`);
  // The URL changes before the timer's code has loaded; going back earlier would leave the
  // braindump page on its results step, never unmounted.
  await expect(page.getByRole("heading", { name: "One-Thing Focus Timer" })).toBeVisible();
  await page.goBack();

  // Back from the timer, the results are as they were left
  // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md); Start Over leaves them.
  // The answers are saved, so only Uncategorised's change (its Yes cleared, a No instead) is
  // needed to rank it below the other three.
  await expect(page.getByRole("button", { name: "Just Do This One" })).toHaveAccessibleDescription("Uncategorised");
  await page.getByRole("button", { name: "Start Over" }).click();
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await expect(
    card(page, "First")
      .getByRole("radiogroup", { name: "Is it urgent?" })
      .getByRole("radio", { name: "No", exact: true }),
  ).toHaveAttribute("aria-checked", "true");
  await answer(page, "Uncategorised", "Is it important?", "Yes");
  await answer(page, "Uncategorised", "Is it urgent?", "No");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  const remaining = page.getByRole("region", { name: "Remaining Tasks" });
  await expect(remaining).toContainText("Uncategorised");
  await remaining.getByRole("button", { name: "Focus" }).click();
  await expect(page).toHaveURL(/\/focus-timer$/);
  expect(await page.evaluate(() => (history.state as { usr?: { taskId?: number } }).usr?.taskId)).toBe(
    uncategorised?.id,
  );
  await expect(page.getByLabel("What will you focus on?")).toHaveValue(String(uncategorised?.id));
  await page.goBack();

  await expect(page.getByRole("region", { name: "Remaining Tasks" })).toContainText("Uncategorised");
  await page.getByRole("button", { name: "Start Over" }).click();
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  // The others keep their saved "No".
  await answer(page, "First", "Is it urgent?", "Yes");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(column(page, "Later")).toContainText("Uncategorised");
  const fourth = column(page, "Later").getByRole("listitem").filter({ hasText: "Fourth" });
  await expect(fourth.getByRole("button", { name: "Focus" })).toHaveCount(0);
  await expect(column(page, '"No" List')).toContainText("Said no");
  await expect(column(page, '"No" List').getByRole("button", { name: "Focus" })).toHaveCount(0);
  await expect(
    column(page, "Later").getByRole("listitem").filter({ hasText: "Second" }).getByRole("button", { name: "Focus" }),
  ).toBeVisible();

  // A drop on its own column, or outside any column, sends nothing.
  const patches: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PATCH") patches.push(req.url());
  });
  const second = page.getByRole("button", { name: /^Second/ });
  await mouseDrag(page, second, column(page, "Later"));
  await mouseDrag(page, second, page.getByRole("heading", { name: "Your Organized Tasks" }));
  await expect(column(page, "Later").getByRole("button", { name: /^Second/ })).toBeVisible();
  expect(patches).toEqual([]);

  // The server refuses: the card goes back and a toast says so.
  await page.route("**/api/tasks/*", (route) =>
    route.request().method() === "PATCH" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await mouseDrag(page, second, column(page, "Delegate"));
  await expectErrorToast(page, "Error moving task", '"Second" could not be moved. Please try again.');
  await expect(column(page, "Later").getByRole("button", { name: /^Second/ })).toBeVisible();
  await page.unroute("**/api/tasks/*");

  await page.getByRole("button", { name: "Back to Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await page.getByRole("button", { name: "Start Over" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();

  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await answer(page, "First", "Is it urgent?", "No");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await page.getByRole("button", { name: "Start Focus Timer" }).click();
  await expect(page).toHaveURL(/\/focus-timer$/);
  void [a, b, c];
});

test("narrow screens: one column, and the keyboard moves a task down the lists", async ({
  page,
  request,
  signedIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await createTasks(request, signedIn, ["Tiny task"]);
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await answer(page, "Tiny task", "Can you start right now?", "Yes");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  const urgent = await column(page, "Urgent").boundingBox();
  const later = await column(page, "Later").boundingBox();
  expect(later && urgent && later.y > urgent.y + urgent.height - 1).toBe(true);

  await page.getByRole("button", { name: /^Tiny task/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText("Picked up Tiny task.");
  await keyboardDragReady(page);
  await page.keyboard.press("ArrowDown");
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText("Moved to Delegate.");
  await page.keyboard.press("Space");
  await expect(column(page, "Delegate").getByRole("button", { name: /^Tiny task/ })).toBeVisible();
  await expect
    .poll(async () => (await apiTasks(request, signedIn)).find((t) => t.title === "Tiny task")?.category)
    .toBe("delegate");

  // A mouse drag held near the bottom edge scrolls the page down to the "No" List below the fold.
  // On a phone the toasts sit at the bottom (docs/decisions/070-toasts-bottom-deleting-call.md):
  // "Priority analysis complete" covers the card until it goes, and a press on it would start no
  // drag.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const handle = page.getByRole("button", { name: /^Tiny task/ });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("not on screen");
  const startScroll = await page.evaluate(() => window.scrollY);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, 835, { steps: 10 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(startScroll + 100);
  // Until the page can scroll no further: the "No" List is then fully on screen.
  await expect
    .poll(async () => {
      const r = await column(page, '"No" List').boundingBox();
      return r ? r.y + r.height : 9999;
    })
    .toBeLessThanOrEqual(844);
  const noList = await column(page, '"No" List').boundingBox();
  if (!noList) throw new Error("not on screen");
  await page.mouse.move(noList.x + noList.width / 2, noList.y + 60, { steps: 5 });
  await page.mouse.up();
  await expect(column(page, '"No" List').getByRole("button", { name: /^Tiny task/ })).toBeVisible();
});

// docs/decisions/174-removed-marker-in-new-titles.md
test('a braindump line with "[REMOVED]" is said before anything is sent, and nothing is added', async ({
  page,
  request,
  signedIn,
}) => {
  await createTasks(request, signedIn, [...REAL_LENGTH_TITLES]);
  await page.goto("/");
  await expect(currentTasks(page)).toContainText(REAL_LENGTH_TITLES[0]);
  let sent = 0;
  page.on("request", (req) => {
    if (req.url().includes("/api/process-tasks")) sent += 1;
  });
  await textarea(page).fill("Call the bank about the card\nEmail Bob about the [REMOVED] section of the report");
  await processButton(page).click();
  await expect(
    shownToast(
      page,
      "Task 2 can't be added",
      'A new task\'s title cannot contain "[REMOVED]": the app uses it to hide removed tasks. Reword it, for example "(removed)".',
    ),
  ).toHaveAttribute("data-type", "error");
  // The text stays, to be reworded; nothing went to the server.
  await expect(textarea(page)).toHaveValue(/\[REMOVED\] section/);
  expect(sent).toBe(0);
  expect((await apiTasks(request, signedIn)).map((task) => task.title)).not.toContain("Call the bank about the card");
  await screenshots(page, "braindump-removed-marker");
});

test("at 390 px the estimates show on the questions, the results and the board, and twelve tasks keep the questions short (docs/decisions/347-an-estimate-shows-wherever-its-task-does.md)", async ({
  page,
  signedIn: _,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const lines = [...REAL_LENGTH_TITLES, "Write the quarterly newsletter for the parents' association"].map(
    (title, index) => `${title} ~${[45, 90, 20, 120][index % 4]}m`,
  );
  await page.goto("/");
  await page.getByLabel("What's on your mind?").fill(lines.join("\n"));
  await page.getByRole("button", { name: "Process & Continue" }).click();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  const first = REAL_LENGTH_TITLES[0];
  const questions = page.getByRole("main").getByRole("group");
  await expect(questions).toHaveCount(12);
  const escaped = first.replace(/[()]/g, "\\$&");
  // The badge is a box of its own: engines may put a space before its words.
  await expect(page.getByRole("group", { name: new RegExp(`^${escaped} ?, estimate 45 min$`) })).toBeVisible();
  await expect(questions.nth(1).getByTestId("estimate")).toContainText("1 h 30");
  // Each question's hint shows once, on the first task; the others keep it as their description.
  await expect(page.getByText("It has a deadline today, or waiting will cause trouble.")).toHaveCount(12);
  await expect(page.getByText("It has a deadline today, or waiting will cause trouble.").nth(0)).toBeVisible();
  // The others are for assistive technology only: a one-pixel box.
  expect(
    (await page.getByText("It has a deadline today, or waiting will cause trouble.").nth(1).boundingBox())?.height,
  ).toBeLessThanOrEqual(1);
  await expect(questions.nth(1).getByRole("radiogroup", { name: "Is it urgent?" })).toHaveAccessibleDescription(
    "It has a deadline today, or waiting will cause trouble.",
  );
  const oneCard = await questions.nth(1).boundingBox();
  expect(oneCard?.height).toBeLessThan(480);
  await screenshots(page, "questions-estimates");
  for (let index = 0; index < 12; index++) {
    await questions
      .nth(index)
      .getByRole("radiogroup", { name: "Is it urgent?" })
      .getByRole("radio", { name: "Yes" })
      .click();
  }
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  const results = page.getByRole("main");
  await expect(results.getByRole("listitem").first().getByTestId("estimate")).toBeVisible();
  await expect(page.getByRole("region", { name: "Remaining Tasks" }).getByTestId("estimate")).toHaveCount(9);
  await screenshots(page, "results-estimates");
  await page.getByRole("button", { name: "Organize Tasks" }).click();
  await expect(column(page, "Urgent").getByTestId("estimate")).toHaveCount(12);
  await expect(
    column(page, "Urgent").getByRole("button", {
      name: new RegExp(`^${escaped} ?, estimate 45 min`),
    }),
  ).toBeVisible();
  await screenshots(page, "board-estimates");
});

test("at 390 px the questions, the results and the board come back after a reload and a reopened app, until Start Over or a sign-out (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md)", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  test.slow(); // three steps, each opened again, then a sign-out and a sign-in
  await page.setViewportSize({ width: 390, height: 844 });
  // A list like a person's by the third day, and two new tasks to ask about.
  const [first, second, ...listed] = REAL_LENGTH_TITLES;
  await createTasks(request, signedIn, listed);
  await page.goto("/");
  await textarea(page).fill(`${first}\n${second}`);
  await processButton(page).click();
  const questionsHeading = page.getByRole("heading", { name: "Let's prioritize your tasks" });
  await expect(questionsHeading).toBeVisible();
  await answer(page, first, "Is it urgent?", "Yes");
  const firstUrgent = card(page, first).getByRole("radiogroup", { name: "Is it urgent?" }).getByRole("radio", {
    name: "Yes",
  });
  await expect.poll(async () => (await apiTasks(request, signedIn)).length).toBe(REAL_LENGTH_TITLES.length);

  await page.reload();
  await expect(questionsHeading).toBeVisible();
  // The two just typed, not the whole list, with the answer given before the reload.
  await expect(page.getByRole("main").getByRole("group")).toHaveCount(2);
  await expect(firstUrgent).toHaveAttribute("aria-checked", "true");
  await screenshots(page, "questions-after-reload");

  // The app closed and opened again: a page of its own on the same device.
  await page.close();
  const app = await page.context().newPage();
  const reopenedErrors = collectConsoleErrors(app);
  await app.goto("/");
  await expect(app.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(app.getByRole("main").getByRole("group")).toHaveCount(2);
  await answer(app, second, "Is it important?", "Yes");
  await app.getByRole("button", { name: "Analyze Priorities" }).click();
  const resultsHeading = app.getByRole("heading", { name: "Your Priority Tasks" });
  await expect(resultsHeading).toBeVisible();
  const top = app.getByRole("heading", { level: 2 });
  await expect(top).toHaveText([first, second]);
  // The ranking of the Analyze, and its words, not every task by its saved answers.
  const lead = app.getByText("Based on your answers, these matter most today.", { exact: false });
  await expect(lead).toBeVisible();

  await app.reload();
  await expect(resultsHeading).toBeVisible();
  await expect(top).toHaveText([first, second]);
  await expect(lead).toBeVisible();
  await expect(app.getByRole("region", { name: "Remaining Tasks" })).toHaveCount(0);
  await screenshots(app, "results-after-reload");

  await app.getByRole("button", { name: "Organize Tasks" }).click();
  const boardHeading = app.getByRole("heading", { name: "Your Organized Tasks" });
  await expect(boardHeading).toBeVisible();
  await app.reload();
  await expect(boardHeading).toBeVisible();
  await expect(column(app, "Urgent").getByRole("listitem")).toHaveText([new RegExp(escapeRegExp(first))]);
  await app.getByRole("button", { name: "Back to Priorities" }).click();
  await expect(resultsHeading).toBeVisible();
  await expect(top).toHaveText([first, second]);

  // Start Over leaves the step: opened again, the screen is at the typing step.
  await app.getByRole("button", { name: "Start Over" }).first().click();
  const typingHeading = app.getByRole("heading", { name: "Daily Tasks & Thought Braindump" });
  await expect(typingHeading).toBeVisible();
  await app.reload();
  await expect(typingHeading).toBeVisible();

  // A sign-out forgets it: the next sign-in starts at the typing step.
  await currentTasks(app).getByRole("button", { name: "Prioritize" }).click();
  await expect(app.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(app.getByRole("main").getByRole("group")).toHaveCount(REAL_LENGTH_TITLES.length);
  await app.getByRole("link", { name: "Logout" }).click();
  await expect(app.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();
  await app.goto("/login");
  await app.getByLabel("Username or email").fill(signedIn.user.username);
  await app.getByLabel("Password").fill(PASSWORD);
  await app.getByRole("button", { name: "Sign in" }).click();
  await expect(typingHeading).toBeVisible();
  await expect(currentTasks(app)).toContainText(first);
  expect(consoleErrors).toEqual([]);
  expect(reopenedErrors).toEqual([]);
});

test("at 1280 px Start Fresh from another screen forgets the results left open: the braindump is back at the typing (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md)", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createTasks(request, signedIn, [...REAL_LENGTH_TITLES]);
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "View Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Done" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Start Fresh" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Start Fresh" }).click();
  await expect(shownToast(page, "Fresh Start", "All tasks and analytics have been completely reset.")).toBeVisible();
  await screenshots(page, "start-fresh-from-done");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Braindump & Prioritize" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(currentTasks(page)).toContainText("No current tasks");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
