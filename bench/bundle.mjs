// Bundle benchmark (not a test): the JS and CSS the browser loads for a screen, gzipped, counted as
// docs/decisions/402-the-first-screen-s-weight-is-counted-one-way.md says.
//
// Opens the anonymous landing page and the signed-in braindump screen (`/`) in Chromium, in English
// and in German (a `de-DE` browser; the signed-in account's language German), each gzipped here
// (level 9, as a CDN would serve it), the stylesheet and script inlined in the page's HTML included:
// - the first screen: every script and stylesheet the page asks for from navigation until the screen
//   is shown and answers a tap: the landing page (prerendered, shown before its code) until it is
//   hydrated and the network idle; the braindump until its text box is shown (rendered by React);
// - after it, on the signed-in screen: what the page then loads by itself, until the outbox's code
//   has loaded with the toasts' 1.5 s after the app opened
//   (docs/decisions/334-feedback-loads-before-the-network-can-go.md) and the network is idle; shown
//   beside the figure, not in it. A run whose screen showed only after that step began (a starved
//   machine) is measured again, up to three times, then fails;
// - prefetched (`<link rel="prefetch">`, fetched at the lowest priority, not run): beside it too.
// The account's hour is pinned: its zone (and the browser's) is the whole-hour zone where it is
// now 12:00–12:59, after the day's start (04:00) and before the close is offered (18:00), so
// neither the close's notice nor the day's plan loads on one run and not on another. A request for
// another language's words (`words-<tag>-…`) fails the bench.
//
//   node bench/bundle.mjs                                  builds and serves the app (bench/server.mjs)
//   BENCH_URL=http://127.0.0.1:8787 node bench/bundle.mjs  measures a running app
//   BENCH_VERBOSE=1                                        also lists every file

import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { registerAccount } from "./account.mjs";
import { startServer } from "./server.mjs";

export const TARGETS = { landingKb: 90, signedInKb: 125 };

/** The account's and the browser's wall-clock hour while the bench measures. */
export const PINNED_HOUR = 12;

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The whole-hour zone in which it is now PINNED_HOUR:xx (Etc/GMT-N is N hours east of UTC). */
export function pinnedZone(now = Date.now()) {
  let east = PINNED_HOUR - new Date(now).getUTCHours();
  if (east > 14) east -= 24;
  if (east < -12) east += 24;
  return east === 0 ? "Etc/UTC" : `Etc/GMT${east > 0 ? "-" : "+"}${Math.abs(east)}`;
}

/** The language a `words-<tag>-<part>-<hash>.js` file holds (a tag: `de`, `pt-BR`), or null for any other file. */
function wordsLanguage(pathname) {
  return /\/words-([a-z]{2,3}(?:-[A-Z]{2})?)-[a-z]+-[^/]*\.js$/.exec(pathname)?.[1] ?? null;
}

/**
 * Opens `path` in a fresh context and answers the JS/CSS files loaded, with their gzip sizes. `after`
 * names the file that marks the step after the first screen, waited for before the network's idle.
 */
async function measure(browser, baseUrl, path, { token, locale, language, timezoneId, ready, after }) {
  const context = await browser.newContext({ locale, timezoneId });
  if (token) {
    await context.addInitScript((value) => localStorage.setItem("auth_token", value), token);
  }
  const page = await context.newPage();
  let shown = false;
  const first = [];
  const later = [];
  const prefetches = [];
  const wrongWords = [];
  const gzipOf = (url, body) => ({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  // The file that marks the step after the first screen, answered (whenever: before the screen too).
  let stepArrived = () => {};
  const stepAnswered = new Promise((resolve) => (stepArrived = resolve));
  page.on("response", (response) => {
    if (after?.test(new URL(response.url()).pathname)) stepArrived();
  });
  page.on("request", (request) => {
    const type = request.resourceType();
    const pathname = new URL(request.url()).pathname;
    const words = wordsLanguage(pathname);
    if (words && words !== language) wrongWords.push(pathname);
    if (type === "document") {
      // The stylesheet (docs/decisions/166-landing-prerendered-at-build.md) and first-paint.js
      // (docs/decisions/167-first-paint-script-inline-by-hash.md) are inlined into index.html: its
      // <style> and <script> count here, as the files did.
      const inlined = (html, tag) => {
        const text = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]).join("");
        return text ? gzipOf(`index.html <${tag}>`, Buffer.from(text)) : null;
      };
      const html = request.response().then(
        (response) => response?.text() ?? "",
        () => "",
      );
      first.push(html.then((text) => inlined(text, "style")));
      first.push(html.then((text) => inlined(text, "script")));
      return;
    }
    const prefetched = type === "other" && pathname.endsWith(".js");
    if (type !== "script" && type !== "stylesheet" && !prefetched) return;
    // Sorted when asked for, not when answered: a file asked for before the screen showed is the first screen's.
    const list = prefetched ? prefetches : shown ? later : first;
    list.push(
      request.response().then(
        (response) => (response ? response.body().then((body) => gzipOf(pathname, body)) : null),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  await ready(page);
  shown = true;
  const early = (await Promise.all(first)).some((f) => f && after?.test(f.url));
  if (after) {
    let late;
    const waited = new Promise((_, reject) => {
      late = setTimeout(
        () => reject(new Error(`${path}: the step after the first screen did not come in 30 s`)),
        30_000,
      );
    });
    await Promise.race([stepAnswered, waited]).finally(() => clearTimeout(late));
  }
  await page.waitForLoadState("networkidle");
  const settle = async (list) => (await Promise.all(list)).filter(Boolean);
  const files = await settle(first);
  const afterFiles = await settle(later);
  const prefetched = await settle(prefetches);
  await context.close();
  if (wrongWords.length) {
    throw new Error(`${path} in ${language} asked for another language's words: ${wrongWords.join(", ")}`);
  }
  const sum = (list) => list.reduce((total, f) => total + f.gzip, 0);
  return {
    early,
    files,
    gzip: sum(files),
    after: afterFiles,
    afterGzip: sum(afterFiles),
    prefetched,
    prefetchedGzip: sum(prefetched),
  };
}

const kb = (bytes) => bytes / 1024;

/** Sets the account's language and zone (PATCH /api/account). */
async function placeAccount(baseUrl, token, body) {
  const res = await fetch(`${baseUrl}/api/account`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PATCH /api/account: ${res.status} ${(await res.text()).slice(0, 200)}`);
}

/** The outbox's code: the file that marks the step 1.5 s after the app opens (web/api/send-change.ts). */
const OUTBOX_FILE = /\/outbox-[^/]*\.js$/;

/** `measure`, again while the screen showed only after the outbox's step began (up to three runs). */
async function measureSignedIn(browser, baseUrl, path, options) {
  for (let run = 1; ; run += 1) {
    const result = await measure(browser, baseUrl, path, options);
    if (!result.early) return result;
    if (run === 3) throw new Error(`${path}: the screen showed after the outbox's step began, three runs in a row`);
  }
}

/** Answers the rows of the result table; BENCH_VERBOSE lists the files per screen. */
export async function runBundleBench({ baseUrl, log = console.log } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const timezoneId = pinnedZone();
    const screens = [];
    for (const [language, locale] of [
      ["en", "en-US"],
      ["de", "de-DE"],
    ]) {
      const landing = await measure(browser, baseUrl, "/", {
        locale,
        language,
        timezoneId,
        ready: async (page) => {
          await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
          await page.getByRole("heading", { level: 1 }).first().waitFor();
          await page.waitForLoadState("networkidle");
        },
      });
      const { token } = await registerAccount(baseUrl, "bundle");
      await placeAccount(baseUrl, token, { language, timeZone: timezoneId });
      const signedIn = await measureSignedIn(browser, baseUrl, "/", {
        token,
        locale,
        language,
        timezoneId,
        ready: async (page) => {
          await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
          await page.getByRole("textbox").first().waitFor();
        },
        after: OUTBOX_FILE,
      });
      screens.push([`anonymous landing, ${language}`, landing, TARGETS.landingKb]);
      screens.push([`signed-in braindump /, ${language}`, signedIn, TARGETS.signedInKb]);
    }
    if (process.env.BENCH_VERBOSE) {
      log(`the account's and the browser's zone: ${timezoneId} (${PINNED_HOUR}:xx there)`);
      const line = (f, note = "") =>
        `  ${kb(f.gzip).toFixed(1).padStart(6)} KB gz  ${kb(f.raw).toFixed(1).padStart(7)} KB  ${f.url}${note}`;
      for (const [name, result] of screens) {
        log(`${name}:`);
        for (const f of [...result.files].sort((a, b) => b.gzip - a.gzip)) log(line(f));
        for (const f of result.after) log(line(f, " (after the first screen)"));
        for (const f of result.prefetched) log(line(f, " (prefetched, not run)"));
      }
    }
    const row = ([name, result, target]) => {
      const beside = [
        result.after.length ? `+${kb(result.afterGzip).toFixed(1)} KB after it` : null,
        result.prefetched.length ? `+${kb(result.prefetchedGzip).toFixed(1)} KB prefetched, not run` : null,
      ].filter(Boolean);
      return {
        name: `JS+CSS gzip, first screen, ${name}`,
        measured: `${kb(result.gzip).toFixed(1)} KB (${result.files.length} files${beside.map((b) => `; ${b}`).join("")})`,
        target: `≤ ${target} KB`,
        pass: kb(result.gzip) <= target,
      };
    };
    return screens.map(row);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = process.env.BENCH_URL ? { baseUrl: process.env.BENCH_URL, stop() {} } : await startServer();
  try {
    const rows = await runBundleBench({ baseUrl: server.baseUrl });
    for (const r of rows) console.log(`${r.name}: ${r.measured} (target ${r.target}) ${r.pass ? "pass" : "FAIL"}`);
    process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
  } finally {
    server.stop();
  }
}
