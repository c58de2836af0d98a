/**
 * Registers the service worker (web/sw.ts, built by vite-plugin-pwa) in production builds; the dev
 * server has none. A new version installs in the background and waits until every tab of the app
 * is closed, so the next open runs it whole: a page never mixes two builds
 * (docs/decisions/091-service-worker-ours-built-vite-plugin.md).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" }).catch((err: unknown) => {
      console.warn("service worker registration failed", err);
    });
  // After the page's load event, so that precaching every file of the app does not compete with the
  // first screen's own requests (docs/decisions/120-signed-first-screen-carries-waits.md).
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
