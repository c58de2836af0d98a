import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { type Account, addTaskViaApi, expect, PASSWORD, screenshots, signInPage, test, uniqueName } from "./fixtures";
import { runPlace } from "./run-place";

// The focus timer, analytics, the "No" list and the suggestion panel in the person's language
// (docs/decisions/395-messages-in-lingui-catalogs.md): a German browser reads German, and none of
// these screens' English is left on the page.

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

async function expectNoEnglish(where: Page | Locator, english: readonly string[]) {
  const shown = "locator" in where && "goto" in where ? where.locator("body") : (where as Locator);
  for (const text of english) await expect(shown).not.toContainText(text);
}

test("the focus timer speaks German from selection to the end of a session", async ({ page, request }) => {
  const account = await germanAccount(request);
  const task = await addTaskViaApi(request, account, { title: "Steuererklärung abschicken", category: "urgent" });
  await signInPage(page, account);

  await page.goto(`/focus-timer?taskId=${task.id}`);
  await expect(page.getByRole("heading", { name: "Ein-Ding-Fokus-Timer" })).toBeVisible();
  await expect(page.getByText("Worauf konzentrierst du dich?")).toBeVisible();
  await expect(page.getByRole("button", { name: "Dauer verringern" })).toBeVisible();
  await expectNoEnglish(page, ["One-Thing Focus Timer", "What will you focus on?", "Focus duration (minutes):"]);
  await screenshots(page, "language-de-focus-selection");

  await page.getByRole("button", { name: "Fokus starten" }).click();
  await expect(page.getByText("Gerade im Fokus:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pausieren" })).toBeVisible();
  await expect(page.getByText("Minuten übrig")).toBeVisible();
  await expectNoEnglish(page, ["Currently focused on:", "minutes remaining", "End Session"]);
  await screenshots(page, "language-de-focus-active");

  await page.getByRole("button", { name: "Beenden" }).click();
  await expect(page.getByRole("heading", { name: "Sitzung früher beendet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mehr Zeit" })).toBeVisible();
  await expectNoEnglish(page, ["Session ended early", "How did it go?", "Need More Time", "Next Task"]);
  await screenshots(page, "language-de-focus-complete");
});

test("analytics speaks German, its week too", async ({ page, request }) => {
  const account = await germanAccount(request);
  await signInPage(page, account);

  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Produktivitätsstatistik" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aktuelle Serie" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Erstellt vs. erledigt" })).toBeVisible();
  await page.getByRole("button", { name: "Woche" }).click();
  await expect(page.getByRole("heading", { name: "Die letzten 7 Tage" })).toBeVisible();
  await expectNoEnglish(page, [
    "Productivity Analytics",
    "Current streak",
    "Tasks created vs completed",
    "Focus Time Today",
    "Planned vs focused",
    "The last 7 days",
  ]);
  await screenshots(page, "language-de-analytics");
});

test('the "No" list and, on the first screen, the suggestion panel speak German', async ({ page, request }) => {
  const account = await germanAccount(request);
  await addTaskViaApi(request, account, { title: "Newsletter lesen", category: "later" });
  await signInPage(page, account);

  await page.goto("/no-list");
  await expect(page.getByRole("heading", { level: 1, name: "Tägliche „Nein“-Liste" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deine aktuellen Aufgaben" })).toBeVisible();
  await expect(page.getByRole("button", { name: "„Nein“-Liste festlegen" })).toBeVisible();
  await expectNoEnglish(page, ['Daily "No" List Builder', "Your current tasks", "Clear Tasks", 'Commit to "No" List']);
  await screenshots(page, "language-de-no-list");

  // On the first screen too, whose own words come first: the widget's come after it.
  await page.goto("/");
  await page.getByRole("button", { name: "KI-Aufgabenvorschläge öffnen" }).click();
  const panel = page.getByRole("dialog", { name: "KI-Aufgabenvorschläge" });
  await expect(panel.getByRole("button", { name: "Vorschläge holen" })).toBeVisible();
  await expect(panel.getByText("Was beschäftigt dich?")).toBeVisible();
  // The braindump screen under it has its own words.
  await expectNoEnglish(panel, ["AI Task Suggestions", "Get Task Suggestions", "What's on your mind?"]);
  await screenshots(page, "language-de-suggestions");
});
