import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { DEFAULT_DAY_START_HOUR } from "../../shared/day";
import { placeRunClock } from "./run-clock";
import { runPlace } from "./run-place";
import { NOTIFICATIONS } from "./tags";

const port = Number(process.env.E2E_PORT ?? 8790);
// E2E_CLOCK places the run's clock where a day turns (docs/decisions/238-browser-suite-runs-across-a-days-start.md):
// before the run's place is read, as `dst` chooses the place too.
const clockShift = placeRunClock(DEFAULT_DAY_START_HOUR);

// The whole Chromium for the tests that need it (notifications); the headless shell (Debian's
// chromium-headless-shell: the same engine without the browser around it) for the rest: the whole
// browser also runs its own UI pages, CPU the suite's two cores do not have
// (docs/decisions/064-test-suites-sized-busy-machine.md,
// docs/decisions/121-lighthouse-runs-chromiums-headless-shell.md). Without the shell installed, the
// whole Chromium runs everything.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const headlessShell = existsSync(headlessShellPath) ? headlessShellPath : chromium;
const launchArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../../test-results/e2e",
  fullyParallel: true,
  // Starts the one-minute session whose alarm focus.spec.ts checks, so its minute runs beside the suite.
  globalSetup: "./alarm-session.ts",
  // One browser per core (E2E_WORKERS overrides): each test drives a Chromium and the local
  // server answers it, so more workers than cores only make every test slower, and on a busy
  // machine (docs/decisions/064-test-suites-sized-busy-machine.md) a third worker on two cores
  // pushed tests past their timeout.
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.min(4, availableParallelism()))),
  retries: 0,
  // Generous limits for a machine that is doing other work: a passing test takes the time it
  // takes, and only a failing one waits them out. Tests with many steps add test.slow().
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT }]]
    : [["list"]],
  use: {
    baseURL,
    // Every browser's clock shows the run's place, where the accounts live too: the device's date
    // and the person's day cannot turn during the run (docs/decisions/235-tests-live-where-the-day-cannot-turn.md).
    timezoneId: runPlace().timeZone,
    // A trace records a screenshot per action and costs about a third of the suite's time on two
    // cores; E2E_TRACE=1 keeps one for each failing test when a failure needs it.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The app's service worker would answer requests before page.route() sees them (tests that
    // fake a failure or a missing file); offline.spec.ts turns it on for the tests of it.
    serviceWorkers: "block",
  },
  // The notification project first: its two tests are long and need their own browser, and run
  // last they kept the suite waiting on them with a core idle.
  projects: [
    {
      name: "chromium-notifications",
      grep: new RegExp(NOTIFICATIONS.tag),
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromium, args: launchArgs } },
    },
    {
      name: "chromium",
      grepInvert: new RegExp(NOTIFICATIONS.tag),
      use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: headlessShell, args: launchArgs } },
    },
  ],
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    cwd: "../..",
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port), E2E_CLOCK_SHIFT_MS: String(clockShift) },
    // `npm test` starts it beside the worker suite (scripts/test.mjs) and says so.
    reuseExistingServer: !process.env.CI || process.env.E2E_SERVER_STARTED === "1",
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
