import type { Page } from "@playwright/test";

/*
 * The network off and on again, as a page loaded offline sees it. Chromium 150's offline emulation
 * (Playwright's setOffline) cuts every request but tells only the document open when it was set: a
 * document loaded after it (a reload, a navigation) reads `navigator.onLine` true, and gets no
 * `online` event when the network returns. A browser really offline says false, and the app opens
 * offline on that (docs/decisions/092-offline-page-keeps-last-known-reads.md). So a test that loads a
 * page offline tells it what the browser would: its `navigator.onLine` follows the network set here
 * (kept in sessionStorage across the tab's documents), and a document loaded offline is sent the
 * `online` event when the network returns. A document open when the network went gets the
 * browser's own events, as before.
 */

const OFFLINE_KEY = "e2e-network-offline";

/** Installs, for every later document of the page, a `navigator.onLine` that follows setNetwork. */
export async function followNetwork(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const native = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
    const loadedOffline = sessionStorage.getItem(key) === "1";
    Object.defineProperty(window, "__e2eLoadedOffline", { value: loadedOffline, configurable: true });
    Object.defineProperty(Navigator.prototype, "onLine", {
      configurable: true,
      get() {
        return sessionStorage.getItem(key) === "1" ? false : (native?.get?.call(this) ?? true);
      },
    });
  }, OFFLINE_KEY);
}

/** Turns the network off or on for the page's context, and tells a document loaded offline. */
export async function setNetwork(page: Page, online: boolean): Promise<void> {
  await page.context().setOffline(!online);
  await page.evaluate(
    ([key, on]) => {
      if (on) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, "1");
      // Only a document loaded offline misses the browser's own event.
      if (on && (window as { __e2eLoadedOffline?: boolean }).__e2eLoadedOffline)
        window.dispatchEvent(new Event("online"));
    },
    [OFFLINE_KEY, online] as const,
  );
}
