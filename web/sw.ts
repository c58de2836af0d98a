/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa (injectManifest): the app shell and hashed assets
// are precached, a navigation without network gets the shell, and a push shows a notification.
// API requests are not touched: the page keeps the last known answers itself
// (web/api/query-persistence.ts; docs/decisions.md#92).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import type { PushMessageBody } from "../shared/schemas/push";

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
// The first install takes the open page at once, so it works offline from the first visit; a later
// version still waits (below).
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
cleanupOutdatedCaches();
// Every app page is the one index.html (the single-page app); /api/* navigations (sign-in,
// sign-out, the identity provider's return) always go to the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api\//] }));

// No skipWaiting: a new version waits until every tab of the app is closed, so the next open runs
// it whole and no page mixes two builds (docs/decisions.md#91).

const FOCUS_TIMER_URL = "/focus-timer";
const FALLBACK: PushMessageBody = {
  type: "timer-finished",
  title: "Onething",
  body: "Something changed in Onething. Open the app to see it.",
  tag: "onething",
  url: FOCUS_TIMER_URL,
};

/** The push's texts, or a plain one of our own for a message this version does not know. */
function readPush(data: PushMessageData | null): PushMessageBody {
  try {
    const value = data?.json() as Partial<PushMessageBody> | undefined;
    if (value?.type === "timer-finished" && typeof value.title === "string" && typeof value.body === "string") {
      return {
        ...value,
        type: value.type,
        title: value.title,
        body: value.body,
        tag: typeof value.tag === "string" ? value.tag : FALLBACK.tag,
        url: FOCUS_TIMER_URL,
      };
    }
  } catch {
    // Not JSON: the fallback below.
  }
  return FALLBACK;
}

self.addEventListener("push", (event) => {
  const message = readPush(event.data);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      // A visible tab shows its own notice of the end (the live channel told it); a second one here
      // would repeat it. Browsers only require a notification when no tab of the site is visible.
      if (message !== FALLBACK && windows.some((client) => client.visibilityState === "visible")) return;
      await self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url: message.url },
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const url = new URL(FOCUS_TIMER_URL, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
