import type { Locator } from "@playwright/test";
import { addTaskViaApi, apiCall, expect, test } from "./fixtures";

// A browser that asks for German gets the sign-in, registration, Settings and Done screens in
// German, with none of their English left (docs/decisions/395-messages-in-lingui-catalogs.md).
test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

/** A signed-in page shows the account's language (docs/product.md#your-language): German, as registering from this browser keeps it. */
const GERMAN = { language: "de" };

/** None of these English texts is anywhere in the screen's own part of the page. */
async function noneOf(screen: Locator, english: readonly string[]) {
  const text = ((await screen.textContent()) ?? "").replace(/\s+/g, " ");
  for (const words of english) expect(text, `"${words}" is still English`).not.toContain(words);
}

test("the sign-in and registration screens speak German", async ({ page, consoleErrors: _ }) => {
  await page.goto("/login");
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { name: "Anmelden", level: 1 })).toBeVisible();
  await expect(main.getByLabel("Benutzername oder E-Mail")).toBeVisible();
  await expect(main.getByLabel("Passwort")).toBeVisible();
  await expect(main.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await expect(main).toContainText("Neu bei Onething?");
  await noneOf(main, ["Sign in", "Username or email", "Password", "New to Onething?", "Create an account"]);

  await main.getByRole("link", { name: "Konto erstellen" }).click();
  await expect(page.getByRole("heading", { name: "Konto erstellen", level: 1 })).toBeVisible();
  await expect(main).toContainText("Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich.");
  await expect(main).toContainText("Mindestens 8 Zeichen.");
  await noneOf(main, [
    "Create your account",
    "Username",
    "Letters, digits",
    "At least",
    "Create account",
    "Already have an account?",
  ]);

  // What the identity provider's return says, by its code.
  await page.goto("/login#error=cancelled");
  await expect(main).toContainText("Die Anmeldung wurde bei deinem Identitätsanbieter abgebrochen.");
  await noneOf(main, ["Sign-in was cancelled"]);
});

test("Settings speaks German", async ({ page, request, signedIn, consoleErrors: _ }) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Einstellungen", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  for (const heading of [
    "Profil",
    "Zeitzone und Fokus",
    "Dein Tag",
    "Darstellung",
    "Benachrichtigungen",
    "Angemeldete Geräte",
    "Deine Daten",
    "Konto löschen",
  ]) {
    await expect(main.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  }
  await expect(main.getByText("Dieses Gerät", { exact: true })).toBeVisible();
  await expect(main.getByRole("button", { name: "Profil speichern" })).toBeVisible();
  await expect(main.getByRole("radio", { name: "Dunkel" })).toBeVisible();
  await noneOf(main, [
    "Your account, your preferences and your data.",
    "Profile",
    "First name",
    "Time zone",
    "Your day",
    "Day starts at",
    "Remind me",
    "Appearance",
    "Always dark",
    "Notifications",
    "Signed-in devices",
    "This device",
    "Last active",
    "Your data",
    "Export my data",
    "Import routines",
    "Delete my account",
    "Save",
    " a day",
  ]);

  await main.getByRole("button", { name: "Profil speichern" }).click();
  await expect(page.getByText("Profil gespeichert")).toBeVisible();
});

test("Done speaks German", async ({ page, request, signedIn, consoleErrors: _ }) => {
  await apiCall(request, signedIn, "PATCH", "/api/account", GERMAN);
  const task = await addTaskViaApi(request, signedIn, { title: "Quartalsbericht" });
  await apiCall(request, signedIn, "PATCH", `/api/tasks/${task.id}`, { isCompleted: true });
  await page.goto("/done");
  await expect(page.getByRole("heading", { name: "Erledigt", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByLabel("Erledigte Aufgabe finden")).toBeVisible();
  await expect(main).toContainText("1 erledigt · 0 Fokusminuten");
  await expect(main).toContainText(/Erledigt um /);
  await expect(main.getByRole("button", { name: "Wieder öffnen" })).toBeVisible();
  await noneOf(main, ["Back to your tasks", "What you finished", "Find a finished task", "Finished at", "Reopen"]);

  await main.getByLabel("Erledigte Aufgabe finden").fill("nichts dergleichen");
  await expect(main).toContainText("Keine erledigte Aufgabe passt zu „nichts dergleichen“.");
  await expect(main).toContainText("0 Aufgaben passen.");
  await noneOf(main, ["No finished task matches", "tasks match"]);
});
