import type { Page } from "@playwright/test";
import { dayMove, liveDayOne, moveToDayTwo, openDevice, registerOnDayOne, TITLES } from "./day-two";
import { apiCall, expect, PASSWORD, registerViaApi, screenshots, test } from "./fixtures";

// Quick capture from anywhere (docs/product.md#quick-capture): the installed app is a share target
// and has an "Add tasks" shortcut, both opening the braindump. On a phone, as people share.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const NOTE_TEXT = "Buy oat milk and eggs for the weekend breakfast\nCall the plumber about the dripping kitchen tap";
const LINK = "https://notes.example.com/n/42";
const SHARED = `?title=Weekend%20list&text=${encodeURIComponent(NOTE_TEXT)}&url=${encodeURIComponent(LINK)}`;
const TYPED = "Renew the passport before booking the summer holiday";

const box = (page: Page) => page.getByLabel("What's on your mind?");

test("the manifest names the share target and the Add tasks shortcut", async ({ request }) => {
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
    share_target: { action: string; method: string; enctype: string; params: Record<string, string> };
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest.share_target).toEqual({
    action: "/braindump",
    method: "GET",
    enctype: "application/x-www-form-urlencoded",
    params: { title: "title", text: "text", url: "url" },
  });
  expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: "Add tasks", url: "/braindump?add" })]);
});

test("a share goes below what was typed; its title and link are only offered, and added when asked", async ({
  page,
  request,
  signedIn,
  consoleErrors: _,
}) => {
  // A list like a person's by the third day.
  for (const title of Object.values(TITLES)) await apiCall(request, signedIn, "POST", "/api/tasks", { title });
  await page.goto("/");
  await box(page).fill(TYPED);
  // The share arrives as another app opens the installed one: a page load of its own.
  await page.goto(`/braindump${SHARED}`);
  await expect(box(page)).toHaveValue(`${TYPED}\n${NOTE_TEXT}`);
  await expect(box(page)).toBeFocused();
  // Read once: a reload does not add it again.
  await expect(page).toHaveURL(/\/braindump$/);

  const offers = page.getByRole("region", { name: "Also in what you shared, not added:" });
  await expect(offers).toContainText("Title: Weekend list");
  await expect(offers).toContainText(`Link: ${LINK}`);
  await screenshots(page, "share-offers");
  await offers.getByRole("button", { name: "Add as a task: Weekend list" }).click();
  await expect(box(page)).toHaveValue(`${TYPED}\n${NOTE_TEXT}\nWeekend list`);
  await expect(box(page)).toBeFocused();
  await expect(offers.getByRole("button", { name: "Add as a task: Weekend list" })).toHaveCount(0);
  await offers.getByRole("button", { name: "Leave it out" }).click();
  await expect(offers).toHaveCount(0);
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue(`${TYPED}\n${NOTE_TEXT}\nWeekend list`);
});

test("a share while signed out: the sign-in screen says it is waiting, and it lands in the box after", async ({
  page,
  request,
}) => {
  const account = await registerViaApi(request);
  await page.goto(`/braindump${SHARED}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "What you shared is waiting: sign in and it goes into your braindump." }),
  ).toBeVisible();
  await screenshots(page, "share-signed-out");
  await page.getByLabel("Username or email").fill(account.user.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(box(page)).toHaveValue(NOTE_TEXT);
  await expect(box(page)).toBeFocused();
  await expect(page).toHaveURL(/\/braindump$/);
});

test("the sign-in screen says nothing of a share when none is waiting", async ({ page }) => {
  await page.goto("/braindump?add");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("What you shared is waiting", { exact: false })).toHaveCount(0);
});

test("the Add tasks shortcut opens the braindump with the keyboard in the box", async ({
  page,
  signedIn: _,
  consoleErrors: __,
}) => {
  await page.goto("/braindump?add");
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue("");
  await expect(page).toHaveURL(/\/braindump$/);
});

test("on a new day not yet planned, a share and the shortcut put the keyboard in the box, the plan waiting as the notice", async ({
  browser,
  request,
}) => {
  test.slow();
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  await liveDayOne(request, account);
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/braindump?add");
  await expect(page.getByText("A new day has begun.")).toBeVisible();
  await expect(box(page)).toBeFocused();
  await expect(page.getByRole("heading", { name: "Plan your day" })).toHaveCount(0);

  await page.goto(`/braindump${SHARED}`);
  await expect(box(page)).toHaveValue(NOTE_TEXT);
  await expect(page.getByText("A new day has begun.")).toBeVisible();
  await expect(box(page)).toBeFocused();
  await screenshots(page, "share-new-day");
  await close();
});
