import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  backdateOneDay,
  dayMove,
  dayServerOfTheGroup,
  moveToDayTwo,
  openDevice,
  registerOnDayOne,
  TITLES,
} from "./day-two";
import { type Account, type ApiTask, apiCall, expect, screenshots, shownToast, test } from "./fixtures";

// The morning plan's size line at 390 px: its "Move … to Later" is written, with Undo, offline too
// (docs/decisions/332-move-to-later-is-written.md); the usual focus it shows is the server's and
// says where it comes from (docs/decisions/331-the-usual-focus-says-where-it-comes-from.md).

const REPORT = "Draft the quarterly report for the finance team and board";
const SLIDES = "Prepare the slides for Thursday's customer research readout";
const LANDLORD = "Call the landlord about the broken kitchen radiator again";

/** Day one: ten more tasks of real length, and the three with estimates (2 h, 1 h 30, 15 min), planned. */
async function plannedThree(request: APIRequestContext, account: Account) {
  for (const title of Object.values(TITLES).slice(0, 10)) {
    await apiCall(request, account, "POST", "/api/tasks", { title, category: "later" });
  }
  const ids: number[] = [];
  for (const [title, estimateMinutes] of [
    [REPORT, 120],
    [SLIDES, 90],
    [LANDLORD, 15],
  ] as const) {
    const task = (await apiCall(request, account, "POST", "/api/tasks", { title })) as ApiTask;
    await apiCall(request, account, "PATCH", `/api/tasks/${task.id}`, { estimateMinutes });
    ids.push(task.id);
  }
  await apiCall(request, account, "POST", "/api/day/plan", { priorityTaskIds: ids, noListTaskIds: [] });
  return ids as [number, number, number];
}

const threeOf = (page: Page) => page.getByRole("region", { name: "Today's three" });

test.describe("Move to Later on the morning plan", () => {
  // The outbox's replay in the page needs no service worker; allowed as the offline specs do.
  test.use({ serviceWorkers: "allow" });

  test("at 390 px: the move is written, on every device and after a reload, with Undo, and offline", async ({
    browser,
    request,
  }) => {
    test.slow();
    const move = dayMove();
    const account = await registerOnDayOne(request, move.dayOne);
    const [report] = await plannedThree(request, account);
    await apiCall(request, account, "PATCH", "/api/account", { usualFocusMinutes: 60 });
    await moveToDayTwo(request, account, move.dayTwo, move.dateTwo);

    const phone = await openDevice(browser, account, move.dayTwo.timeZone);
    const laptop = await openDevice(browser, account, move.dayTwo.timeZone);
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await laptop.page.setViewportSize({ width: 1280, height: 900 });
    for (const { page } of [phone, laptop]) {
      await page.goto("/");
      await expect(threeOf(page).getByRole("listitem")).toHaveText([REPORT, SLIDES, LANDLORD]);
    }
    const three = threeOf(phone.page);
    await expect(three.getByTestId("plan-size")).toHaveText(
      /These three need about 3 h 45; you usually focus 1 h a day \(your setting\)\./,
    );
    await three.getByRole("button", { name: `Move "${REPORT}" to Later` }).click();
    const moved = shownToast(phone.page, `Moved to Later: "${REPORT}"`, "It is no longer one of the three offered");
    await expect(moved).toBeVisible();
    await expect(three.getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
    await screenshots(phone.page, "plan-move-to-later");
    // Written: the server, the other device (live), a reload.
    const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as ApiTask[];
    expect(tasks.find((task) => task.id === report)).toMatchObject({ isPriority: false, priorityDate: null });
    await expect(threeOf(laptop.page).getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
    // Undo: the star back on its day, offered again everywhere.
    await moved.getByRole("button", { name: "Undo" }).click();
    await expect(shownToast(phone.page, `Undone: "${REPORT}"`)).toBeVisible();
    await expect(three.getByRole("listitem")).toHaveText([REPORT, SLIDES, LANDLORD]);
    await expect(threeOf(laptop.page).getByRole("listitem")).toHaveText([REPORT, SLIDES, LANDLORD]);
    expect((await apiCall(request, account, "GET", "/api/day")) as { previousPriorityTaskIds: number[] }).toMatchObject(
      { previousPriorityTaskIds: expect.arrayContaining([report]) },
    );

    // Offline: the move waits in the outbox, shows at once and after a reload, and arrives once.
    await expect
      .poll(() =>
        phone.page.evaluate(() =>
          performance.getEntriesByType("resource").some((entry) => /\/outbox-[\w-]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    await phone.page.context().setOffline(true);
    await three.getByRole("button", { name: `Move "${REPORT}" to Later` }).click();
    await expect(
      shownToast(phone.page, `Moved to Later: "${REPORT}"`, "It syncs when you're back online."),
    ).toBeVisible();
    await expect(three.getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
    await phone.page.context().setOffline(false);
    await expect(phone.page.getByText(/changes? waiting to sync/).filter({ visible: true })).toHaveCount(0);
    await expect(threeOf(laptop.page).getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
    await phone.page.reload();
    await expect(threeOf(phone.page).getByRole("listitem")).toHaveText([SLIDES, LANDLORD]);
    await phone.close();
    await laptop.close();
  });
});

/** Sets the focus minutes of the account's days with a record (only its home has any), as finished sessions record them. */
function focusMinutesOfEveryDay(account: Account, stateDir: string, minutes: number) {
  const dir = `${stateDir}/v3/d1/miniflare-D1DatabaseObject`;
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(`${dir}/${file}`);
    try {
      db.exec("PRAGMA busy_timeout = 10000");
      db.prepare("UPDATE daily_analytics SET total_focus_minutes = ? WHERE user_id = ?").run(minutes, account.user.id);
    } finally {
      db.close();
    }
  }
}

test.describe("the usual focus", () => {
  const day = dayServerOfTheGroup();

  test("at 390 px: one stray minute of focus yesterday leaves the setting, said as the server has it", async ({
    browser,
  }) => {
    const { dayOne: place } = dayMove();
    const account = await registerOnDayOne(day.api, place);
    await plannedThree(day.api, account);
    // Day one had one focus session of 1 min 3 s, ended early; then a night passed.
    backdateOneDay(account, day.server.stateDir);
    focusMinutesOfEveryDay(account, day.server.stateDir, 1);
    const today = (await apiCall(day.api, account, "GET", "/api/day")) as {
      usualFocusMinutes: number;
      usualFocusDays: number;
    };
    expect(today).toMatchObject({ usualFocusMinutes: 120, usualFocusDays: 0 });
    const { page, close } = await openDevice(browser, account, place.timeZone, { baseURL: day.server.baseURL });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(threeOf(page).getByTestId("plan-size")).toHaveText(
      /These three need about 3 h 45; you usually focus 2 h a day \(your setting\)\./,
    );
    await screenshots(page, "plan-usual-focus");
    await close();
  });
});
