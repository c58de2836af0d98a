import type { Browser, Page } from "@playwright/test";
import { type Account, expect, PASSWORD, signInPage, test } from "./fixtures";

// A change of language in Settings reaches the person's other open devices at once, without a
// reload: the hub sends them `settings-changed`, they read the user again and follow its language
// (docs/product.md#your-language, docs/decisions/398-a-change-of-settings-reaches-every-device.md).
const PHONE = { viewport: { width: 390, height: 844 }, locale: "en-US" } as const;
test.use(PHONE);

/** Another device of the same person: its own browser context and sign-in session, on `path` with its live channel open. */
async function otherDeviceOn(browser: Browser, account: Account, path: string): Promise<Page> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/login", {
    data: { login: account.user.username, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await signInPage(page, { ...account, token });
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/live"));
  await page.goto(path);
  await socket;
  return page;
}

test("German chosen in Settings on one device shows on the other at once, without a reload", async ({
  page,
  browser,
  signedIn,
  consoleErrors: _,
}) => {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const other = await otherDeviceOn(browser, signedIn, "/settings");
  await expect(other.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(other.locator("html")).toHaveAttribute("lang", "en");
  // Any reload of the other device would be a new document: its navigations are counted.
  let loads = 0;
  other.on("load", () => {
    loads += 1;
  });

  const saved = page.waitForResponse(
    (res) => res.url().endsWith("/api/account") && res.request().method() === "PATCH" && res.ok(),
  );
  await page.getByRole("combobox", { name: "Language" }).selectOption("de");
  await saved;
  await expect(page.locator("html")).toHaveAttribute("lang", "de");

  await expect(other.locator("html")).toHaveAttribute("lang", "de");
  await expect(other.getByRole("heading", { name: "Einstellungen", level: 1 })).toBeVisible();
  await expect(other.getByRole("heading", { name: "Sprache", level: 2 })).toBeVisible();
  expect(loads).toBe(0);
  await other.context().close();
});
