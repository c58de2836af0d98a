import type { APIRequestContext, Page } from "@playwright/test";
import { type Account, authHeader, expect, screenshots, test } from "./fixtures";

type TaskBody = { id: number; title: string; category: string | null; answers: Record<string, unknown> };

async function createTasks(request: APIRequestContext, account: Account, titles: string[]) {
  const res = await request.post("/api/process-tasks", {
    headers: authHeader(account),
    data: { text: titles.join("\n") },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TaskBody[];
}

async function apiTasks(request: APIRequestContext, account: Account) {
  return (await (await request.get("/api/tasks", { headers: authHeader(account) })).json()) as TaskBody[];
}

const currentTasks = (page: Page) => page.getByRole("region", { name: "Current Tasks" });
const card = (page: Page, title: string) => page.getByRole("group", { name: title, exact: true });
const option = (page: Page, title: string, question: string, label: string) =>
  card(page, title).getByRole("radiogroup", { name: question }).getByRole("radio", { name: label, exact: true });

test("answers are saved as they are given and shown again after a reload and on another device", async ({
  page,
  browser,
  request,
  signedIn,
  consoleErrors,
}) => {
  test.slow(); // two browsers, a reload and two analyses
  await createTasks(request, signedIn, ["Pay rent", "Water plants"]);
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "Prioritize" }).click();
  await option(page, "Pay rent", "Is it urgent?", "Yes").click();
  await option(page, "Pay rent", "How much effort will it take?", "Small").click();
  await option(page, "Water plants", "Will it bring relief?", "No").click();
  // Chosen at once, saved without pressing anything else.
  await expect(option(page, "Pay rent", "Is it urgent?", "Yes")).toHaveAttribute("aria-checked", "true");
  await expect
    .poll(async () => (await apiTasks(request, signedIn)).map((t) => t.answers))
    .toEqual([{ urgent: true, effort: "Small" }, { relief: false }]);

  // Choosing the same value again clears it, on the server too.
  await option(page, "Water plants", "Will it bring relief?", "No").click();
  await expect.poll(async () => (await apiTasks(request, signedIn))[1]?.answers).toEqual({});

  // A reload comes back to the questions (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md),
  // with the answers as the server keeps them.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(option(page, "Water plants", "Will it bring relief?", "No")).toHaveAttribute("aria-checked", "false");
  await expect(option(page, "Pay rent", "Is it urgent?", "Yes")).toHaveAttribute("aria-checked", "true");
  await expect(option(page, "Pay rent", "How much effort will it take?", "Small")).toHaveAttribute(
    "aria-checked",
    "true",
  );

  // Another device (a second browser context, signed in with the same account).
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await other.newPage();
  await second.goto("/");
  await second.evaluate((token) => localStorage.setItem("auth_token", token), signedIn.token);
  await second.goto("/");
  // Its own step: the typing, where Prioritize shows the answers saved on the first.
  await currentTasks(second).getByRole("button", { name: "Prioritize" }).click();
  await expect(option(second, "Pay rent", "Is it urgent?", "Yes")).toHaveAttribute("aria-checked", "true");
  // Only the unanswered task needs an answer before Analyze.
  await second.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(second.getByText('Please answer at least some questions for "Water plants"')).toBeVisible();
  await option(second, "Water plants", "Is it important?", "Yes").click();
  await second.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(second.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test("the braindump step opens the results and the board without answering again", async ({
  page,
  request,
  signedIn,
}) => {
  const [rent, plants, email] = await createTasks(request, signedIn, ["Pay rent", "Water plants", "Reply to Sam"]);
  if (!rent || !plants || !email) throw new Error("no tasks");
  for (const [task, answers] of [
    [rent, { urgent: true, important: true }],
    [plants, { relief: true }],
  ] as const) {
    const res = await request.patch(`/api/tasks/${task.id}/answers`, { headers: authHeader(signedIn), data: answers });
    expect(res.status()).toBe(200);
  }
  await page.goto("/");
  await currentTasks(page).getByRole("button", { name: "View Priorities" }).click();
  await expect(page.getByRole("heading", { name: "Your Priority Tasks" })).toBeVisible();
  // Ranked by the saved answers, each score explained, the unanswered task too.
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards.first()).toContainText("Pay rent");
  await expect(cards.first()).toContainText("Score 9: Urgent, Important");
  await expect(page.getByText("Score 2: Provides relief/progress")).toBeVisible();
  await expect(page.getByText("Score 0: no answers yet")).toBeVisible();
  await screenshots(page, "answers-results");

  await page.getByRole("button", { name: "Start Over" }).click();
  await currentTasks(page).getByRole("button", { name: "Organize Tasks" }).click();
  await expect(page.getByRole("heading", { name: "Your Organized Tasks" })).toBeVisible();
  // Answered urgent and never placed: it is in Urgent.
  await expect(page.getByRole("region", { name: "Urgent", exact: true })).toContainText("Pay rent");
  await expect(page.getByRole("region", { name: "Later", exact: true })).toContainText("Water plants");
});

test("Ctrl+Enter in the braindump processes it", async ({ page, signedIn: _ }) => {
  await page.goto("/");
  const textarea = page.getByLabel("What's on your mind?");
  await textarea.fill("First thing\nSecond thing");
  await textarea.press("Control+Enter");
  await expect(page.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await expect(card(page, "Second thing")).toBeVisible();
});
