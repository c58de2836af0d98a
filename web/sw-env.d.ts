// What vite-plugin-pwa injects into web/sw.ts at build time: the precache list.
declare interface ServiceWorkerGlobalScope {
  __WB_MANIFEST: Array<import("workbox-precaching").PrecacheEntry | string>;
}
