/**
 * Registers the service worker (web/sw.ts, built by vite-plugin-pwa) in production builds; the dev
 * server has none. A new version installs in the background and waits until every tab of the app
 * is closed, so the next open runs it whole: a page never mixes two builds (docs/decisions.md#91).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch((err: unknown) => {
    console.warn("service worker registration failed", err);
  });
}
