// Compares the main-thread long tasks of opening a screen from the braindump, in builds served side
// by side (not a test): how long the page cannot answer a tap while the screen appears.
//
// Each round signs a fresh account in, loads the braindump, turns on 4× CPU throttling (as
// Lighthouse's mobile profile does), clicks the screen's link in the header or the tabs and records
// every long task (> 50 ms) until a second after the screen's heading shows. Builds alternate round
// by round, so each sees about the same machine load; the median per build is printed.
//
//   SCREEN_BUILDS="before=http://127.0.0.1:8813,after=http://127.0.0.1:8816" node bench/screen-open.mjs
//   SCREEN_LINK=Settings SCREEN_HEADING=Settings SCREEN_ROUNDS=7   the defaults
import { chromium } from "@playwright/test";
import { registerAccount } from "./account.mjs";

const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const rounds = Number(process.env.SCREEN_ROUNDS ?? 7);
const link = process.env.SCREEN_LINK ?? "Settings";
const heading = process.env.SCREEN_HEADING ?? "Settings";
const builds = (process.env.SCREEN_BUILDS ?? "").split(",").map((pair) => {
  const [label, url] = pair.split("=");
  return { label, url };
});
if (builds.length < 1 || builds.some((b) => !b.url)) throw new Error("SCREEN_BUILDS needs label=url[,label=url]");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The long tasks (ms) of one opening of the screen, in a fresh context. */
async function openOnce(browser, baseUrl) {
  const { token } = await registerAccount(baseUrl, "screen");
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, timezoneId: "Europe/Berlin" });
  try {
    const page = await context.newPage();
    await page.addInitScript((value) => {
      localStorage.setItem("auth_token", value);
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: "longtask" });
    }, token);
    await page.goto(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.evaluate(() => {
      window.__longTasks = [];
    });
    await page.getByRole("link", { name: link, exact: true }).first().click();
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    await page.waitForTimeout(1000);
    return await page.evaluate(() => window.__longTasks);
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: headlessShell, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const results = new Map(builds.map((b) => [b.label, { longest: [], total: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const build of builds) {
      const tasks = await openOnce(browser, build.url);
      const result = results.get(build.label);
      result.longest.push(Math.max(0, ...tasks));
      result.total.push(tasks.reduce((sum, ms) => sum + ms, 0));
    }
  }
  console.log(`Opening "${link}" from the braindump, 4× CPU throttling, ${rounds} rounds (median, min–max):`);
  for (const [label, { longest, total }] of results) {
    const range = (values) =>
      `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;
    console.log(`  ${label}: longest task ${range(longest)}, all long tasks ${range(total)}`);
  }
} finally {
  await browser.close();
}
