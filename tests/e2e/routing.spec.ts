import type { APIRequestContext, Page } from "@playwright/test";
import {
  type Account,
  expect,
  PASSWORD,
  pageScrollY,
  registerViaApi,
  scrollPageTo,
  test,
  uniqueName,
} from "./fixtures";

async function addTask(request: APIRequestContext, account: Account, title: string): Promise<{ id: number }> {
  const res = await request.post("/api/tasks", {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { title },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Resolves once the browser has painted twice (scroll listeners have run). */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test("a protected page signed out goes through sign-in and comes back to it, query included", async ({
  page,
  request,
  consoleErrors: _,
}) => {
  const account = await registerViaApi(request);
  const task = await addTask(request, account, "Water the plants");
  await addTask(request, account, "Answer email");
  await page.goto(`/focus-timer?taskId=${task.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Username or email").fill(account.user.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page).toHaveURL(new RegExp(`/focus-timer\\?taskId=${task.id}$`));
  await expect(page.getByLabel("What will you focus on?")).toHaveValue(String(task.id));
  // The sign-in page was replaced: back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login$/);

  // Remembered once: signed in, the sign-in page leads to the priorities again.
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("creating an account after being sent to sign in also comes back to the page", async ({ page }) => {
  await page.goto("/no-list");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  const name = uniqueName();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Email").fill(`${name}@example.com`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/no-list$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: '"No" List' })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the not-found page keeps its two sentences and leads home, signed out and signed in", async ({
  page,
  request,
  consoleErrors: _,
}) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  // The app's header, as on every other page.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: /theme/i })).toBeVisible();
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();

  const account = await registerViaApi(request);
  await page.evaluate((token) => localStorage.setItem("auth_token", token), account.token);
  await page.goto("/Focus-Timer/nothing-here");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  // Signed in, the header's tabs lead anywhere from here.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Go home" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
});

test("a new page starts at the top; back and forward return to where each page was left", async ({
  page,
  signedIn,
  request,
  consoleErrors: _,
}) => {
  for (let i = 1; i <= 30; i++) await addTask(request, signedIn, `Task number ${i}`);
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto("/");
  await expect(page.getByText("Task number 30")).toBeVisible();
  await scrollPageTo(page, 700);
  await expect.poll(() => pageScrollY(page)).toBe(700);
  await nextFrames(page);

  // A tab clicked where it is (above the view): the next screen shows from its top.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: '"No" List' }).dispatchEvent("click");
  await expect(page.getByText("Task number 30")).toBeVisible();
  await expect(page).toHaveURL(/\/no-list$/);
  expect(await page.evaluate(() => document.getElementById("root")?.scrollHeight)).toBeGreaterThan(1200);
  await expect.poll(() => pageScrollY(page)).toBe(0);
  await scrollPageTo(page, 300);
  await expect.poll(() => pageScrollY(page)).toBe(300);
  await nextFrames(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => pageScrollY(page)).toBe(700);
  await page.goForward();
  await expect(page).toHaveURL(/\/no-list$/);
  await expect.poll(() => pageScrollY(page)).toBe(300);
});
