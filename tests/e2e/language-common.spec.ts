import type { Locator, Page } from "@playwright/test";
import { addTaskViaApi, apiCall, expect, test } from "./fixtures";

// A browser that asks for German gets the app's frame in German: the header, the tabs, the footer,
// the not-found page, the offline badge and a change's toast, with none of their English left
// (docs/decisions/395-messages-in-lingui-catalogs.md).
test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

/** A signed-in page shows the account's language (docs/product.md#your-language). */
const GERMAN = { language: "de" };

/** None of these English texts is anywhere in that part of the page, its names and titles included. */
async function noneOf(part: Locator, english: readonly string[]) {
  const said = await part.evaluate((root) => {
    const named = Array.from(root.querySelectorAll("[aria-label], [title]")).map(
      (element) => `${element.getAttribute("aria-label") ?? ""} ${element.getAttribute("title") ?? ""}`,
    );
    return `${root.textContent ?? ""} ${named.join(" ")}`.replace(/\s+/g, " ");
  });
  for (const words of english) expect(said, `"${words}" is still English`).not.toContain(words);
}

const toastOnScreen = (page: Page) =>
  page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])');

test("the header, the tabs and the footer speak German", async ({ page, request, signedIn, consoleErrors: _ }) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  for (const tab of ["Braindump", "Fokus", "„Nein“-Liste", "Routinen", "Erledigt", "Statistik"]) {
    await expect(nav.getByRole("link", { name: tab })).toBeVisible();
  }
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: "Einstellungen" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Onething-Startseite" })).toBeVisible();
  await expect(header.getByText("Abmelden")).toBeAttached();
  await expect(page.locator("footer")).toContainText("Onething — alle Rechte vorbehalten.");
  await noneOf(header, [
    "Main",
    "Braindump & Prioritize",
    "Focus Timer",
    '"No" List',
    "Routines",
    "Analytics",
    "Settings",
    "Logout",
    "Onething home",
    "Switch to",
  ]);
  await noneOf(page.locator("footer"), ["all rights reserved"]);
  await noneOf(page.locator("body"), ["Skip to content"]);
});

test("offline, the badge and the waiting count speak German", async ({
  page,
  context,
  request,
  signedIn,
  consoleErrors: _,
}) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Hauptmenü" })).toBeVisible();
  await context.setOffline(true);
  const badge = page
    .locator("header")
    .getByTitle(/^Du bist offline/)
    .last();
  await expect(badge).toBeVisible();
  await noneOf(page.locator("header"), ["You're offline", "showing your last saved data"]);
  await context.setOffline(false);
});

test("a change's toast speaks German", async ({ page, request, signedIn, consoleErrors: _ }) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  const title = "Steuererklärung abschicken";
  await addTaskViaApi(request, signedIn, { title });
  await page.goto("/");
  await expect(page.getByText(title)).toBeVisible();
  // The button's own words are the braindump's; the toast's are the change's (web/changes/patch-task.ts).
  await page
    .getByRole("button", { name: new RegExp(`${title}.*(done|erledigt)`) })
    .first()
    .click();
  const toast = toastOnScreen(page);
  await expect(toast).toContainText(`Erledigt: „${title}“`);
  await expect(toast).toContainText(`„${title}“ ist erledigt.`);
  await expect(toast.getByRole("button", { name: "Rückgängig" })).toBeVisible();
  await noneOf(toast, ["Task done", "is done.", "Undo"]);
});

test("the not-found page speaks German", async ({ page, request, signedIn, consoleErrors: _ }) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  await page.goto("/no-such-page");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "404 – Seite nicht gefunden", level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  await noneOf(main, ["Page Not Found", "Did you forget", "Go home"]);
});
