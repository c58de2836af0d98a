import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { addDays, dayOf } from "../../shared/day";
import {
  type Account,
  apiCall,
  collectConsoleErrors,
  expect,
  PASSWORD,
  signInPage,
  test,
  testClientAddress,
  uniqueName,
} from "./fixtures";
import type { Place } from "./steady-place";

// "Day two" for the browser tests (docs/product.md#the-day). The local server's clock is the real
// one, so the person's day is moved the way the product moves it: their account goes east (zone and
// "day starts at" hour) until their day is the next date, at once (a zone change that moves the local
// date forward starts the new day). Day one's activity happens before, in the westmost zone.
// Where a real yesterday is needed, the account's data moves a day back instead
// (docs/decisions/145-browser-tests-move-the-day.md).

/** Every whole-hour zone, westmost first (Etc/GMT signs are inverted: Etc/GMT+12 is UTC−12). */
const ZONES = [
  ...Array.from({ length: 12 }, (_, i) => `Etc/GMT+${12 - i}`),
  "UTC",
  ...Array.from({ length: 14 }, (_, i) => `Etc/GMT-${i + 1}`),
];
const HOURS = Array.from({ length: 13 }, (_, hour) => hour);
/** A test's run fits well within this: its day must not turn over meanwhile. */
const STABLE_MS = 30 * 60_000;

/** Day one's place (UTC−12) and day two's, whose day is day one's next date, both for the next half hour. */
export function dayMove(now = Date.now()): { dayOne: Place; dayTwo: Place; dateOne: string; dateTwo: string } {
  const steady = ({ timeZone, dayStartHour }: Place) => {
    const date = dayOf(new Date(now), timeZone, dayStartHour);
    return dayOf(new Date(now + STABLE_MS), timeZone, dayStartHour) === date ? date : null;
  };
  for (const oneHour of HOURS) {
    const dayOne = { timeZone: "Etc/GMT+12", dayStartHour: oneHour };
    const dateOne = steady(dayOne);
    if (!dateOne) continue;
    for (const timeZone of [...ZONES].reverse()) {
      for (const dayStartHour of HOURS) {
        const dayTwo = { timeZone, dayStartHour };
        if (steady(dayTwo) === addDays(dateOne, 1)) return { dayOne, dayTwo, dateOne, dateTwo: addDays(dateOne, 1) };
      }
    }
  }
  throw new Error("no zone makes tomorrow now");
}

/** Registers an account in day one's zone and start hour. */
export async function registerOnDayOne(request: APIRequestContext, place: Place): Promise<Account> {
  const name = uniqueName("day");
  const res = await request.post("/api/auth/register", {
    data: { username: name, email: `${name}@example.com`, password: PASSWORD, timeZone: place.timeZone },
  });
  expect(res.status(), await res.text()).toBe(201);
  const account = (await res.json()) as Account;
  await apiCall(request, account, "PATCH", "/api/account", { dayStartHour: place.dayStartHour });
  return account;
}

/** Moves the account to day two: its zone and start hour, which makes today the next date. */
export async function moveToDayTwo(request: APIRequestContext, account: Account, place: Place, dateTwo: string) {
  await apiCall(request, account, "PATCH", "/api/account", place);
  const day = (await apiCall(request, account, "GET", "/api/day")) as { date: string; planned: boolean };
  expect(day).toMatchObject({ date: dateTwo, planned: false });
}

/**
 * A server of the app with a database of its own, for tests that move data a day back: the browser
 * suite's own server script (scripts/serve-e2e.mjs) on another port, serving the build the suite's
 * server has just made, for a serial group of tests (dayServerOfTheGroup).
 */
function dayServer() {
  const mainPort = Number(process.env.E2E_PORT ?? 8790);
  const root = fileURLToPath(new URL("../..", import.meta.url));
  let server: ChildProcess | undefined;
  let port = 0;
  return {
    get baseURL() {
      return `http://127.0.0.1:${port}`;
    },
    get stateDir() {
      return `${root}.wrangler/e2e-${port}`;
    },
    async start() {
      // A port and a state folder per browser worker: groups of two files (day.spec.ts, routines.spec.ts)
      // run at once in two workers, and on one port the second server failed to listen while its
      // state folder replaced the first's. Offsets clear of the other servers' (oidc.spec.ts uses
      // +1000 and +2000) and of other runs' ports, which differ by small steps.
      port = mainPort + 3000 + 1000 * test.info().parallelIndex;
      const baseURL = this.baseURL;
      server = spawn("node", ["scripts/serve-e2e.mjs"], {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(port), E2E_BUILD_DIR: `dist-e2e-${mainPort}`, E2E_SKIP_BUILD: "1" },
        stdio: ["ignore", "ignore", "inherit"],
        // Its own process group, so the workerd it starts stops with it.
        detached: true,
      });
      const deadline = Date.now() + 170_000;
      for (;;) {
        if (
          await fetch(`${baseURL}/api/health`).then(
            (res) => res.ok,
            () => false,
          )
        )
          return;
        if (server.exitCode != null) throw new Error(`the day server exited with ${server.exitCode}`);
        if (Date.now() > deadline) throw new Error(`${baseURL} did not answer in time`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    stop() {
      // A server that has already exited has no process group left to stop.
      if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
    },
  };
}

/**
 * A serial group of tests on a dayServer of its own: the server starts before the group's first
 * test and stops after its last; `api` is a request context on it, from the suite's client address.
 * Call it inside the group's `test.describe`.
 */
export function dayServerOfTheGroup() {
  test.describe.configure({ mode: "serial" });
  const server = dayServer();
  const group = { server, api: undefined as unknown as APIRequestContext };
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    await server.start();
    group.api = await playwright.request.newContext({
      baseURL: server.baseURL,
      extraHTTPHeaders: { "CF-Connecting-IP": testClientAddress() },
    });
  });
  test.afterAll(async () => {
    await group.api?.dispose();
    server.stop();
  });
  return group;
}

/**
 * Moves everything the account did one day back, as if it had been done yesterday: its tasks'
 * instants, mark and day stamps, its routines' days, its focus sessions, its analytics records, its plans, the
 * account's own start and the last day it began (so its next request begins today, as after a
 * night: docs/decisions/259-the-day-begins-on-the-server.md). The local
 * server's clock cannot be moved, so its database is, written as the worker would have written it
 * a day earlier. Only in a dayServer's database, between requests (SQLite allows one writer at a
 * time: a server write meanwhile would fail). Its triggers move the tasks version on, so no cached
 * list of the account is answered. Every local database is moved: the account's rows are in its
 * home, wherever that is, and its account row in the directory (docs/decisions/270-person-databases.md).
 */
export function backdateOneDay(account: Account, stateDir: string) {
  const dir = `${stateDir}/v3/d1/miniflare-D1DatabaseObject`;
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length === 0) throw new Error(`no local database in ${dir}`);
  for (const file of files) backdateIn(`${dir}/${file}`, account);
}

function backdateIn(path: string, account: Account) {
  const db = new DatabaseSync(path);
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    const day = 86_400_000;
    const user = account.user.id;
    db.exec("BEGIN IMMEDIATE");
    db.prepare(
      `UPDATE tasks SET created_at = created_at - ${day}, updated_at = updated_at - ${day},
         completed_at = completed_at - ${day}, priority_date = date(priority_date, '-1 day'),
         no_list_date = date(no_list_date, '-1 day'), created_day = date(created_day, '-1 day'),
         completed_day = date(completed_day, '-1 day'), routine_day = date(routine_day, '-1 day') WHERE user_id = ?`,
    ).run(user);
    // Routines: their first day and their days (docs/decisions/281-one-occurrence-made-at-day-start.md).
    db.prepare(
      `UPDATE routines SET start_day = date(start_day, '-1 day'), created_at = created_at - ${day},
         updated_at = updated_at - ${day} WHERE user_id = ?`,
    ).run(user);
    db.prepare("UPDATE routine_days SET day = date(day, '-1 day') WHERE user_id = ?").run(user);
    db.prepare(
      `UPDATE focus_sessions SET started_at = started_at - ${day}, completed_at = completed_at - ${day} WHERE user_id = ?`,
    ).run(user);
    db.prepare("UPDATE daily_analytics SET date = date(date, '-1 day') WHERE user_id = ?").run(user);
    db.prepare(
      `UPDATE users SET created_at = created_at - ${day}, day_begun = date(day_begun, '-1 day') WHERE id = ?`,
    ).run(user);
    db.prepare(
      `UPDATE day_plans SET date = date(date, '-1 day'), planned_at = planned_at - ${day} WHERE user_id = ?`,
    ).run(user);
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** Real-length titles, as people write them (40–60 characters). */
export const TITLES = {
  budget: "Finish the quarterly budget review for the design team",
  landlord: "Reply to the landlord about the broken kitchen window",
  onboarding: "Draft the onboarding guide for next month's new hires",
  dentist: "Book a dentist appointment before the insurance lapses",
  photos: "Sort the photos from the summer trip into shared albums",
  slides: "Prepare slides for Thursday's customer research readout",
  bank: "Call the bank about the duplicate card payment last week",
  bookClub: "Read the two chapters for the Tuesday evening book club",
  garage: "Reorganize the garage shelves and donate the old bikes",
  news: "Scroll the news feeds first thing in the morning again",
  plants: "Water the plants and repot the fig by the south window",
  contract: "Send the signed contract back to the recruiting agency",
} as const;

export type DayOneTasks = Record<keyof typeof TITLES, number>;

/**
 * Day one: twelve tasks; the first three are the day's three (Analyze Priorities), five more have
 * weaker answers, two go on the "No" list, two are finished.
 */
export async function liveDayOne(request: APIRequestContext, account: Account): Promise<DayOneTasks> {
  const ids = {} as DayOneTasks;
  for (const [key, title] of Object.entries(TITLES) as [keyof typeof TITLES, string][]) {
    ids[key] = (
      (await apiCall(request, account, "POST", "/api/tasks", { title, category: "later" })) as { id: number }
    ).id;
  }
  const strong = { urgent: true, important: true };
  await apiCall(request, account, "POST", "/api/tasks/priorities", {
    tasks: [
      { id: ids.budget, answers: { ...strong, relief: true } },
      { id: ids.landlord, answers: strong },
      { id: ids.onboarding, answers: { important: true, relief: true } },
      ...(["dentist", "photos", "slides", "bank", "bookClub"] as const).map((key) => ({
        id: ids[key],
        answers: { relief: true },
      })),
    ],
  });
  await apiCall(request, account, "POST", "/api/no-list/commit", {
    items: [
      { id: ids.garage, reason: "Not this month: the weekends are full" },
      { id: ids.news, reason: null },
    ],
  });
  for (const key of ["plants", "contract"] as const) {
    await apiCall(request, account, "PATCH", `/api/tasks/${ids[key]}`, { isCompleted: true });
  }
  return ids;
}

/**
 * A device of the account on day two: its own browser context in day two's zone, signed in, failing
 * its test on any console error (as the `page` fixture does). `clockAt` installs Playwright's clock.
 */
export async function openDevice(
  browser: Browser,
  account: Account,
  timezoneId: string,
  { clockAt, baseURL = test.info().project.use.baseURL }: { clockAt?: number; baseURL?: string } = {},
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, timezoneId });
  const page = await context.newPage();
  if (clockAt !== undefined) await page.clock.install({ time: clockAt });
  await signInPage(page, account);
  const errors = collectConsoleErrors(page);
  return {
    page,
    errors,
    close: async () => {
      await context.close();
      expect(errors, "console errors").toEqual([]);
    },
  };
}

/** The titles of the account's priorities now, sorted: today's three after a plan. */
export async function priorityTitles(request: APIRequestContext, account: Account): Promise<string[]> {
  const tasks = (await apiCall(request, account, "GET", "/api/tasks")) as { title: string; isPriority: boolean }[];
  return tasks
    .filter((task) => task.isPriority)
    .map((task) => task.title)
    .sort();
}
