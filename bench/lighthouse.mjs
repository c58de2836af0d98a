// Lighthouse benchmark (not a test): mobile, simulated throttling (Lighthouse's default config), on
// the anonymous landing page and the signed-in braindump screen `/`, with Debian's Chromium headless
// shell (the same engine without the browser's own UI;
// docs/decisions/121-lighthouse-runs-chromiums-headless-shell.md).
//
// The app is measured through bench/gzip-proxy.mjs, because `vite preview` does not compress and
// Cloudflare does. Each page runs LIGHTHOUSE_RUNS times (default 3), each in a fresh browser (cold
// cache); the table shows the median score of each category.
//
//   node bench/lighthouse.mjs                                  builds and serves the app
//   BENCH_URL=http://127.0.0.1:8787 node bench/lighthouse.mjs  measures a running app
//   BENCH_LIGHTHOUSE_PAGES=landing                             only the landing page
//   LIGHTHOUSE_SAVE=/tmp/lh                                    also writes each run's report there
//   LIGHTHOUSE_BROWSER=chromium                                the whole Chromium (--headless=new) instead
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { registerAccount } from "./account.mjs";
import { startGzipProxy } from "./gzip-proxy.mjs";
import { startServer } from "./server.mjs";

export const TARGETS = { performance: 0.98, accessibility: 1, "best-practices": 0.95 };
/**
 * The landing page paints as HTML (docs/decisions/166-landing-prerendered-at-build.md): its
 * performance and LCP have targets of their own.
 */
const LANDING_TARGETS = { performance: 0.99, lcpSeconds: 1.0 };
const CATEGORIES = Object.keys(TARGETS);
/**
 * The headless shell, not the whole Chromium in --headless=new: the whole browser also runs its own
 * desktop UI in a renderer of its own (the address bar's popup, a web page of Chromium's), which
 * took about 2 s of CPU during the signed-in page's 0.6 s load, on the same two cores as the page.
 * Lighthouse multiplies the page's observed task times by 4, so that contention alone cost the
 * signed-in screen 0.04 to 0.07 of its score (bench/RESULTS.md,
 * docs/decisions/121-lighthouse-runs-chromiums-headless-shell.md).
 */
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const useShell = process.env.LIGHTHOUSE_BROWSER !== "chromium" && existsSync(headlessShell);
export const LIGHTHOUSE_BROWSER = useShell ? "Chromium headless shell" : "Chromium --headless=new";
const chromePath = useShell ? headlessShell : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");
const chromeFlags = [
  ...(useShell ? [] : ["--headless=new"]),
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-extensions",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Writes a run's whole report under LIGHTHOUSE_SAVE (a folder), to look into what a score is made of. */
function saveReport(lhr, name) {
  mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
  const file = `${process.env.LIGHTHOUSE_SAVE}/${name}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify(lhr));
}

/** One Lighthouse run in a fresh browser; with a token, the app's storage holds it first. */
async function runOnce(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    if (token) {
      // Put the token where the app keeps it (localStorage.auth_token) from a page that loads no
      // script or stylesheet, so the measured load still starts with a cold cache.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(new URL("/api/health", url).href);
      await page.evaluate((value) => localStorage.setItem("auth_token", value), token);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      // Lighthouse clears the origin's storage before loading; the signed-in run must keep it.
      disableStorageReset: Boolean(token),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (process.env.LIGHTHOUSE_SAVE) saveReport(lhr, token ? "signed-in" : "landing");
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score]));
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .map((a) => a.id);
    return { scores, failing, lcp: lhr.audits["largest-contentful-paint"].numericValue };
  } finally {
    await chrome.kill();
  }
}

/** Answers the rows of the result table (one per page and category). */
export async function runLighthouseBench({
  baseUrl,
  proxyPort = Number(process.env.BENCH_PROXY_PORT ?? 8814),
  runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3),
  pages = (process.env.BENCH_LIGHTHOUSE_PAGES ?? "landing,signed-in").split(","),
  log = console.log,
} = {}) {
  const proxy = await startGzipProxy(baseUrl, proxyPort);
  log(`Lighthouse in ${LIGHTHOUSE_BROWSER}`);
  const rows = [];
  try {
    const targets = [];
    if (pages.includes("landing")) targets.push({ name: "landing", token: null });
    if (pages.includes("signed-in")) {
      // The account is registered through the proxy: the page runs on the proxy's origin.
      targets.push({ name: "signed-in /", token: (await registerAccount(proxy.url, "lighthouse")).token });
    }
    for (const target of targets) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        log(`Lighthouse ${target.name}, run ${i + 1} of ${runs} ...`);
        results.push(await runOnce(`${proxy.url}/`, target.token));
      }
      const lcp = median(results.map((r) => r.lcp));
      const failing = [...new Set(results.flatMap((r) => r.failing))];
      const landing = target.name === "landing";
      for (const category of CATEGORIES) {
        const score = median(results.map((r) => r.scores[category]));
        const performance = category === "performance";
        const own = landing && performance;
        const least = own ? LANDING_TARGETS.performance : TARGETS[category];
        const lcpText = performance ? `; LCP ${(lcp / 1000).toFixed(2)} s` : "";
        rows.push({
          name: `Lighthouse mobile ${category}, ${target.name}`,
          measured: `${score.toFixed(2)} (median of ${runs}${lcpText})`,
          target: own ? `≥ ${least}, LCP ≤ ${LANDING_TARGETS.lcpSeconds.toFixed(1)} s` : `≥ ${least}`,
          pass: score >= least && (!own || lcp / 1000 <= LANDING_TARGETS.lcpSeconds),
        });
      }
      if (failing.length) log(`  ${target.name}: audits under 0.9: ${failing.join(", ")}`);
    }
  } finally {
    await proxy.close();
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = process.env.BENCH_URL ? { baseUrl: process.env.BENCH_URL, stop() {} } : await startServer();
  try {
    const rows = await runLighthouseBench({ baseUrl: server.baseUrl });
    for (const r of rows) console.log(`${r.name}: ${r.measured} (target ${r.target}) ${r.pass ? "pass" : "FAIL"}`);
    process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
  } finally {
    server.stop();
  }
}
