import type { Page, Route } from "@playwright/test";
import { addTaskViaApi, closeToast, expect, screenshots, shownToast, test } from "./fixtures";

const toggle = (page: Page) => page.getByRole("button", { name: /AI task suggestions/ });
const panel = (page: Page) => page.getByRole("dialog", { name: "AI Task Suggestions" });

test("ask for suggestions, add one to the task list, close with Escape", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  const panelChunks: string[] = [];
  page.on("request", (req) => {
    if (/suggestion-panel.*\.js/.test(req.url())) panelChunks.push(req.url());
  });
  await page.goto("/");
  await expect(toggle(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // Only the button ships with the page; the panel's code loads on first use.
  expect(panelChunks).toEqual([]);
  await screenshots(page, "suggestions-button");

  await toggle(page).click();
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  expect(panelChunks.length).toBeGreaterThan(0);
  const prompt = dialog.getByLabel("What's on your mind?");
  await expect(prompt).toBeFocused();

  // A blank prompt is refused with the spec's toast.
  await prompt.fill("   ");
  await dialog.getByRole("button", { name: "Get Task Suggestions" }).click();
  await expect(
    shownToast(page, "Please enter a prompt", "Tell us about your goals or what you need to do."),
  ).toHaveAttribute("data-type", "error");
  await closeToast(page, "Please enter a prompt");

  // Hold the answer to see the waiting state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/ai/task-suggestions", async (route) => {
    await held;
    await route.continue();
  });
  await prompt.fill("I need to call the bank and book the dentist. Also get fit!");
  await dialog.getByRole("button", { name: "Get Task Suggestions" }).click();
  await expect(dialog.getByRole("button", { name: "Generating suggestions..." })).toBeVisible();
  release();

  await closeToast(page, "Suggestions ready", "Click the + button to add any suggestions to your task list.");
  const list = dialog.getByRole("list", { name: "Suggestions" });
  // docs/product.md#ai-suggestion-widget: the list scrolls within about 15rem.
  expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).overflowY])).toEqual([
    "240px",
    "auto",
  ]);
  await expect(list.getByRole("listitem")).toHaveText([
    "Call the bank",
    "Book the dentist",
    "Pick three workout days this week",
    "Take a 20-minute walk today",
    "Lay out your workout clothes tonight",
  ]);
  await expect(dialog.getByText("Suggestions are generated on our server without an AI model.")).toBeVisible();
  await screenshots(page, "suggestions-panel");

  await dialog.getByRole("button", { name: "Add Call the bank" }).click();
  await closeToast(page, "Task added", "The suggested task has been added to your list.");
  // The braindump lists behind the panel show it at once, with no reload.
  await expect(page.getByRole("region", { name: "Current Tasks" })).toContainText("Call the bank");
  await expect(dialog.getByRole("img", { name: "Added Call the bank" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add Call the bank" })).toHaveCount(0);
  await screenshots(page, "suggestions-added");

  const tasks = await request.get("/api/tasks", { headers: { Authorization: `Bearer ${signedIn.token}` } });
  expect(tasks.status()).toBe(200);
  const titles = ((await tasks.json()) as { title: string; description: string | null; isPriority: boolean }[]).filter(
    (task) => task.title === "Call the bank",
  );
  expect(titles).toHaveLength(1);
  expect(titles[0]).toMatchObject({ description: null, isPriority: false });

  // Escape closes the panel and puts focus back on the floating button.
  await dialog.getByRole("button", { name: "Add Book the dentist" }).focus();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toggle(page)).toBeFocused();
  await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");

  // Reopening keeps what was there; the close button also returns focus.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Added Call the bank" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle(page)).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("no suggestions, a failing request and a failing add each say so", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  await toggle(page).click();
  const dialog = panel(page);
  const prompt = dialog.getByLabel("What's on your mind?");
  const ask = dialog.getByRole("button", { name: "Get Task Suggestions" });

  // Nothing it knows steps for: said so, and why, with what to do instead; no filler
  // (docs/decisions/231-never-filler.md). The toast keeps the product's words.
  const empty = dialog.getByTestId("suggestion-empty");
  await prompt.fill("purple monkey dishwasher");
  await ask.click();
  await closeToast(page, "No suggestions found", "Try being more specific about your tasks or goals.");
  await expect(dialog.getByRole("list", { name: "Suggestions" })).toHaveCount(0);
  await expect(empty).toHaveText(
    "No suggestions found. Our built-in generator (no AI model is connected here) knows steps only for common goals, and none for this. Name one goal in a sentence, like “prepare for Friday's interview”, or list your tasks one per line.",
  );
  await expect(empty.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(dialog.getByTestId("suggestion-source")).toHaveCount(0);
  await screenshots(page, "suggestions-none");

  // A language it cannot read: said as that.
  await prompt.fill("Je dois préparer un entretien d'embauche pour lundi");
  await ask.click();
  await closeToast(page, "No suggestions found", "Try being more specific about your tasks or goals.");
  await expect(empty).toHaveText(
    "No suggestions found. Our built-in generator (no AI model is connected here) reads only English. Write your goal in English, or list your tasks one per line.",
  );
  await screenshots(page, "suggestions-language");

  await page.route("**/api/ai/task-suggestions", (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: '{"message":"The suggestion service failed."}',
    }),
  );
  await prompt.fill("get fit");
  await ask.click();
  await expect(
    shownToast(page, "Failed to get suggestions", "Please try again later or be more specific."),
  ).toHaveAttribute("data-type", "error");
  await closeToast(page, "Failed to get suggestions");
  await page.unroute("**/api/ai/task-suggestions");

  await ask.click();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Pick three workout days this week",
    "Take a 20-minute walk today",
    "Lay out your workout clothes tonight",
    "Book a class at a local gym",
    "Track each workout in your calendar",
  ]);
  await page.route("**/api/tasks", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Something went wrong."}' })
      : route.continue(),
  );
  await dialog.getByRole("button", { name: "Add Track each workout in your calendar" }).click();
  await expect(
    shownToast(page, "Failed to add task", "There was an error adding your task. Please try again."),
  ).toHaveAttribute("data-type", "error");
  // Still there to try again.
  await expect(dialog.getByRole("button", { name: "Add Track each workout in your calendar" })).toBeVisible();
  await page.unroute("**/api/tasks");
  await closeToast(page, "Failed to add task");

  // The daily limit's own words.
  await page.route("**/api/ai/task-suggestions", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({
        message: "You have used today's 50 AI suggestions. They start again tomorrow; until then, add tasks yourself.",
      }),
    }),
  );
  await ask.click();
  await expect(shownToast(page, "Failed to get suggestions", "You have used today's 50 AI suggestions.")).toBeVisible();
});

// Real-length titles of a full day, for the screenshots: 40 to 60 characters each.
const DAY = [
  "Finish the quarterly budget review for the finance team",
  "Call the landlord about the leaking kitchen tap again",
  "Book the car in for its annual service and MOT check",
  "Reply to Sam's email about the conference travel plans",
  "Pick up the dry cleaning before the shop closes at six",
  "Send the signed contract back to the new design agency",
  "Buy a birthday present for Grandma and post it by Friday",
  "Renew the home insurance before the current policy ends",
  "Prepare slides for Thursday's product roadmap meeting",
  "Sort the receipts from last month into the expense sheet",
  "Water the tomato plants and tie up the tallest ones",
  "Research flights and hotels for the October family trip",
];

test("the panel names which one answered, shows one good line as it is, and says when the model failed", async ({
  page,
  request,
  signedIn,
}) => {
  for (const title of DAY) await addTaskViaApi(request, signedIn, { title });
  await addTaskViaApi(request, signedIn, { title: "Check passport expiry date", category: "no_list" });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Current Tasks" })).toContainText(DAY[11] ?? "");
  await toggle(page).click();
  const dialog = panel(page);
  const prompt = dialog.getByLabel("What's on your mind?");
  const ask = dialog.getByRole("button", { name: "Get Task Suggestions" });
  const source = dialog.getByTestId("suggestion-source");

  // The real server on this machine: the embedded generator, which leaves out the No-list item.
  await prompt.fill("plan a trip to Japan");
  await ask.click();
  await expect(shownToast(page, "Suggestions ready")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Check visa and entry rules for Japan",
    "Compare flights to Japan for your dates",
    "List three neighbourhoods to stay in",
    "Set a daily budget for the trip",
    "Shortlist five things to do in Japan",
  ]);
  await expect(source).toHaveText("Suggestions are generated on our server without an AI model.");
  // Where the toast (bottom centre) and the panel (bottom right) can meet, the toast stays below
  // the panel, so it never hides the list's end or the line naming the provider.
  const toast = shownToast(page, "Suggestions ready");
  for (const width of [360, 390, 640, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // The toast takes its place in the frame after the resize: read until it has, not at once.
    await expect
      .poll(
        async () => {
          const [box, note] = [await dialog.boundingBox(), await toast.boundingBox()];
          if (!box || !note) return "the panel or the toast is not on screen";
          const apart = note.x >= box.x + box.width || note.x + note.width <= box.x || note.y >= box.y + box.height;
          return apart ? "apart" : "the toast covers the panel";
        },
        { message: `at ${width} px` },
      )
      .toBe("apart");
    const box = await dialog.boundingBox();
    if (!box) throw new Error("the panel is not on screen");
    // On a phone the panel opens below the header, so the tabs stay in reach.
    if (width < 640) {
      const tabs = await page.getByRole("navigation", { name: "Main" }).boundingBox();
      expect(box.y, `at ${width} px the panel covers the tabs`).toBeGreaterThanOrEqual(
        (tabs?.y ?? 0) + (tabs?.height ?? 0),
      );
    }
  }
  // The toast first: taking the screenshots can outlast it.
  await closeToast(page, "Suggestions ready");
  await screenshots(page, "suggestions-local");

  // Deployed answers, as the server gives them there (Workers AI cannot run on this machine).
  const answer = (body: object) => (route: Route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(body) });
  await page.route(
    "**/api/ai/task-suggestions",
    answer({
      suggestions: ["Check visa rules for Japan", "Compare Tokyo and Kyoto hotels", "Book a JR Pass"],
      provider: "workers-ai",
    }),
  );
  await ask.click();
  await expect(shownToast(page, "Suggestions ready")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Check visa rules for Japan",
    "Compare Tokyo and Kyoto hotels",
    "Book a JR Pass",
  ]);
  await expect(source).toHaveText("Suggested by Workers AI.");
  await closeToast(page, "Suggestions ready");
  await screenshots(page, "suggestions-workers-ai");

  // One good line: shown as it is, nothing added to it (docs/decisions/231-never-filler.md).
  await page.unroute("**/api/ai/task-suggestions");
  await page.route(
    "**/api/ai/task-suggestions",
    answer({ suggestions: ["Check visa rules for Japan"], provider: "workers-ai", kind: "suggestions" }),
  );
  await ask.click();
  await expect(shownToast(page, "Suggestions ready")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText(["Check visa rules for Japan"]);
  await expect(source).toHaveText("Suggested by Workers AI.");
  await closeToast(page, "Suggestions ready");
  await screenshots(page, "suggestions-one-line");

  // The model failed: said so, nothing in its place, and a button to try again.
  const empty = dialog.getByTestId("suggestion-empty");
  for (const [failure, what] of [
    ["failed", "Workers AI did not answer."],
    ["timeout", "Workers AI did not answer in time."],
    ["unusable", "Workers AI's answer had no steps we could show."],
  ] as const) {
    await page.unroute("**/api/ai/task-suggestions");
    await page.route(
      "**/api/ai/task-suggestions",
      answer({ suggestions: [], provider: "workers-ai", kind: "none", failure }),
    );
    await ask.click();
    await expect(
      shownToast(page, "Failed to get suggestions", "Please try again later or be more specific."),
    ).toHaveAttribute("data-type", "error");
    await expect(dialog.getByRole("list", { name: "Suggestions" })).toHaveCount(0);
    await expect(empty).toContainText(
      `Failed to get suggestions. ${what} Nothing was made up in its place: try again.`,
    );
    // Nothing was suggested: no line says "Suggested by".
    await expect(source).toHaveCount(0);
    await closeToast(page, "Failed to get suggestions");
    if (failure === "failed") await screenshots(page, "suggestions-failed");
  }

  // Trying again asks once more, and shows what the model answers this time.
  await page.unroute("**/api/ai/task-suggestions");
  const again: unknown[] = [];
  await page.route("**/api/ai/task-suggestions", (route) => {
    again.push(route.request().postDataJSON());
    return answer({
      suggestions: ["Check visa rules for Japan", "Compare Tokyo and Kyoto hotels", "Book a JR Pass"],
      provider: "workers-ai",
      kind: "suggestions",
    })(route);
  });
  await empty.getByRole("button", { name: "Try again" }).click();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Check visa rules for Japan",
    "Compare Tokyo and Kyoto hotels",
    "Book a JR Pass",
  ]);
  expect(again).toEqual([{ prompt: "plan a trip to Japan", useTasks: true }]);
});

test("a list is offered as tasks, and the panel says the task titles are sent, with a setting to keep them out", async ({
  page,
  request,
  signedIn,
}) => {
  for (const title of DAY) await addTaskViaApi(request, signedIn, { title });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Current Tasks" })).toContainText(DAY[11] ?? "");
  await toggle(page).click();
  const dialog = panel(page);
  const share = dialog.getByRole("checkbox", { name: "Send my open task titles too, to tailor the suggestions" });
  await expect(share).toBeChecked();

  const sent: unknown[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/ai/task-suggestions")) sent.push(req.postDataJSON());
  });
  // The real server: a list of tasks comes back as those tasks, typos in the verb forgiven.
  await dialog.getByLabel("What's on your mind?").fill("cal the plumber, by milk, finsh the slides for Thursday");
  await dialog.getByRole("button", { name: "Get Task Suggestions" }).click();
  await expect(shownToast(page, "These look like tasks")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "These look like tasks: add them?" })).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Call the plumber",
    "Buy milk",
    "Finish the slides for Thursday",
  ]);
  await screenshots(page, "suggestions-tasks");
  expect(sent).toEqual([{ prompt: "cal the plumber, by milk, finsh the slides for Thursday", useTasks: true }]);

  // Kept out: the next request says so, and the choice stays after a reload.
  await share.uncheck();
  await dialog.getByRole("button", { name: "Get Task Suggestions" }).click();
  await expect.poll(() => sent.length).toBe(2);
  expect(sent[1]).toEqual({ prompt: "cal the plumber, by milk, finsh the slides for Thursday", useTasks: false });
  await page.reload();
  await toggle(page).click();
  await expect(
    panel(page).getByRole("checkbox", { name: "Send my open task titles too, to tailor the suggestions" }),
  ).not.toBeChecked();
});
