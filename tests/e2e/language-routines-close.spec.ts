import type { APIRequestContext, Locator } from "@playwright/test";
import {
  type Account,
  addTaskViaApi,
  apiCall,
  expect,
  PASSWORD,
  screenshots,
  signInPage,
  test,
  uniqueName,
} from "./fixtures";
import { runPlace } from "./run-place";

// The routines page and the evening close in the person's language
// (docs/decisions/395-messages-in-lingui-catalogs.md): a German browser reads German there, weekdays
// and dates too, and none of these screens' English is left on them.

test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

/** Registered as a German browser registers, so the account's language is German too. */
async function germanAccount(request: APIRequestContext): Promise<Account> {
  const name = uniqueName("de");
  const res = await request.post("/api/auth/register", {
    headers: { "Accept-Language": "de-DE,de;q=0.9" },
    data: { username: name, email: `${name}@example.com`, password: PASSWORD, timeZone: runPlace().timeZone },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Account;
}

async function expectNoEnglish(shown: Locator, english: readonly string[]) {
  for (const text of english) await expect(shown).not.toContainText(text);
}

test("the routines page speaks German, its weekdays too", async ({ page, request }) => {
  const account = await germanAccount(request);
  await apiCall(request, account, "POST", "/api/routines", { title: "Vitamine nehmen", repeat: { every: "day" } });
  await signInPage(page, account);

  await page.goto("/routines");
  const routines = page.locator('section[aria-labelledby="routines-heading"]');
  await expect(page.getByRole("heading", { level: 1, name: "Routinen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Neue Routine" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Routine hinzufügen" })).toBeVisible();
  const card = page.locator("article").filter({ hasText: "Vitamine nehmen" });
  await expect(card.getByText("Heute fällig")).toBeVisible();
  await expect(card.getByRole("button", { name: "Heute auslassen" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Bearbeiten" })).toBeVisible();

  // The weekday picker names the days in German and starts the week on German's first day, Monday.
  await page.getByLabel("Wiederholung").selectOption({ label: "An bestimmten Wochentagen" });
  const days = page.getByRole("group", { name: "Tage" }).getByRole("button");
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveText(/^Mo\.?$/);
  await expect(days.last()).toHaveText(/^So\.?$/);
  await expectNoEnglish(routines, [
    "New routine",
    "Add routine",
    "What matters every day",
    "Due today",
    "Skip today",
    "Edit",
    "Delete",
    "On given days of the week",
  ]);
  await screenshots(page, "language-de-routines");
});

test("the evening close speaks German, its counts too", async ({ page, request }) => {
  const account = await germanAccount(request);
  await addTaskViaApi(request, account, { title: "Steuererklärung abschicken", category: "later" });
  await addTaskViaApi(request, account, { title: "Fahrrad reparieren", category: "later" });
  await apiCall(request, account, "POST", "/api/routines", { title: "Pflanzen gießen", repeat: { every: "day" } });
  await signInPage(page, account);

  await page.goto("/close");
  const close = page.locator('section[aria-labelledby="close-day-heading"]');
  await expect(page.getByRole("heading", { level: 1, name: "Schließ deinen Tag ab" })).toBeVisible();
  await expect(page.getByTestId("close-summary")).toHaveText("0 Aufgaben erledigt, noch keine Fokuszeit.");
  await expect(page.getByTestId("close-routines-summary")).toContainText("0 Routinen erledigt, 1 noch offen.");
  await expect(page.getByRole("heading", { name: "Noch offen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Heute erstellt" })).toBeVisible();
  const bike = page.getByRole("group", { name: "Fahrrad reparieren", exact: true });
  await expect(bike.getByRole("radio", { name: "Später", exact: true })).toBeChecked();
  await expect(bike.getByRole("radio", { name: "Nein", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Heute erstellt: alle 2 auf „Nein“ setzen" })).toBeVisible();
  await expect(page.getByText("Optional. Noch 500 Zeichen; du siehst es morgen früh.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tag abschließen" })).toBeVisible();
  await expectNoEnglish(close, [
    "Close your day",
    "Done today",
    "Still open",
    "Made today",
    "tasks done",
    "routines done",
    "Tomorrow",
    "Later",
    "What's on your mind?",
    "characters left",
    "Tomorrow's first task",
    "Close the day",
    "Not now",
  ]);
  await screenshots(page, "language-de-close");
});
