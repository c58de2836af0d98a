import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  closeToast,
  expect,
  middleAgainstBackground,
  PASSWORD,
  registerViaApi,
  screenshots,
  shownToast,
  test,
  uniqueName,
} from "./fixtures";

// These tests are about the stored zone itself (UTC, the zone of an account that named none) and
// look at no day, so their accounts stay there, with browsers that agree unless a test is about a
// device in another zone (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).
test.use({ accountTimeZone: "UTC", timezoneId: "UTC" });

async function openSettings(page: Page) {
  await page.goto("/");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

async function currentUser(request: APIRequestContext, token: string) {
  const res = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { username: string; email: string; timeZone: string; defaultFocusMinutes: number };
}

async function signInElsewhere(request: APIRequestContext, login: string, userAgent: string, password = PASSWORD) {
  const res = await request.post("/api/auth/login", {
    data: { login, password },
    headers: { "User-Agent": userAgent },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const loginStatus = async (request: APIRequestContext, login: string, password: string) =>
  (await request.post("/api/auth/login", { data: { login, password } })).status();

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

test("the gear opens settings; the profile saves, and a taken username is a field error", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  const other = await registerViaApi(request);
  await openSettings(page);
  await screenshots(page, "settings");
  const profile = page.getByRole("form", { name: "Profile" });
  await expect(profile.getByLabel("Username")).toHaveValue(signedIn.user.username);

  await profile.getByLabel("Username").fill(other.user.username);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("That username is already taken.")).toBeVisible();
  await expect(profile.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Could not save your profile")).toBeVisible();

  await profile.getByLabel("Email").fill("not an email");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Enter a valid email address.")).toBeVisible();

  const newName = uniqueName("renamed");
  await profile.getByLabel("First name").fill("Ada");
  await profile.getByLabel("Last name").fill("Lovelace");
  await profile.getByLabel("Username").fill(newName);
  await profile.getByLabel("Email").fill(`${newName}@Example.com`);
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await expect(profile.getByLabel("Email")).toHaveValue(`${newName}@example.com`);
  await expect(profile.getByText("That username is already taken.")).toHaveCount(0);

  const saved = await currentUser(request, signedIn.token);
  expect(saved).toMatchObject({ username: newName, email: `${newName}@example.com` });
  await page.reload();
  await expect(profile.getByLabel("First name")).toHaveValue("Ada");
  await expect(profile.getByLabel("Username")).toHaveValue(newName);
  expect(consoleErrors).toEqual([]);
});

test.describe("time zone", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("defaults to this device's zone while the stored one is UTC, and saves", async ({ page, request, signedIn }) => {
    await openSettings(page);
    const form = page.getByRole("form", { name: "Time zone and focus" });
    const zone = form.getByLabel("Time zone");
    await expect(zone).toHaveValue("Europe/Berlin");
    // Each zone with its offset: the chosen one's at once, the others' worked out after the screen painted.
    await expect(zone.locator("option:checked")).toHaveText(/^Europe\/Berlin \(GMT\+0[12]:00\)$/);
    await expect(zone.locator('option[value="Asia/Tokyo"]')).toHaveText("Asia/Tokyo (GMT+09:00)");
    await expect(zone.locator('option[value="America/New_York"]')).toHaveText(/^America\/New York \(GMT-0[45]:00\)$/);
    await expect(form.getByText("Detected from this device. Save to use it.")).toBeVisible();
    await expect(form.getByRole("button", { name: /Use this device's time zone/ })).toHaveCount(0);

    await zone.selectOption("Asia/Tokyo");
    await form.getByRole("button", { name: "Use this device's time zone (Europe/Berlin)" }).click();
    await expect(zone).toHaveValue("Europe/Berlin");

    await zone.selectOption("America/New_York");
    await form.getByRole("button", { name: "Save preferences" }).click();
    await expect(page.getByText("Preferences saved")).toBeVisible();
    expect((await currentUser(request, signedIn.token)).timeZone).toBe("America/New_York");
    await expect(form.getByText("Saved: America/New_York")).toBeVisible();
    await page.reload();
    await expect(zone).toHaveValue("America/New_York");
  });
});

test("the default focus duration takes multiples of 5 from 5 to 120", async ({ page, request, signedIn }) => {
  await openSettings(page);
  const form = page.getByRole("form", { name: "Time zone and focus" });
  const minutes = form.getByLabel("Default focus duration (minutes)");
  await expect(minutes).toHaveValue("25");
  for (const [value, message] of [
    ["7", "Choose a multiple of 5 minutes."],
    ["130", "Choose at most 120 minutes."],
    ["", "Enter a number of minutes."],
  ] as const) {
    await minutes.fill(value);
    await form.getByRole("button", { name: "Save preferences" }).click();
    await expect(form.getByText(message)).toBeVisible();
  }
  expect((await currentUser(request, signedIn.token)).defaultFocusMinutes).toBe(25);

  await minutes.fill("45");
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Preferences saved")).toBeVisible();
  expect((await currentUser(request, signedIn.token)).defaultFocusMinutes).toBe(45);
  await page.reload();
  await expect(minutes).toHaveValue("45");
});

test("preferences: disabled while saving, a failure says so; the focus screen and analytics follow what is saved", async ({
  page,
  signedIn,
}) => {
  void signedIn;
  // Today's figures are cached first: a saved zone must refresh them, whatever the date there.
  await page.goto("/analytics");
  await expect(page.getByText("Days and hours follow your time zone, UTC.")).toBeVisible();
  await page.getByRole("link", { name: "Settings" }).click();
  const form = page.getByRole("form", { name: "Time zone and focus" });
  await form.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await form.getByLabel("Default focus duration (minutes)").fill("45");

  // The first try is held, then refused.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/account", async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    await held;
    await route.fulfill({ status: 503, body: "" });
  });
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
  await expect(form.getByLabel("Default focus duration (minutes)")).toBeDisabled();
  release();
  await expect(shownToast(page, "Could not save your preferences")).toHaveAttribute("data-type", "error");
  await expect(form.getByText("Could not save your preferences. Please try again.")).toBeVisible();
  await closeToast(page, "Could not save your preferences");
  await expect(form.getByRole("button", { name: "Save preferences" })).toBeEnabled();
  await page.unroute("**/api/account");

  await form.getByRole("button", { name: "Save preferences" }).click();
  await closeToast(page, "Preferences saved", "Time zone Asia/Tokyo, focus sessions of 45 min.");

  const todayRefetched = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/analytics/today");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Analytics" }).click();
  await todayRefetched;
  await expect(page.getByText("Days and hours follow your time zone, Asia/Tokyo.")).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Focus Timer" }).click();
  await expect(page.getByLabel("Focus duration (minutes):")).toHaveValue("45");
});

test("the theme choice and the header toggle stay in sync", async ({ page, signedIn: _ }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openSettings(page);
  const html = page.locator("html");
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();

  await theme.getByRole("radio", { name: "Dark" }).check();
  await expect(html).toHaveClass(/dark/);
  // In the dark, an unchecked radio is a ring on its background, not a filled grey disc.
  expect(await middleAgainstBackground(page, theme.getByRole("radio", { name: "Light" }))).toBeLessThan(16);
  expect(await middleAgainstBackground(page, theme.getByRole("radio", { name: "Dark" }))).toBeGreaterThan(60);
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(theme.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(html).not.toHaveClass(/dark/);

  // Keyboard: arrow keys move through the choices.
  await theme.getByRole("radio", { name: "Light" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(theme.getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(theme.getByRole("radio", { name: "System" })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  await expect(html).not.toHaveClass(/dark/);
});

test("changing the password signs out other devices, and the old password stops working", async ({
  page,
  request,
  signedIn,
}) => {
  const elsewhere = await signInElsewhere(request, signedIn.user.username, FIREFOX_WINDOWS);
  await openSettings(page);
  const form = page.getByRole("form", { name: "Change password" });
  await screenshots(page, "settings-password");

  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password", { exact: true }).fill("a new passphrase");
  await form.getByLabel("Repeat new password").fill("a new passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Your current password is not correct.")).toBeVisible();

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("Repeat new password").fill("something else");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The two new passwords do not match.")).toBeVisible();

  await form.getByLabel("Repeat new password").fill("a new passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByText("Signed out of 1 other device.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveValue("");

  const elsewhereNow = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${elsewhere}` } });
  expect(elsewhereNow.status()).toBe(401);
  expect(await loginStatus(request, signedIn.user.username, PASSWORD)).toBe(401);
  expect(await loginStatus(request, signedIn.user.username, "a new passphrase")).toBe(200);
  // This device stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
});

test("the devices list signs out one device, then every other one", async ({ page, request, signedIn }) => {
  const windows = await signInElsewhere(request, signedIn.user.username, FIREFOX_WINDOWS);
  const iphone = await signInElsewhere(request, signedIn.user.username, SAFARI_IPHONE);
  await openSettings(page);
  const list = page.getByRole("list", { name: "Signed-in devices" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("This device");
  await expect(list.getByText("Firefox on Windows")).toBeVisible();
  await expect(list.getByText("Safari on iPhone")).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await screenshots(page, "settings-devices");

  await list.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
  await expect(page.getByText("Firefox on Windows is signed out.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  expect((await request.get("/api/auth/user", auth(windows))).status()).toBe(401);
  expect((await request.get("/api/auth/user", auth(iphone))).status()).toBe(200);

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Signed out of 1 other device.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();
  expect((await request.get("/api/auth/user", auth(iphone))).status()).toBe(401);
  expect((await request.get("/api/auth/user", auth(signedIn.token))).status()).toBe(200);
});

test("devices of the same browser and system are told apart, whole, on a phone", async ({
  page,
  request,
  signedIn,
}) => {
  await signInElsewhere(request, signedIn.user.username, FIREFOX_WINDOWS);
  await signInElsewhere(request, signedIn.user.username, FIREFOX_WINDOWS);
  await page.setViewportSize({ width: 360, height: 740 });
  await openSettings(page);
  const list = page.getByRole("list", { name: "Signed-in devices" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByRole("listitem").first()).toContainText("This device");
  for (const name of ["Firefox on Windows (1)", "Firefox on Windows (2)"]) {
    const shown = list.getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    // Not cut short: the number that tells them apart shows.
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(
      list.getByRole("button", { name: new RegExp(`^Sign out ${name.replace(/[()]/g, "\\$&")}`) }),
    ).toHaveCount(1);
  }
});

test("export downloads the data as JSON and the tasks as CSV", async ({ page, request, signedIn }) => {
  const created = await request.post("/api/tasks", {
    headers: { Authorization: `Bearer ${signedIn.token}` },
    data: { title: "=cmd|' /C calc'!A0", category: "urgent" },
  });
  expect(created.status()).toBe(201);
  await openSettings(page);

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export my data (JSON)" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^onething-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await json.path(), "utf8"));
  expect(data.user).toMatchObject({ username: signedIn.user.username, email: signedIn.user.email });
  expect(data.tasks).toEqual([expect.objectContaining({ title: "=cmd|' /C calc'!A0", category: "urgent" })]);
  expect(data).toHaveProperty("focusSessions");
  expect(data).toHaveProperty("dailyAnalytics");
  await expect(page.getByText("Export ready")).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export tasks (CSV)" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = await readFile(await csv.path(), "utf8");
  expect(text).toContain("id,title,description,category");
  expect(text).toContain(",'=cmd|' /C calc'!A0,,urgent,");
});

test("deleting the account needs the typed confirmation, lands on the landing page, and the login fails", async ({
  page,
  request,
  signedIn,
  consoleErrors,
}) => {
  await openSettings(page);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Delete my account forever" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill("not my name");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(signedIn.user.username);
  await dialog.getByLabel("Current password").fill("wrong password");
  await screenshots(page, "settings-delete");
  await submit.click();
  await expect(dialog.getByText("Your current password is not correct.")).toBeVisible();

  await dialog.getByLabel("Current password").fill(PASSWORD);
  await submit.click();
  await expect(page.getByRole("heading", { name: "Focus on what matters today." })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Account deleted")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  expect(await loginStatus(request, signedIn.user.username, PASSWORD)).toBe(401);
  // Nothing signed in remains: a protected page starts the sign-in flow.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login$/);
  expect(consoleErrors).toEqual([]);
});
