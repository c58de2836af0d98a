import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { addDays, dayEndsAt } from "../../shared/day";
import { expectNoAxeViolations } from "./axe";
import {
  backdateOneDay,
  dayMove,
  dayServerOfTheGroup,
  liveDayOne,
  moveToDayTwo,
  openDevice,
  priorityTitles,
  registerOnDayOne,
  TITLES,
} from "./day-two";
import { apiCall, expect, screenshots, shownToast, test } from "./fixtures";

// Day two (docs/product.md#the-day): each test lives a day one through the API, then makes it
// yesterday (day-two.ts): its data moved a day back, or the account moved on to the next date.

type ApiTask = {
  id: number;
  title: string;
  isPriority: boolean;
  priorityDate: string | null;
  noListDate: string | null;
};

const planHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Plan your day" });
const braindumpHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Daily Tasks & Thought Braindump" });

/** An account living day one now, and the move that would make its day the next date. */
async function dayOneAccount(request: Parameters<typeof registerOnDayOne>[0]) {
  const move = dayMove();
  const account = await registerOnDayOne(request, move.dayOne);
  await liveDayOne(request, account);
  return { move, account };
}

/** An account moved on to day two, and a device of it showing the priority picker. */
async function onDayTwo(browser: Browser, request: APIRequestContext) {
  const { move, account } = await dayOneAccount(request);
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const device = await openDevice(browser, account, move.dayTwo.timeZone);
  await device.page.goto("/");
  return { move, account, ...device };
}

/** An account whose day one was yesterday: lived through the API, then moved a day back. */
async function dayTwoAccount(request: APIRequestContext, stateDir: string) {
  const { dayOne: place, dateOne: today } = dayMove();
  const account = await registerOnDayOne(request, place);
  const ids = await liveDayOne(request, account);
  backdateOneDay(account, stateDir);
  expect(await apiCall(request, account, "GET", "/api/day")).toMatchObject({ date: today, planned: false });
  return { place, today, account, ids };
}

test("the plan step leaves a second device at once when the first plans the day", async ({ browser, request }) => {
  test.slow();
  const { move, account } = await dayOneAccount(request);
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const first = await openDevice(browser, account, move.dayTwo.timeZone);
  const second = await openDevice(browser, account, move.dayTwo.timeZone);
  await first.page.goto("/");
  await second.page.goto("/");
  await expect(planHeading(first.page)).toBeVisible();
  await expect(planHeading(second.page)).toBeVisible();

  await first.page.getByRole("button", { name: "Skip for today" }).click();
  await expect(shownToast(first.page, "Plan skipped")).toBeVisible();
  await expect(braindumpHeading(first.page)).toBeVisible();
  // The other device, untouched: the live channel takes its plan step away.
  await expect(planHeading(second.page)).toHaveCount(0);
  await expect(braindumpHeading(second.page)).toBeVisible();
  await first.close();
  await second.close();
});

test("Pick by hand makes the picks today's three, and only them", async ({ browser, request }) => {
  test.slow();
  const { move, account, page, close } = await onDayTwo(browser, request);
  await page.getByRole("button", { name: "Pick by hand" }).click();
  const pick = page.getByRole("group", { name: /^Choose up to 3 tasks for today/ });
  await pick.getByRole("checkbox", { name: TITLES.slides }).check();
  await pick.getByRole("checkbox", { name: TITLES.bank }).check();
  await expect(pick).toHaveAccessibleName("Choose up to 3 tasks for today (2 chosen).");
  await pick.getByRole("button", { name: "Make these today's three" }).click();
  await expect(shownToast(page, "Your day is planned", "Your picks are today's three.")).toBeVisible();
  // The keyboard goes on to the results (their heading), not to the page.
  await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeFocused();
  await expect(page.getByText("Picked by hand: these are today's three.", { exact: false })).toBeVisible();
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  // The two picks lead (in their answers' order, tied here), before the higher-scored earlier three.
  const headings = cards.getByRole("heading", { level: 2 });
  await expect
    .poll(async () => (await headings.allTextContents()).slice(0, 2).sort())
    .toEqual([TITLES.bank, TITLES.slides].sort());

  expect(await priorityTitles(request, account)).toEqual([TITLES.bank, TITLES.slides].sort());
  const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[];
  expect(tasks.filter((task) => task.isPriority).every((task) => task.priorityDate === move.dateTwo)).toBe(true);
  await close();
});

test("Answer the questions again opens the questions with the saved answers; Analyze plans the day", async ({
  browser,
  request,
}) => {
  test.slow();
  const { account, page, close } = await onDayTwo(browser, request);
  await page.getByRole("button", { name: "Answer the questions again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Let's prioritize your tasks" })).toBeVisible();
  const budget = page.getByRole("group", { name: TITLES.budget, exact: true });
  await expect(
    budget.getByRole("radiogroup", { name: "Is it urgent?" }).getByRole("radio", { name: "Yes", exact: true }),
  ).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Analyze Priorities" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
  await expect.poll(async () => (await apiCall(request, account, "GET", "/api/day")).planned).toBe(true);
  // A reload comes back to the results (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md);
  // left, the screen is the braindump: the day is planned.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
  await page.getByRole("button", { name: "Start Over" }).click();
  await expect(braindumpHeading(page)).toBeVisible();
  await expect(planHeading(page)).toHaveCount(0);
  await close();
});

test("at 390 px the questions left yesterday do not come back today: the plan step leads (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md)", async ({
  browser,
  request,
}) => {
  test.slow();
  const { move, account } = await dayOneAccount(request);
  const { page, close } = await openDevice(browser, account, move.dayOne.timeZone);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("region", { name: "Current Tasks" }).getByRole("button", { name: "Prioritize" }).click();
  const questions = page.getByRole("heading", { level: 1, name: "Let's prioritize your tasks" });
  await expect(questions).toBeVisible();
  // The same day, a reload comes back to them.
  await page.reload();
  await expect(questions).toBeVisible();

  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  await page.reload();
  await expect(planHeading(page)).toBeVisible();
  await expect(questions).toHaveCount(0);
  await screenshots(page, "day-two-after-yesterday-s-questions");
  // Skipped, the day begins at the typing, not at yesterday's questions.
  await page.getByRole("button", { name: "Skip for today" }).click();
  await expect(braindumpHeading(page)).toBeVisible();
  await page.reload();
  await expect(braindumpHeading(page)).toBeVisible();
  await close();
});

test("a results screen left open overnight says its ranking is yesterday's until today is planned", async ({
  browser,
  request,
}) => {
  test.slow();
  const { move, account } = await dayOneAccount(request);
  const { page, close } = await openDevice(browser, account, move.dayOne.timeZone);
  await page.goto("/");
  // Day one: planned by its Analyze, the results lead with today's three.
  await page.getByRole("button", { name: "View Priorities" }).click();
  const lead = page.getByText("Today's three first, then your tasks by your saved answers.", { exact: false });
  await expect(lead).toBeVisible();

  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  await expect(page.getByText("These are the priorities you set yesterday.", { exact: false })).toBeVisible();
  await expect(lead).toHaveCount(0);
  await screenshots(page, "day-results-yesterday");
  await page.getByRole("button", { name: "Plan your day" }).click();
  await expect(planHeading(page)).toBeVisible();
  await close();
});

test("an open screen starts the new day at the instant the day ends (the browser's clock moved)", async ({
  browser,
  request,
}) => {
  test.slow();
  const { move, account } = await dayOneAccount(request);
  const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone, { clockAt: Date.now() });
  // No live channel: its ticket is refused, so no socket ever opens (an open reads everything
  // again). Only the day's own end can tell this page that a new day began.
  await page.route("**/api/live/ticket", (route) => route.abort());
  await page.goto("/");
  await expect(braindumpHeading(page)).toBeVisible();

  // The account moves on (as its day would at midnight); the page is not told.
  await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
  const endsAt = dayEndsAt(move.dateOne, move.dayOne.timeZone, move.dayOne.dayStartHour).getTime();
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, endsAt - now - 60_000));
  await expect(braindumpHeading(page)).toBeVisible();
  await expect(planHeading(page)).toHaveCount(0);

  await page.clock.fastForward(62_000);
  await expect(planHeading(page)).toBeVisible();
  await close();
});

// A phone asleep or a tab in the background runs no timer on time: the page notices the new day when
// it comes back (docs/decisions/243-new-day-noticed-on-return.md). The browser's clock jumps past
// the day's end without running its timers, as a sleeping phone's does.
const COMING_BACK = [
  {
    how: "the network comes back",
    typing: true,
    comeBack: async (page: Page) => {
      await page.context().setOffline(true);
      await page.context().setOffline(false);
    },
  },
  {
    how: "the tab is shown again",
    typing: false,
    comeBack: (page: Page) =>
      page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true }))),
  },
  {
    how: "the window is focused",
    typing: false,
    comeBack: (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("focus"))),
  },
];
for (const { how, typing, comeBack } of COMING_BACK) {
  test(`a page left open past the day's start notices the new day when ${how}`, async ({ browser, request }) => {
    test.slow();
    const { move, account } = await dayOneAccount(request);
    const { page, close } = await openDevice(browser, account, move.dayTwo.timeZone, { clockAt: Date.now() });
    await page.setViewportSize({ width: 390, height: 844 });
    // No live channel: only the page itself can notice the new day.
    await page.route("**/api/live/ticket", (route) => route.abort());
    await page.goto("/");
    await expect(braindumpHeading(page)).toBeVisible();
    const typed = "Call the bank about the duplicate card payment last week";
    if (typing) await page.getByLabel("What's on your mind?").fill(typed);

    await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);
    const endsAt = dayEndsAt(move.dateOne, move.dayOne.timeZone, move.dayOne.dayStartHour).getTime();
    await page.clock.setSystemTime(endsAt + 60_000);
    await comeBack(page);

    if (typing) {
      // The box holds text: the new day waits as the notice (docs/decisions/188-new-day-waits.md).
      await expect(page.getByText("A new day has begun.")).toBeVisible();
      await expect(page.getByLabel("What's on your mind?")).toHaveValue(typed);
      await screenshots(page, "day-noticed-on-return");
    } else {
      await expect(planHeading(page)).toBeVisible();
    }
    await close();
  });
}

test("at 390 px Settings says what was changed: the close time alone, not the start hour (docs/decisions/350-the-day-s-toast-names-what-changed.md)", async ({
  page,
  request,
  signedIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Your day" });
  await form.getByLabel("Close the day at").fill("19:30");
  await form.getByRole("button", { name: "Save your day" }).click();
  const toast = shownToast(page, "Your day is set", "Closing it is offered from 19:30.");
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText("It starts at");
  await screenshots(page, "day-settings-close-time");
  expect(await apiCall(request, signedIn, "GET", "/api/auth/user")).toMatchObject({
    dayClose: { enabled: true, time: "19:30" },
  });
});

test("Settings: the day's start hour and the reminder to plan it, which needs notifications", async ({
  page,
  request,
  signedIn,
}) => {
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Your day" });
  await expect(form.getByLabel("Day starts at")).toHaveValue("4");
  await expect(form.getByLabel("Remind me at")).toBeDisabled();
  await expect(form).toContainText("Needs notifications on: turn them on under Notifications");
  await form.getByLabel("Day starts at").selectOption("6");
  await form.getByLabel("Remind me to plan my day").check();
  await form.getByLabel("Remind me at").fill("07:30");
  await form.getByRole("button", { name: "Save your day" }).click();
  // No device has notifications on: the toast says so rather than promise a reminder, and offers the way.
  const toast = shownToast(
    page,
    "Your day is set",
    "It starts at 06:00. The reminder at 07:30 needs notifications, and none of your devices has them on.",
  );
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("button", { name: "Turn on", exact: true }).last()).toBeFocused();
  await screenshots(page, "day-settings");
  expect(await apiCall(request, signedIn, "GET", "/api/auth/user")).toMatchObject({
    dayStartHour: 6,
    planReminder: { enabled: true, time: "07:30" },
  });
});

test.describe("with a yesterday of their own", () => {
  // Their data moves a day back in the database of a server of their own, one test at a time
  // (docs/decisions/145-browser-tests-move-the-day.md).
  const day = dayServerOfTheGroup();

  test("day two: the plan step shows the previous day, the streak and the carried tasks; No again today and Keep yesterday's three plan it", async ({
    browser,
  }) => {
    test.slow();
    const { place, today, account, ids } = await dayTwoAccount(day.api, day.server.stateDir);
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.goto("/");

    await expect(planHeading(page)).toBeVisible();
    await expect(page.getByTestId("previous-day")).toHaveText("Yesterday: 2 done, 0 focus minutes.");
    await expect(page.getByTestId("streak")).toHaveText("Streak: 1 day (best 1 day).");
    // Open, not on the No list, not finished: the eight, each on its 2nd day.
    const open = page.getByRole("list", { name: /^Still open/ });
    await expect(open.getByRole("listitem")).toHaveCount(8);
    await expect(open.getByRole("listitem").filter({ hasText: TITLES.budget })).toContainText("2nd day");
    await expect(page.getByText(TITLES.plants)).toHaveCount(0);

    const three = page.getByRole("region", { name: "Today's three" });
    await expect(three.getByRole("listitem")).toHaveText([TITLES.budget, TITLES.landlord, TITLES.onboarding]);

    // Yesterday's "No" items, one by one: the garage again, the news not.
    const noList = page.getByRole("region", { name: `Yesterday's "No" List` });
    await expect(noList.getByRole("listitem")).toHaveCount(2);
    const garage = noList.getByRole("listitem").filter({ hasText: TITLES.garage });
    await garage.getByRole("button", { name: "No again today" }).click();
    await expect(shownToast(page, "Said no again", `"${TITLES.garage}" is on today's "No" List.`)).toBeVisible();
    await expect(garage).toContainText("Said no again");
    await screenshots(page, "day-plan-step");
    await expectNoAxeViolations(page, "plan step");

    await three.getByRole("button", { name: "Keep yesterday's three" }).click();
    await expect(shownToast(page, "Your day is planned", "Yesterday's three are today's three.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(cards.nth(0)).toContainText(TITLES.budget);
    await expect(cards.nth(1)).toContainText(TITLES.landlord);
    await expect(cards.nth(2)).toContainText(TITLES.onboarding);
    // They say where the three came from: kept, not scored.
    await expect(page.getByText("Kept from your last plan: these are today's three.", { exact: false })).toBeVisible();
    await screenshots(page, "day-results-planned");

    // On the server: planned, the three marked today, the garage said no again today, the news not.
    expect(await apiCall(day.api, account, "GET", "/api/day")).toMatchObject({ date: today, planned: true });
    const tasks = (await apiCall(day.api, account, "GET", "/api/tasks")) as ApiTask[];
    const byId = new Map(tasks.map((task) => [task.id, task]));
    for (const id of [ids.budget, ids.landlord, ids.onboarding]) {
      expect(byId.get(id)).toMatchObject({ isPriority: true, priorityDate: today });
    }
    expect(byId.get(ids.garage)?.noListDate).toBe(today);
    expect(byId.get(ids.news)?.noListDate).toBe(addDays(today, -1));
    // Finished yesterday: gone from today's list.
    expect(byId.has(ids.plants)).toBe(false);

    // Planned: the plan step does not come back today. A reload comes back to the results
    // (docs/decisions/370-the-braindump-s-step-comes-back-the-same-day.md); left, the braindump.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Your Priority Tasks" })).toBeVisible();
    await expect(cards.nth(0)).toContainText(TITLES.budget);
    await page.getByRole("button", { name: "Start Over" }).click();
    await expect(braindumpHeading(page)).toBeVisible();
    await expect(planHeading(page)).toHaveCount(0);
    await close();
  });

  test("No list on day two: today's items, yesterday's under Earlier, Again today brings one back", async ({
    browser,
  }) => {
    test.slow();
    const { place, account } = await dayTwoAccount(day.api, day.server.stateDir);
    await apiCall(day.api, account, "POST", "/api/day/plan", { priorityTaskIds: [], noListTaskIds: [] });
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.goto("/no-list");

    await expect(page.getByRole("heading", { level: 1, name: `Today's "No" List` })).toBeVisible();
    const earlier = page.getByRole("list", { name: "Earlier" });
    await expect(earlier.getByRole("listitem")).toHaveCount(2);
    await expect(earlier.getByRole("listitem").filter({ hasText: TITLES.garage })).toContainText(
      "Said no yesterday: Not this month: the weekends are full",
    );
    await expect(page.getByRole("list", { name: `Items on today's "No" List` })).toHaveCount(0);

    await earlier
      .getByRole("listitem")
      .filter({ hasText: TITLES.news })
      .getByRole("button", { name: "Again today" })
      .click();
    await expect(shownToast(page, "Said no again", `"${TITLES.news}" is on today's "No" List.`)).toBeVisible();
    const today = page.getByRole("list", { name: `Items on today's "No" List` });
    await expect(today.getByRole("listitem")).toHaveCount(1);
    await expect(today.getByRole("listitem")).toContainText(TITLES.news);
    await expect(earlier.getByRole("listitem")).toHaveCount(1);
    await screenshots(page, "day-no-list-earlier");
    await expectNoAxeViolations(page, '"No" list with Earlier');
    await close();
  });

  test("the Done screen lists finished work by day, finds one by its words and reopens it", async ({ browser }) => {
    test.slow();
    const { place, account, ids } = await dayTwoAccount(day.api, day.server.stateDir);
    await apiCall(day.api, account, "POST", "/api/day/plan", { priorityTaskIds: [], noListTaskIds: [] });
    // Finished today too: it is listed under Today.
    await apiCall(day.api, account, "PATCH", `/api/tasks/${ids.bank}`, { isCompleted: true });
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.goto("/");

    const current = page.getByRole("region", { name: "Current Tasks" });
    await expect(current.getByText(TITLES.plants)).toHaveCount(0);
    await current.getByRole("link", { name: "Done" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
    const today = page.getByRole("region", { name: "Today" });
    const yesterday = page.getByRole("region", { name: "Yesterday" });
    await expect(today.getByRole("listitem")).toHaveCount(1);
    await expect(today).toContainText(TITLES.bank);
    await expect(yesterday).toContainText("2 done · 0 focus minutes");
    await expect(yesterday.getByRole("listitem")).toHaveCount(2);

    await page.getByLabel("Find a finished task").fill("REPOT fig");
    await expect(page.getByRole("status")).toHaveText("1 task matches.");
    await expect(today).toHaveCount(0);
    await expect(yesterday.getByRole("listitem")).toHaveCount(1);
    // The search filters the rows; the day's count stays the day's.
    await expect(yesterday).toContainText("2 done · 0 focus minutes · 1 of 2 shown");
    await expect(yesterday.getByRole("listitem")).toContainText(TITLES.plants);

    await yesterday.getByRole("button", { name: "Reopen" }).click();
    await expect(
      shownToast(page, "Task reopened", `"${TITLES.plants}" is open again, in Current Tasks for today.`),
    ).toBeVisible();
    await expect(page.getByText(`No finished task matches "REPOT fig".`)).toBeVisible();
    await page.getByLabel("Find a finished task").fill("");
    await expect(yesterday.getByRole("listitem")).toHaveCount(1);
    // The reopen took the finish off yesterday everywhere: its count too.
    await expect(yesterday).toContainText("1 done · 0 focus minutes");
    await screenshots(page, "day-done");
    await expectNoAxeViolations(page, "Done");

    await page.getByRole("link", { name: "Back to your tasks" }).click();
    await expect(page.getByRole("region", { name: "Current Tasks" }).getByText(TITLES.plants)).toBeVisible();
    await close();
  });

  test("Analytics shows the streaks and, in the Week view, each day's done and focus beside its plan", async ({
    browser,
  }) => {
    test.slow();
    const { place, account, ids } = await dayTwoAccount(day.api, day.server.stateDir);
    await apiCall(day.api, account, "POST", "/api/day/plan", { priorityTaskIds: [ids.slides], noListTaskIds: [] });
    await apiCall(day.api, account, "PATCH", `/api/tasks/${ids.slides}`, { isCompleted: true });
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.goto("/analytics");

    await expect(page.getByTestId("current-streak")).toHaveText("2 days");
    await expect(page.getByTestId("best-streak")).toHaveText("2 days");
    await page.getByRole("button", { name: "Week" }).click();
    const week = page.getByRole("table", { name: "Each day: done, focus and the plan" });
    await expect(week.getByRole("row").nth(1)).toHaveText(/^Today\s*1\s*0\s*Planned$/);
    await expect(week.getByRole("row").nth(2)).toHaveText(/^Yesterday\s*2\s*0\s*Planned$/);
    // The week starts at the account's first day (yesterday): no earlier day reads "Not planned".
    await expect(week.getByRole("row")).toHaveCount(3);
    await screenshots(page, "day-analytics-week");
    await expectNoAxeViolations(page, "analytics week");

    await page.getByRole("link", { name: "See what you finished" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Done" })).toBeVisible();
    await close();
  });

  test("day three: yesterday's three are yesterday's plan, and Done, Analytics and the recap agree on every day", async ({
    browser,
  }) => {
    test.slow();
    const { dayOne: place } = dayMove();
    const account = await registerOnDayOne(day.api, place);
    const ids = await liveDayOne(day.api, account);
    // Day one also finishes one of its three.
    await apiCall(day.api, account, "PATCH", `/api/tasks/${ids.budget}`, { isCompleted: true });
    backdateOneDay(account, day.server.stateDir);
    // Day two: its own three, one finished; day one's finished priority reopened (its finish leaves day one).
    await apiCall(day.api, account, "POST", "/api/day/plan", {
      priorityTaskIds: [ids.slides, ids.bank],
      noListTaskIds: [],
    });
    await apiCall(day.api, account, "PATCH", `/api/tasks/${ids.slides}`, { isCompleted: true });
    await apiCall(day.api, account, "POST", `/api/tasks/${ids.budget}/reopen`);
    backdateOneDay(account, day.server.stateDir);

    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(planHeading(page)).toBeVisible();
    // Day two's record (one done) and a two-day streak.
    await expect(page.getByTestId("previous-day")).toHaveText("Yesterday: 1 done, 0 focus minutes.");
    await expect(page.getByTestId("streak")).toHaveText("Streak: 2 days (best 2 days).");
    // Yesterday's three are the ones planned yesterday and still open: the bank, not the budget
    // (marked on day one, finished, reopened yesterday).
    const three = page.getByRole("region", { name: "Today's three" });
    // One of them is still open, and the plan counts it so (docs/decisions/249-small-words-that-tell-the-truth.md).
    await expect(three).toContainText("Yesterday's one, still open:");
    await expect(three.getByRole("listitem")).toHaveText([TITLES.bank]);
    await expect(three.getByRole("button", { name: "Keep yesterday's one" })).toBeInViewport();

    // Done: each day's count is its record's; day one lost the reopened finish.
    await page.goto("/done");
    const yesterday = page.getByRole("region", { name: "Yesterday" });
    await expect(yesterday).toContainText("1 done · 0 focus minutes");
    await expect(yesterday.getByRole("listitem")).toHaveCount(1);
    await expect(yesterday.getByRole("listitem")).toContainText(TITLES.slides);
    const dayOne = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2 }) })
      .nth(1);
    await expect(dayOne).toContainText("2 done · 0 focus minutes");
    await expect(dayOne.getByRole("listitem")).toHaveCount(2);

    // Analytics says the same of every day.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/analytics");
    await expect(page.getByTestId("current-streak")).toHaveText("2 days");
    await page.getByRole("button", { name: "Week" }).click();
    const week = page.getByRole("table", { name: "Each day: done, focus and the plan" });
    await expect(week.getByRole("row").nth(1)).toHaveText(/^Today\s*0\s*0\s*Not planned$/);
    await expect(week.getByRole("row").nth(2)).toHaveText(/^Yesterday\s*1\s*0\s*Planned$/);
    await expect(week.getByRole("row").nth(3).getByRole("cell")).toHaveText(["2", "0", "Planned"]);
    await expect(week.getByRole("row")).toHaveCount(4);
    await close();
  });
});
