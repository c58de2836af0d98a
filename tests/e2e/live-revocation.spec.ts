import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { type Account, apiCall, expect, PASSWORD, screenshots, signInPage, test } from "./fixtures";

/** Another device of the same person: its own browser context and its own sign-in session. */
async function otherDevice(browser: Browser, account: Account, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/login", {
    data: { login: account.user.username, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await signInPage(page, { ...account, token });
  return page;
}

/** Counts the live sockets a page opens, so a test can tell that it stopped reconnecting. */
function countLiveSockets(page: Page) {
  const opened = { count: 0 };
  page.on("websocket", (ws) => {
    if (ws.url().includes("/api/live")) opened.count += 1;
  });
  return opened;
}

/** The phone, signed in on its own, showing `path` with its live channel open. */
async function phoneOn(browser: Browser, account: Account, path: string, heading: string) {
  const phone = await otherDevice(browser, account, "Mozilla/5.0 (iPhone) Phone of the test");
  const sockets = countLiveSockets(phone);
  await phone.goto(path);
  await expect(phone.getByRole("heading", { name: heading })).toBeVisible();
  await expect.poll(() => sockets.count).toBe(1);
  return { phone, sockets };
}

test("a device signed out from another one leaves at once for the signed-out screen", async ({
  page,
  browser,
  signedIn,
}) => {
  const { phone, sockets: phoneSockets } = await phoneOn(browser, signedIn, "/focus-timer", "One-Thing Focus Timer");

  await page.goto("/settings");
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await devices
    .getByRole("button", { name: /^Sign out / })
    .first()
    .click();

  // No reload and no click on the phone: the hub closed its socket (4401), it checked who is
  // signed in, and the protected route sent it to sign in.
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole("button", { name: "Sign in" })).toBeVisible();
  // It did not try the revoked session's socket again.
  expect(phoneSockets.count).toBe(1);
  // This device is still signed in.
  await expect(page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem")).toHaveCount(1);
  await phone.context().close();
});

test("a device signed out by a password change lands on the sign-in screen saying why, from the home page too", async ({
  page,
  browser,
  signedIn,
}) => {
  const { phone } = await phoneOn(browser, signedIn, "/", "Daily Tasks & Thought Braindump");

  // The password changed on this device, through its Settings.
  await page.goto("/settings");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
  await page.getByLabel("Repeat new password").fill("a brand new passphrase");
  await page.getByRole("button", { name: "Change password", exact: true }).click();
  await expect(page.getByText("Signed out of 1 other device.")).toBeVisible();

  await expect(phone).toHaveURL(/\/login$/);
  const why = phone.getByRole("status").filter({ hasText: "Your password was changed on another device" });
  await expect(why).toHaveText(
    "Your password was changed on another device, so this device was signed out. Sign in with the new password.",
  );
  // Said once: a reload of the sign-in screen does not repeat it.
  await phone.reload();
  await expect(phone.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(why).toHaveCount(0);
  await phone.context().close();
});

test("a second tab of the same sign-in follows a logout made in the first", async ({ page, signedIn }) => {
  const tab = await page.context().newPage();
  await signInPage(tab, signedIn);
  const tabSockets = countLiveSockets(tab);
  await page.goto("/");
  await tab.goto("/no-list");
  await expect(tab.getByRole("heading", { name: 'Daily "No" List Builder' })).toBeVisible();
  await expect.poll(() => tabSockets.count).toBe(1);

  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(tab).toHaveURL(/\/login$/);
  expect(tabSockets.count).toBe(1);
});

// docs/decisions/177-signed-out-told-why.md: a device that was away (no live channel) hears the
// reason from the 401 of its first request after a reload.
for (const { name, end, text } of [
  {
    name: "a password change",
    end: (request: APIRequestContext, account: Account) =>
      apiCall(request, account, "POST", "/api/account/password", {
        currentPassword: PASSWORD,
        newPassword: "a brand new passphrase",
      }),
    text: "Your password was changed on another device, so this device was signed out. Sign in with the new password.",
  },
  {
    name: "a sign-out everywhere",
    end: (request: APIRequestContext, account: Account) => apiCall(request, account, "DELETE", "/api/account/sessions"),
    text: "You signed out of every other device from one of your devices, so this device was signed out. Sign in again to continue.",
  },
]) {
  test(`a device away during ${name} says why after a reload`, async ({ page, browser, signedIn }) => {
    const phone = await otherDevice(browser, signedIn, "Mozilla/5.0 (iPhone) Phone of the test");
    await phone.goto("/");
    await expect(phone.getByRole("heading", { name: "Daily Tasks & Thought Braindump" })).toBeVisible();
    // The phone is away: its tab holds no live channel while the session ends elsewhere.
    await phone.goto("about:blank");
    await end(page.request, signedIn);

    await phone.goto("/");
    await expect(phone).toHaveURL(/\/login$/);
    await expect(phone.getByRole("status").filter({ hasText: "this device was signed out" })).toHaveText(text);
    await expect(phone.getByRole("button", { name: "Sign in" })).toBeVisible();
    await screenshots(phone, `sign-in-why-${name.replaceAll(" ", "-")}`);
    await phone.context().close();
  });
}
