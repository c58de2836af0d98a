// Bundle benchmark (not a test): the JS and CSS the browser actually loads for a screen, gzipped.
//
// Loads the anonymous landing page and the signed-in braindump screen (`/`) in Chromium, waits until
// the screen is shown and the network is idle, and sums every script and stylesheet response (and
// the stylesheet inlined in the page's HTML), each gzipped here (level 9, as a CDN would serve it):
// what a first visit loads to run. Scripts only prefetched (`<link rel="prefetch">`: fetched at the
// lowest priority, not run until a press needs them) are summed apart and shown beside the figure.
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

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Opens `path` in a fresh context and answers the JS/CSS files loaded, with their gzip sizes. */
async function measure(browser, baseUrl, path, { token, ready }) {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript((value) => localStorage.setItem("auth_token", value), token);
  }
  const page = await context.newPage();
  const pending = [];
  const prefetches = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "document") {
      // The stylesheet (docs/decisions/166-landing-prerendered-at-build.md) and first-paint.js
      // (docs/decisions/167-first-paint-script-inline-by-hash.md) are inlined into index.html: its
      // <style> and <script> count here, as the files did.
      const inlined = (html, tag) => {
        const text = [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]).join("");
        if (!text) return null;
        const body = Buffer.from(text);
        return { url: `index.html <${tag}>`, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      };
      const html = response.text().catch(() => "");
      pending.push(html.then((text) => inlined(text, "style")));
      pending.push(html.then((text) => inlined(text, "script")));
      return;
    }
    const prefetched = type === "other" && new URL(response.url()).pathname.endsWith(".js");
    if (type !== "script" && type !== "stylesheet" && !prefetched) return;
    (prefetched ? prefetches : pending).push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  const files = (await Promise.all(pending)).filter(Boolean);
  const prefetched = (await Promise.all(prefetches)).filter(Boolean);
  await context.close();
  const sum = (list) => list.reduce((total, f) => total + f.gzip, 0);
  return { files, gzip: sum(files), prefetched, prefetchedGzip: sum(prefetched) };
}

const kb = (bytes) => bytes / 1024;

/** Answers the rows of the result table; `details` lists the files per screen. */
export async function runBundleBench({ baseUrl, log = console.log } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const landing = await measure(browser, baseUrl, "/", {
      ready: (page) => page.getByRole("heading", { name: "Focus on what matters today." }).waitFor(),
    });
    const { token } = await registerAccount(baseUrl, "bundle");
    const signedIn = await measure(browser, baseUrl, "/", {
      token,
      ready: (page) => page.getByRole("textbox").first().waitFor(),
    });
    if (process.env.BENCH_VERBOSE) {
      for (const [name, result] of [
        ["landing", landing],
        ["signed-in /", signedIn],
      ]) {
        log(`${name}:`);
        for (const f of [...result.files].sort((a, b) => b.gzip - a.gzip)) {
          log(`  ${kb(f.gzip).toFixed(1).padStart(6)} KB gz  ${kb(f.raw).toFixed(1).padStart(7)} KB  ${f.url}`);
        }
        for (const f of result.prefetched) {
          log(
            `  ${kb(f.gzip).toFixed(1).padStart(6)} KB gz  ${kb(f.raw).toFixed(1).padStart(7)} KB  ${f.url} (prefetched, not run)`,
          );
        }
      }
    }
    const row = (name, result, target) => ({
      name,
      measured:
        `${kb(result.gzip).toFixed(1)} KB (${result.files.length} files` +
        (result.prefetched.length ? `; +${kb(result.prefetchedGzip).toFixed(1)} KB prefetched, not run)` : ")"),
      target: `≤ ${target} KB`,
      pass: kb(result.gzip) <= target,
    });
    return [
      row("JS+CSS gzip, anonymous landing", landing, TARGETS.landingKb),
      row("JS+CSS gzip, signed-in braindump /", signedIn, TARGETS.signedInKb),
    ];
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
