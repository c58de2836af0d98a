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
