import type { APIRequestContext } from "@playwright/test";
import { daysFrom } from "../../shared/day";
import { expectNoAxeViolations } from "./axe";
import { backdateOneDay, dayMove, dayServerOfTheGroup, openDevice, registerOnDayOne, TITLES } from "./day-two";
import { apiCall, expect, screenshots, shownToast, test } from "./fixtures";

// Routines over three days at 390 px (docs/product.md#routines): made on day one and done; a night
// passes (the account's rows move a day back: docs/decisions/145-browser-tests-move-the-day.md) and
// today's occurrences are there, yesterday's undone one missed; one is skipped with a reason; another
// night, and one is paused.

const VITAMINS = "Take the vitamins with a glass of water after breakfast";
const STRETCH = "Stretch the back and shoulders for ten minutes at noon";
const RUNNING = "Go running around the park before starting work";

test.describe("routines over three days", () => {
  const day = dayServerOfTheGroup();

  test("at 390 px: make a routine, do it, a night passes, skip, pause", async ({ browser }) => {
    test.slow();
    const { dayOne: place } = dayMove();
    const account = await registerOnDayOne(day.api, place);
    // A real list: ten tasks of real length.
    for (const title of Object.values(TITLES).slice(0, 10)) {
      await apiCall(day.api, account, "POST", "/api/tasks", { title, category: "later" });
    }
    const { page, errors, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });

    // Day one: two routines, every day.
    await page.goto("/routines");
    await expect(page.getByRole("heading", { level: 1, name: "Routines" })).toBeVisible();
    for (const title of [VITAMINS, STRETCH]) {
      await page.getByLabel("Title").fill(title);
      await expect(page.getByTestId("routine-next-days")).toContainText("Every day. Next:");
      await page.getByRole("button", { name: "Add routine" }).click();
      await expect(shownToast(page, `Routine added: "${title}"`, "Today's is on your list.")).toBeVisible();
    }
    const vitamins = page.locator("article").filter({ hasText: VITAMINS });
    await expect(vitamins.getByText("Due today")).toBeVisible();
    await screenshots(page, "routines-made");
    await expectNoAxeViolations(page, "routines");

    // Done in one tap from the braindump's list, where it says it is a routine.
    await page.goto("/");
    const row = page.getByRole("listitem").filter({ hasText: VITAMINS });
    await expect(row.getByRole("link", { name: /Routine/ })).toBeVisible();
    await row.getByRole("button", { name: `Mark ${VITAMINS} done` }).click();
    await expect(shownToast(page, "Task done")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: VITAMINS })).toHaveCount(0);
    await page.goto("/routines");
    await expect(vitamins.getByTestId("routine-streak")).toHaveText("Streak: 1 day (best 1 day)");
    await expect(vitamins.getByText("Done today")).toBeVisible();

    // A night passes: the plan shows today's routines apart from the three, and what was missed.
    backdateOneDay(account, day.server.stateDir);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
    const routines = page.getByRole("region", { name: /Today's routines/ });
    await expect(routines.getByRole("listitem")).toHaveCount(2);
    await expect(routines.getByTestId("missed-yesterday")).toHaveText(`Missed yesterday: ${STRETCH}`);
    // The three are chosen from the other tasks.
    await page.getByRole("button", { name: "Pick by hand" }).click();
    await expect(page.locator("#plan-pick").getByText(VITAMINS)).toHaveCount(0);
    await routines.getByRole("button", { name: `Mark ${VITAMINS} done` }).click();
    await expect(shownToast(page, "Task done")).toBeVisible();
    await screenshots(page, "routines-plan");
    await expectNoAxeViolations(page, "plan step with routines");

    await page.goto("/routines");
    await expect(vitamins.getByTestId("routine-streak")).toHaveText("Streak: 2 days (best 2 days)");
    const stretch = page.locator("article").filter({ hasText: STRETCH });
    await expect(stretch.getByTestId("routine-streak")).toHaveText("Streak: 0 days (best 0 days)");
    await stretch.getByRole("button", { name: "Skip today" }).click();
    await stretch.getByLabel("Why (if you want to say)").fill("Sore back");
    await stretch.getByRole("button", { name: "Skip today" }).last().click();
    await expect(shownToast(page, `Skipped today: "${STRETCH}"`, "A skipped day keeps your streak.")).toBeVisible();
    await expect(stretch.getByText("Skipped today")).toBeVisible();
    await expect(stretch.getByRole("listitem", { name: /: skipped \(Sore back\)$/ })).toHaveCount(1);
    await screenshots(page, "routines-skipped");

    // Another night: day three. Pausing takes today's off the list and keeps the streak.
    backdateOneDay(account, day.server.stateDir);
    await page.goto("/routines");
    await expect(vitamins.getByText("Due today")).toBeVisible();
    await vitamins.getByRole("button", { name: "Pause" }).click();
    await expect(shownToast(page, `Paused: "${VITAMINS}"`)).toBeVisible();
    await expect(vitamins.getByText("Paused", { exact: true })).toBeVisible();
    await expect(vitamins.getByTestId("routine-streak")).toHaveText("Streak: 2 days (best 2 days)");
    await screenshots(page, "routines-paused");
    const tasks = (await apiCall(day.api, account, "GET", "/api/tasks")) as {
      title: string;
      routineId: number | null;
    }[];
    expect(tasks.filter((task) => task.routineId !== null).map((task) => task.title)).toEqual([STRETCH]);

    // Analytics shows each routine's streak and last 30 days.
    await page.goto("/analytics");
    const onAnalytics = page.getByRole("region", { name: "Routines" });
    await expect(onAnalytics.getByText("Streak: 2 days (best 2 days)")).toBeVisible();
    await screenshots(page, "routines-analytics");
    await expectNoAxeViolations(page, "analytics with routines");
    expect(errors).toEqual([]);
    await close();
  });
});

/** A person on day one with ten real-length tasks in Later, and where they live. */
async function dayOneWithTenTasks(api: APIRequestContext) {
  const { dayOne: place } = dayMove();
  const account = await registerOnDayOne(api, place);
  for (const title of Object.values(TITLES).slice(0, 10)) {
    await apiCall(api, account, "POST", "/api/tasks", { title, category: "later" });
  }
  return { place, account };
}

test.describe("N times a week", () => {
  const day = dayServerOfTheGroup();

  test('at 390 px: a day of "3 times a week" not done is not missed, on the plan, Routines and Analytics', async ({
    browser,
  }) => {
    test.slow();
    const { place, account } = await dayOneWithTenTasks(day.api);
    await apiCall(day.api, account, "POST", "/api/routines", { title: RUNNING, repeat: { timesPerWeek: 3 } });
    // A night passes with it not done.
    backdateOneDay(account, day.server.stateDir);
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
    const routines = page.getByRole("region", { name: /Today's routines/ });
    const today = (await apiCall(day.api, account, "GET", "/api/day")) as { date: string };
    // Only the end of a week short of three misses: yesterday was a Sunday when today is a Monday.
    // 2024-01-01 was a Monday.
    const weekOver = daysFrom("2024-01-01", today.date) % 7 === 0;
    if (weekOver) await expect(routines.getByTestId("missed-yesterday")).toHaveText(`Missed yesterday: ${RUNNING}`);
    else {
      await expect(routines.getByRole("listitem").filter({ hasText: RUNNING })).toHaveCount(1);
      await expect(routines.getByTestId("missed-yesterday")).toHaveCount(0);
    }
    await page.goto("/routines");
    const card = page.locator("article").filter({ hasText: RUNNING });
    await expect(card.getByText("Due today")).toBeVisible();
    await expect(card.getByRole("listitem", { name: /: missed$/ })).toHaveCount(weekOver ? 1 : 0);
    if (!weekOver) await expect(card.getByRole("listitem", { name: /: not done$/ })).toHaveCount(1);
    await screenshots(page, "routines-times-a-week");
    await page.goto("/analytics");
    const onAnalytics = page.getByRole("region", { name: "Routines" });
    await expect(onAnalytics.getByText(RUNNING)).toBeVisible();
    await expect(onAnalytics.getByRole("listitem", { name: /: missed$/ })).toHaveCount(weekOver ? 1 : 0);
    await close();
  });
});

test.describe("offline", () => {
  // The outbox's replay in the page needs no service worker; allowed as the offline specs do.
  test.use({ serviceWorkers: "allow" });

  test("a routine made and a routine skipped with no network arrive once when it returns", async ({
    page,
    context,
    request,
    signedIn,
  }) => {
    const made = (await apiCall(request, signedIn, "POST", "/api/routines", {
      title: STRETCH,
      repeat: { every: "day" },
    })) as { id: number };
    await page.goto("/routines");
    const stretch = page.locator("article").filter({ hasText: STRETCH });
    await expect(stretch.getByText("Due today")).toBeVisible();
    // The outbox's code is on the page before the network goes.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType("resource").some((entry) => /\/outbox-[\w-]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.getByLabel("Title").fill(VITAMINS);
    await page.getByRole("button", { name: "Add routine" }).click();
    await expect(shownToast(page, `Routine added: "${VITAMINS}"`, "It syncs when you're back online.")).toBeVisible();
    await stretch.getByRole("button", { name: "Skip today" }).click();
    await stretch.getByRole("button", { name: "Skip today" }).last().click();
    await expect(shownToast(page, `Skipped today: "${STRETCH}"`, "It syncs when you're back online.")).toBeVisible();
    await expect(page.getByText("2 changes waiting to sync").filter({ visible: true })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/changes? waiting to sync/).filter({ visible: true })).toHaveCount(0);
    await expect(page.locator("article").filter({ hasText: VITAMINS })).toHaveCount(1);
    await expect(stretch.getByText("Skipped today")).toBeVisible();
    const routines = (await apiCall(request, signedIn, "GET", "/api/routines")) as { id: number; today: string }[];
    expect(routines).toHaveLength(2);
    expect(routines.find((routine) => routine.id === made.id)?.today).toBe("skipped");
  });
});

test.describe("skip with a reason from the plan", () => {
  const day = dayServerOfTheGroup();

  test("at 390 px: the plan's routines offer Skip today with an optional reason, as the Routines page does", async ({
    browser,
  }) => {
    test.slow();
    const { place, account } = await dayOneWithTenTasks(day.api);
    for (const title of [VITAMINS, STRETCH]) {
      await apiCall(day.api, account, "POST", "/api/routines", { title, repeat: { every: "day" } });
    }
    backdateOneDay(account, day.server.stateDir);
    const { page, errors, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Plan your day" })).toBeVisible();
    const routines = page.getByRole("region", { name: /Today's routines/ });
    await expect(routines.getByRole("listitem")).toHaveCount(2);

    await routines.getByRole("button", { name: `Skip "${STRETCH}" today` }).click();
    const form = routines.getByRole("form", { name: `Skip "${STRETCH}" today` });
    await form.getByLabel("Why (if you want to say)").fill("Sore back");
    await screenshots(page, "routines-plan-skip");
    await form.getByRole("button", { name: "Skip today" }).click();
    await expect(shownToast(page, `Skipped today: "${STRETCH}"`, "A skipped day keeps your streak.")).toBeVisible();
    await expect(routines.getByRole("listitem").filter({ hasText: STRETCH })).toHaveCount(0);
    await expect(routines.getByRole("listitem").filter({ hasText: VITAMINS })).toHaveCount(1);

    await page.goto("/routines");
    const stretch = page.locator("article").filter({ hasText: STRETCH });
    await expect(stretch.getByText("Skipped today")).toBeVisible();
    await expect(stretch.getByRole("listitem", { name: /: skipped \(Sore back\)$/ })).toHaveCount(1);
    expect(errors).toEqual([]);
    await close();
  });
});

test.describe("skip with a reason from the task list", () => {
  const day = dayServerOfTheGroup();

  test("at 390 px a routine's row in Current Tasks offers Skip with an optional reason (docs/decisions/374-the-task-list-s-routine-row-offers-skip.md)", async ({
    browser,
  }) => {
    test.slow();
    const { dayOne: place } = dayMove();
    const account = await registerOnDayOne(day.api, place);
    for (const title of Object.values(TITLES).slice(0, 10)) {
      await apiCall(day.api, account, "POST", "/api/tasks", { title, category: "later" });
    }
    for (const title of [VITAMINS, STRETCH]) {
      await apiCall(day.api, account, "POST", "/api/routines", { title, repeat: { every: "day" } });
    }
    const { page, errors, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const list = page.getByRole("region", { name: "Current Tasks" });
    await expect(list.getByRole("listitem")).toHaveCount(12);
    const row = list.getByRole("listitem").filter({ hasText: STRETCH });
    // The row still says it is a routine and leads to it; a plain task's row has no Skip.
    await expect(row.getByRole("link", { name: /Routine/ })).toBeVisible();
    await expect(list.getByRole("button", { name: /^Skip "/ })).toHaveCount(2);

    await row.getByRole("button", { name: `Skip "${STRETCH}" today` }).click();
    const form = row.getByRole("form", { name: `Skip "${STRETCH}" today` });
    await form.getByLabel("Why (if you want to say)").fill("Sore back after moving the sofa yesterday");
    await screenshots(page, "routines-list-skip");
    await form.getByRole("button", { name: "Skip today" }).click();
    await expect(shownToast(page, `Skipped today: "${STRETCH}"`, "A skipped day keeps your streak.")).toBeVisible();
    await expect(list.getByRole("listitem").filter({ hasText: STRETCH })).toHaveCount(0);
    await expect(list.getByRole("listitem")).toHaveCount(11);
    await expect(list.getByRole("listitem").filter({ hasText: VITAMINS })).toHaveCount(1);

    await page.goto("/routines");
    const stretch = page.locator("article").filter({ hasText: STRETCH });
    await expect(stretch.getByText("Skipped today")).toBeVisible();
    await expect(
      stretch.getByRole("listitem", { name: /: skipped \(Sore back after moving the sofa yesterday\)$/ }),
    ).toHaveCount(1);
    expect(errors).toEqual([]);
    await close();
  });
});
