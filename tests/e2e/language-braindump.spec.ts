import type { Page } from "@playwright/test";
import { dayMove, moveToDayTwo, registerOnDayOne } from "./day-two";
import { apiCall, expect, registerViaApi, signInPage, test } from "./fixtures";

// The braindump's screens in the person's language (docs/product.md#your-language,
// docs/decisions/395-messages-in-lingui-catalogs.md): typing, the questions, the results and the
// board, and a new day's plan, all in German, with none of their English left.

/** Every one of these English texts is absent from the screen (the shell around it has its own words). */
async function expectNoEnglish(page: Page, texts: readonly string[]) {
  const screen = page.getByRole("main");
  for (const text of texts) await expect(screen.getByText(text, { exact: true })).toHaveCount(0);
}

test.describe("in a browser that asks for German", () => {
  test.use({ locale: "de-DE", viewport: { width: 390, height: 844 } });

  test("the braindump, its questions, results and board speak German", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await apiCall(request, account, "PATCH", "/api/account", { language: "de" });
    await signInPage(page, account);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    await expect(page.getByRole("heading", { name: "Tagesaufgaben & Gedanken-Braindump" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Aktuelle Aufgaben" })).toBeVisible();
    await expect(page.getByText("Keine aktuellen Aufgaben. Alles, was du verarbeitest, erscheint hier.")).toBeVisible();
    await expectNoEnglish(page, [
      "Daily Tasks & Thought Braindump",
      "What's on your mind?",
      "Process & Continue",
      "Current Tasks",
      "Prioritize",
      "Clear Tasks",
      "No current tasks. Everything you process shows up here.",
    ]);

    await page.getByLabel("Was geht dir durch den Kopf?").fill("Steuer erledigen\nMama anrufen");
    await page.getByRole("button", { name: "Verarbeiten & weiter" }).click();
    await expect(page.getByText("Braindump verarbeitet")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lass uns deine Aufgaben priorisieren" })).toBeVisible();
    for (const title of ["Steuer erledigen", "Mama anrufen"]) {
      await page
        .getByRole("group", { name: title, exact: true })
        .getByRole("radiogroup", { name: "Ist es dringend?" })
        .getByRole("radio", { name: "Ja" })
        .click();
    }
    await expect(page.getByRole("radiogroup", { name: "Wie viel Aufwand ist es?" }).first()).toBeVisible();
    await expectNoEnglish(page, ["Is it urgent?", "Yes", "Small", "Analyze Priorities", "Start Over"]);

    await page.getByRole("button", { name: "Prioritäten ermitteln" }).click();
    await expect(page.getByRole("heading", { name: "Deine Prioritäten" })).toBeVisible();
    await expect(page.getByText("HIER STARTEN")).toBeVisible();
    await expect(page.getByRole("button", { name: "Nur diese eine" })).toBeVisible();
    await expect(page.getByText("Punkte: 5").first()).toBeVisible();
    await expectNoEnglish(page, ["Your Priority Tasks", "START HERE", "Just Do This One", "Organize Tasks"]);

    await page.getByRole("button", { name: "Aufgaben ordnen" }).click();
    await expect(page.getByRole("heading", { name: "Deine geordneten Aufgaben" })).toBeVisible();
    for (const list of ["Dringend", "Später", "Delegieren", "„Nein“-Liste"]) {
      await expect(page.getByRole("region", { name: list, exact: true })).toBeVisible();
    }
    await expectNoEnglish(page, [
      "Your Organized Tasks",
      "Urgent",
      "Later",
      "Delegate",
      '"No" List',
      "Drop tasks here",
    ]);
  });

  test("a new day's plan speaks German", async ({ page, request }) => {
    const move = dayMove();
    const account = await registerOnDayOne(request, move.dayOne);
    const created = (await apiCall(request, account, "POST", "/api/process-tasks", {
      text: "Steuer erledigen ~2h\nMama anrufen ~2h\nBericht schreiben ~3h\nEinkaufen",
    })) as { id: number }[];
    const ids = created.map((task) => task.id);
    await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: ids.slice(0, 3), noListTaskIds: [] });
    await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
    await apiCall(request, account, "PATCH", "/api/account", { language: "de" });
    await signInPage(page, account);
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1, name: "Plane deinen Tag" })).toBeVisible();
    await expect(page.getByText("Die drei von gestern, noch offen:")).toBeVisible();
    await expect(page.getByRole("button", { name: "Die drei von gestern behalten" })).toBeVisible();
    await expect(page.getByText("4 Aufgaben; deine gespeicherten Antworten bleiben.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Nein sagen zu Einkaufen" })).toHaveText("Nein sagen");
    await expectNoEnglish(page, [
      "Plan your day",
      "Today's three",
      "Yesterday's three, still open:",
      "Keep yesterday's three",
      "Pick by hand",
      "Skip for today",
      "Still open",
      "Say no",
      "Later",
      "Delete",
    ]);
  });
});
