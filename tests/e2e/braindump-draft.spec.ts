import type { Page } from "@playwright/test";
import { TITLES } from "./day-two";
import { type Account, apiCall, expect, PASSWORD, registerViaApi, screenshots, test } from "./fixtures";

// Typed words are kept (docs/decisions/240-braindump-draft-kept-on-the-device.md): the braindump's
// text not yet processed stays on the device, per person, until it is processed or cleared. On a
// phone, where the app is closed and reopened all day.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const DRAFT = [
  "Renew the car insurance before the end of the month",
  "Pick up the dry cleaning on the way home on Friday",
  "Ask Priya for the notes from the planning meeting",
].join("\n");

const box = (page: Page) => page.getByLabel("What's on your mind?");

async function signInWithForm(page: Page, account: Account) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(account.user.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
}

async function logout(page: Page) {
  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();
}

test("text typed and not processed comes back after a reload and after the app is closed", async ({
  page,
  request,
  signedIn,
  consoleErrors: _,
}) => {
  // A list like a person's by the third day.
  for (const title of Object.values(TITLES)) await apiCall(request, signedIn, "POST", "/api/tasks", { title });
  await page.goto("/");
  await box(page).fill(DRAFT);
  await page.reload();
  await expect(box(page)).toHaveValue(DRAFT);
  await screenshots(page, "braindump-draft");

  // The app closed and opened again: a page of its own on the same device.
  await page.close();
  const reopened = await page.context().newPage();
  await reopened.goto("/");
  await expect(box(reopened)).toHaveValue(DRAFT);

  // Processed, the draft is gone. Opened again, the page is back on the questions
  // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md), and the device keeps no
  // text: leaving them, the box is empty, also after a reload.
  await reopened.getByRole("button", { name: "Process & Continue" }).click();
  await expect(reopened.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  await reopened.goto("/");
  await expect(reopened.getByRole("heading", { name: "Let's prioritize your tasks" })).toBeVisible();
  expect(await reopened.evaluate((key) => localStorage.getItem(key), `braindump-draft:${signedIn.user.id}`)).toBeNull();
  await reopened.getByRole("button", { name: "Start Over" }).click();
  await expect(reopened.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
  await expect(box(reopened)).toHaveValue("");
  await reopened.reload();
  await expect(box(reopened)).toHaveValue("");
});

test("a box emptied by hand forgets the draft", async ({ page, signedIn: _, consoleErrors: __ }) => {
  await page.goto("/");
  await box(page).fill(DRAFT);
  await page.reload();
  await expect(box(page)).toHaveValue(DRAFT);
  await box(page).fill("");
  await page.reload();
  await expect(box(page)).toHaveValue("");
});

test("the draft is its person's: another account signing in on the device never sees it", async ({
  page,
  request,
  consoleErrors: _,
}) => {
  const [owner, other] = [await registerViaApi(request), await registerViaApi(request)];
  await signInWithForm(page, owner);
  await box(page).fill(DRAFT);
  await logout(page);

  await signInWithForm(page, other);
  await expect(box(page)).toHaveValue("");
  await box(page).fill("Water the plants and repot the fig by the south window");
  await logout(page);

  // Kept across a sign-out of this device, like the person's changes waiting to be sent.
  await signInWithForm(page, owner);
  await expect(box(page)).toHaveValue(DRAFT);
});

test("deleting the account forgets its draft on the device", async ({ page, signedIn, consoleErrors: _ }) => {
  await page.goto("/");
  await box(page).fill(DRAFT);
  const draftKey = `braindump-draft:${signedIn.user.id}`;
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), draftKey)).toBe(DRAFT);

  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await dialog.getByLabel(/to confirm/).fill(signedIn.user.username);
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account forever" }).click();
  await expect(page.getByText("Account deleted")).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), draftKey)).toBeNull();
});
