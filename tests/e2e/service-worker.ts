import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until the app's service worker is active, then until it controls this page (after a
 * reload): every file of the app is then kept, as on a device where the app was opened before.
 */
export async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/**
 * The outbox's code and the toasts' are on the page before the network goes: both are fetched after
 * the first screen, and on a busy machine the toasts' prefetch could still be under way when a test
 * cut the network, so a change made offline had no toast to show it.
 */
export async function outboxLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [/\/outbox-[\w-]+\.js$/, /\/toaster-[\w-]+\.js$/].every((chunk) =>
          performance.getEntriesByType("resource").some((entry) => chunk.test(entry.name)),
        ),
      ),
    )
    .toBe(true);
}
