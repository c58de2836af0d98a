/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa (injectManifest): the app shell and hashed assets
// are precached, a navigation without network gets the shell, and a push shows a notification.
// API requests are not touched: the page keeps the last known answers itself
// (web/api/query-persistence.ts; docs/decisions/092-offline-page-keeps-last-known-reads.md).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { listenForOutboxSync } from "./sw-outbox";
import { openNotificationPage, type ServiceWorkerParts, showPush } from "./sw-push";

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
// it whole and no page mixes two builds
// (docs/decisions/091-service-worker-ours-built-vite-plugin.md).

// The push and click handlers' rules are in web/sw-push.ts, with the browser's objects passed in.
const worker: ServiceWorkerParts = {
  clients: self.clients,
  registration: self.registration,
  origin: self.location.origin,
};
self.addEventListener("push", (event) => event.waitUntil(showPush(event.data, worker)));
self.addEventListener("notificationclick", (event) =>
  event.waitUntil(openNotificationPage(event.notification, worker)),
);

// Background Sync sends the outbox of changes made offline (web/sw-outbox.ts).
listenForOutboxSync(self);
