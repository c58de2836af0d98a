import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { shiftPageClock } from "./run-clock";
import { runPlace } from "./run-place";

export const PASSWORD = "correct horse battery";

/** Task titles of the length people write (40–60 characters), for screens with a full list. */
export const REAL_LENGTH_TITLES = [
  "Finish the Q3 budget report (due tomorrow 10am)",
  "Renew car insurance (policy A-2291) by Friday",
  "Book the venue for Anna's wedding reception",
  "Reply to the landlord about the broken boiler",
  "Prepare slides for Monday's planning meeting",
  "Call the dentist to move the cleaning appointment",
  "Order a birthday present for Dad before Sunday",
  "Review Sam's pull request on the export feature",
  "Pay the electricity bill and file the receipt",
  "Plan the team offsite agenda with two options",
  "Sort the photos from the summer holiday trip",
] as const;

export type Account = { token: string; user: { id: string; username: string; email: string } };

export function uniqueName(prefix = "user") {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Registers through the API (fast set-up for tests that are not about registering), in the run's
 * place unless the test names another zone: there the run cannot cross a day's start
 * (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).
 */
export async function registerViaApi(
  request: APIRequestContext,
  name = uniqueName(),
  timeZone = runPlace().timeZone,
): Promise<Account> {
  const res = await request.post("/api/auth/register", {
    data: { username: name, email: `${name}@example.com`, password: PASSWORD, timeZone },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Account;
}

/** A task as GET /api/tasks answers it (the fields the browser tests look at). */
export type ApiTask = {
  id: number;
  title: string;
  category: string | null;
  isCompleted: boolean;
  isPriority: boolean;
  noListReason: string | null;
};

export const authHeader = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/**
 * Creates a task through the API (set-up). A hidden ("[REMOVED]") one is made as the brief's clear
 * makes one, by renaming a task: a new title cannot carry the marker
 * (docs/decisions/174-removed-marker-in-new-titles.md).
 */
export async function addTaskViaApi(
  request: APIRequestContext,
  account: Account,
  data: Record<string, unknown>,
): Promise<ApiTask> {
  const title = String(data.title ?? "");
  if (title.includes("[REMOVED]")) {
    const created = await addTaskViaApi(request, account, { ...data, title: title.replace("[REMOVED]", "hidden") });
    return (await apiCall(request, account, "PATCH", `/api/tasks/${created.id}`, { title })) as ApiTask;
  }
  const res = await request.post("/api/tasks", { headers: authHeader(account), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiTask;
}

/** Any API call as the account, expecting a 2xx; answers the parsed JSON body. */
export async function apiCall(
  request: APIRequestContext,
  account: Account,
  method: string,
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(path, {
    method,
    headers: authHeader(account),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The account's visible tasks, as the server has them. */
export async function listTasksViaApi(request: APIRequestContext, account: Account) {
  const res = await request.get("/api/tasks", { headers: authHeader(account) });
  expect(res.status()).toBe(200);
  return (await res.json()) as ApiTask[];
}

/** Puts the account's token where the app keeps it, before any page script runs. */
export async function signInPage(page: Page, account: Account) {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem("e2e-signed-in")) {
      localStorage.setItem("auth_token", token);
      sessionStorage.setItem("e2e-signed-in", "1");
    }
  }, account.token);
}

/** A made-up client address, so each test has its own budget at the per-address auth limiter. */
export function testClientAddress() {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${part()}.${part()}`;
}

/** The page's console errors and uncaught errors from now on (the list fills as they come). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    // Network-level messages the browser logs on its own (a refused request, a socket cut by a
    // navigation such as Logout) are not page errors; the app's handling of them is tested.
    const networkNoise = /status of 401|Failed to load resource|WebSocket connection to .* failed/;
    if (msg.type() === "error" && !networkNoise.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** Fails the test on any console error or CSP violation on the page. */
export const test = base.extend<
  { signedIn: Account; consoleErrors: string[]; accountTimeZone: string },
  { pageClocks: undefined }
>({
  // Every page runs on the run's clock (tests/e2e/run-clock.ts): the test's own context's and those
  // a test opens itself (a second device, a phone).
  pageClocks: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await shiftPageClock(context);
        return context;
      };
      await use(undefined);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await shiftPageClock(context);
    await use(context);
  },
  // The zone of the `signedIn` account: the run's place, unless a test's subject is another zone.
  accountTimeZone: [runPlace().timeZone, { option: true }],
  // Locally, workerd keeps a CF-Connecting-IP the client sends (Cloudflare's edge overwrites it),
  // so parallel tests do not share one address's sign-in rate limit.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": testClientAddress() });
  },
  consoleErrors: async ({ page }, use) => {
    const errors = collectConsoleErrors(page);
    await use(errors);
    expect(errors, "console errors").toEqual([]);
  },
  signedIn: async ({ page, request, accountTimeZone }, use) => {
    const account = await registerViaApi(request, uniqueName(), accountTimeZone);
    await signInPage(page, account);
    await use(account);
  },
});

export { expect };

/**
 * Switches the theme the way the app itself follows a choice made in another tab: the stored
 * preference plus a storage event, so the class on <html>, the header toggle and the toasts all follow.
 */
export async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((t) => {
    const oldValue = localStorage.getItem("theme");
    localStorage.setItem("theme", t);
    window.dispatchEvent(new StorageEvent("storage", { key: "theme", oldValue, newValue: t }));
  }, theme);
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** Screenshots for people to look at: light and dark, narrow and wide. */
export async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await setTheme(page, theme);
    for (const [label, width] of [
      ["phone", 360],
      ["narrow", 390],
      ["wide", 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.screenshot({
        path: `tests/e2e/.artifacts/${name}-${theme}-${label}.png`,
        fullPage: true,
        style: WHOLE_PAGE,
      });
    }
  }
}

/**
 * The page scrolls in #root (docs/decisions/376-the-page-ends-above-the-toast.md): for a whole-page
 * screenshot it grows to its content, so the document is as long as the page.
 */
const WHOLE_PAGE = "body > #root:first-child { height: auto; overflow: visible; }";

/**
 * The toast on screen with this title (and description). The app shows one toast at a time: a new
 * one replaces it at once.
 */
export function shownToast(page: Page, title: string, description?: string) {
  let locator = page
    .locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])')
    .filter({ hasText: title });
  if (description) locator = locator.filter({ hasText: description });
  return locator;
}

/**
 * Checks the toast is on screen, then closes it with its close button, so the next one shows.
 * The click is dispatched without moving focus: when focus leaves a toast, the toast library hands
 * it back to the element focused before, which would race the test's next step (e.g. a fill).
 */
export async function closeToast(page: Page, title: string, description?: string) {
  const toast = shownToast(page, title, description);
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Close toast" }).dispatchEvent("click");
  await expect(toast).toHaveCount(0);
}

/**
 * After a keyboard drag is picked up: dnd-kit attaches its arrow-key listener in a zero-delay
 * timer, which a busy page may run after the "Picked up" announcement has rendered. One turn of
 * the page's timer queue later it is listening, so the next key press is not lost.
 */
export async function keyboardDragReady(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The colour of one pixel of a PNG, read by a blank page's canvas (the app's CSP stays as it is). */
async function pixelOf(page: Page, png: Buffer, x: number, y: number): Promise<number[]> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(
      async ({ b64, x, y }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.width;
        canvas.height = img.height;
        const context = canvas.getContext("2d");
        context?.drawImage(img, 0, 0);
        return Array.from(context?.getImageData(x, y, 1, 1).data ?? []).slice(0, 3);
      },
      { b64: png.toString("base64"), x: Math.round(x), y: Math.round(y) },
    );
  } finally {
    await blank.close();
  }
}

/**
 * How far (largest channel difference, 0–255) the middle of a control is from the background just
 * beside it, as drawn on screen: an unchecked checkbox or radio is an outline, so nearly 0.
 */
export async function middleAgainstBackground(page: Page, control: Locator): Promise<number> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error("the control is not on screen");
  const gap = 6;
  const png = await page.screenshot({
    clip: { x: box.x - gap, y: box.y, width: box.width + gap, height: box.height },
  });
  const background = await pixelOf(page, png, 1, box.height / 2);
  const middle = await pixelOf(page, png, gap + box.width / 2, box.height / 2);
  return Math.max(...middle.map((value, i) => Math.abs(value - (background[i] ?? 0))));
}

/**
 * The page scrolls in #root, not the window: it ends above a toast while one shows
 * (docs/decisions/376-the-page-ends-above-the-toast.md). Its scroll position, from the top.
 */
export function pageScrollY(page: Page): Promise<number> {
  return page.evaluate(() => document.getElementById("root")?.scrollTop ?? 0);
}

/** Scrolls the page (#root) to `y` from its top, or to its end. */
export async function scrollPageTo(page: Page, y: number | "end") {
  await page.evaluate((to) => {
    const root = document.getElementById("root");
    if (root) root.scrollTop = to === "end" ? root.scrollHeight : to;
  }, y);
}
