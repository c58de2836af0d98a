// Compares the first screens' Largest Contentful Paint of builds served side by side (not a test):
// used to decide whether a piece of first-screen machinery earns its keep (bench/RESULTS.md).
//
// Each build is measured through bench/gzip-proxy.mjs, in a fresh Chromium context (cold cache) on
// a throttled network like Lighthouse's mobile profile (150 ms round trip, 1.6 Mbit/s down), with
// no CPU throttling: on a busy machine the network part is what stays comparable. Builds alternate
// round by round, so each sees about the same machine load; the median per build and page is printed.
//
//   LCP_BUILDS="with=http://127.0.0.1:8813,without=http://127.0.0.1:8816" LCP_ROUNDS=7 node bench/lcp-compare.mjs
import { chromium } from "@playwright/test";
import { registerAccount } from "./account.mjs";
import { startGzipProxy } from "./gzip-proxy.mjs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const rounds = Number(process.env.LCP_ROUNDS ?? 7);
const builds = (process.env.LCP_BUILDS ?? "").split(",").map((pair) => {
  const [label, url] = pair.split("=");
  return { label, url };
});
if (builds.length < 2 || builds.some((b) => !b.url)) throw new Error("LCP_BUILDS needs label=url,label=url");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** LCP of one cold load of `path`, in ms; with a token, the app's storage holds it first. */
async function lcpOnce(browser, baseUrl, path, token) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    if (token) {
      await page.goto(`${baseUrl}/api/health`);
      await page.evaluate((value) => localStorage.setItem("auth_token", value), token);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const proxies = await Promise.all(builds.map((b, i) => startGzipProxy(b.url, 8817 + i)));
const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const tokens = await Promise.all(builds.map((b) => registerAccount(b.url, "lcp").then((a) => a.token)));
  const results = builds.map(() => ({ landing: [], signedIn: [] }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, proxy] of proxies.entries()) {
      results[i].landing.push(await lcpOnce(browser, proxy.url, "/"));
      results[i].signedIn.push(await lcpOnce(browser, proxy.url, "/", tokens[i]));
    }
  }
  for (const [i, b] of builds.entries()) {
    const { landing, signedIn } = results[i];
    console.log(
      `${b.label}: LCP median landing ${median(landing).toFixed(0)} ms, signed-in / ${median(signedIn).toFixed(0)} ms` +
        ` (${rounds} rounds; signed-in ${signedIn.map((v) => v.toFixed(0)).join(" ")})`,
    );
  }
} finally {
  await browser.close();
  for (const proxy of proxies) proxy.close();
}
