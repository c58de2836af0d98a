import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { catalogParts } from "./scripts/catalog-parts-plugin.ts";
import { linguiPlugins } from "./scripts/lingui-plugins.ts";
import { prerenderLanding } from "./scripts/prerender-landing.ts";
import { keepIdleConnectionsOpen } from "./scripts/server-keep-alive.ts";
import {
  chunkGroup,
  deployRedirectAtRoot,
  inlineFirstPaint,
  inlineStylesheet,
  nameStartModules,
  prefetchToasts,
  preloadWhatIsNotLoaded,
  reactsOwnExternalStore,
  zodMiniCopy,
} from "./scripts/vite-plugins.ts";
import { LANGUAGE_TAGS } from "./shared/languages.ts";
import { CATALOG_PARTS } from "./web/features/language/catalog-parts.ts";

// ONETHING_OUT_DIR and ONETHING_STATE_DIR let several builds (e.g. parallel e2e runs) coexist.
const outDir = process.env.ONETHING_OUT_DIR ?? "dist";
// The Vite root is web/, so the local state path is given from the project root, where
// `wrangler d1 migrations apply --local` writes it too.
const projectRoot = fileURLToPath(new URL(".", import.meta.url));
const persistState = { path: resolve(projectRoot, process.env.ONETHING_STATE_DIR ?? ".wrangler/state") };
// ONETHING_NO_INSPECTOR=1 turns off workerd's debugger port, which parallel servers would fight over.
const inspectorPort = process.env.ONETHING_NO_INSPECTOR === "1" ? false : undefined;

// The footer's year as the landing page prerendered at build time says it (web/ui/footer.tsx).
process.env.VITE_BUILD_YEAR ??= String(new Date().getFullYear());

/**
 * A chunk per language and catalog part: the part's catalogs (a file per folder) are one request
 * (web/features/language/catalog-parts.ts).
 */
const catalogChunks = LANGUAGE_TAGS.flatMap((language) =>
  Object.entries(CATALOG_PARTS).map(([part, names]) => ({
    name: `words-${language}-${part}`,
    test: new RegExp(`web[\\\\/]locales[\\\\/]${language}[\\\\/](${names.join("|")})\\.po$`),
    priority: 5,
  })),
);

const chunkRoots = {
  // What web/main.tsx, the tiny first script, starts (docs/decisions/166-landing-prerendered-at-build.md).
  start: resolve(projectRoot, "web/start.tsx"),
  app: resolve(projectRoot, "web/app.tsx"),
  firstScreen: resolve(projectRoot, "web/features/braindump/priority-picker-page.tsx"),
  landing: resolve(projectRoot, "web/features/landing/landing-page.tsx"),
};

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    // Lingui's macros become catalog lookups, and web/locales' catalogs compiled modules
    // (docs/decisions/395-messages-in-lingui-catalogs.md).
    ...linguiPlugins(),
    catalogParts(projectRoot),
    react(),
    tailwindcss(),
    prefetchToasts(),
    prerenderLanding(projectRoot),
    inlineFirstPaint(projectRoot),
    nameStartModules(chunkRoots.start),
    inlineStylesheet(),
    zodMiniCopy(),
    reactsOwnExternalStore(),
    keepIdleConnectionsOpen(),
    // remoteBindings: false keeps Workers AI (which has no local simulation) from opening a session
    // with Cloudflare: `npm start` needs no account and no network, and suggestions come from the
    // embedded generator (docs/decisions/156-suggestion-provider-chosen-by-what-is-there.md).
    cloudflare({ configPath: "../wrangler.toml", persistState, inspectorPort, remoteBindings: false }),
    // The service worker is ours (web/sw.ts: push, notification clicks, offline reads); the plugin
    // builds it and injects the precache list of the client build
    // (docs/decisions/091-service-worker-ours-built-vite-plugin.md).
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      // The Cloudflare plugin writes the browser's files to <outDir>/client.
      outDir: resolve(projectRoot, outDir, "client"),
      // Registered by web/features/offline/service-worker.ts: the CSP forbids inline scripts.
      injectRegister: false,
      // web/public/manifest.webmanifest is the app's manifest.
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest,ico}"],
        // The change kinds it replays carry their words as messages: their macros are compiled
        // here too, though the service worker itself says none of them (web/api/outbox-store.ts).
        buildPlugins: { vite: linguiPlugins() },
      },
      devOptions: { enabled: false },
    }),
    // Only the default build is what `wrangler deploy` uploads; side builds (browser tests) are not.
    outDir === "dist" ? deployRedirectAtRoot(projectRoot) : null,
  ],
  build: {
    outDir: `../${outDir}`,
    emptyOutDir: true,
  },
  environments: {
    client: {
      build: {
        modulePreload: { resolveDependencies: preloadWhatIsNotLoaded },
        rollupOptions: {
          input: { index: resolve(projectRoot, "web/index.html") },
          output: {
            codeSplitting: {
              groups: [
                ...catalogChunks,
                // What web/start.tsx loads (react-dom) with what the landing page shares with the
                // signed-in screens, then what every signed-in screen loads: one file each. Vite's
                // preload helper, which web/main.tsx runs to import web/start.tsx, stays out of the
                // first: that code runs only after the landing page's first paint.
                { name: "preload-helper", test: /vite\/preload-helper/, priority: 4 },
                { name: chunkGroup(chunkRoots, "main"), debugName: "main", priority: 3 },
                { name: chunkGroup(chunkRoots, "app"), debugName: "app", priority: 2 },
                // The icons of a task row (check, star, pencil, bin), shared by the braindump and later
                // screens: one file on the first screen instead of four.
                {
                  name: "row-icons",
                  test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](check|star|pencil|trash)\.mjs$/,
                  priority: 2,
                },
                // The landing page with its icons (shared with other screens, so otherwise files of
                // their own): one request after the main bundle instead of three. The names mirror the
                // page's lucide imports; one missing here only costs a request.
                {
                  name: "landing",
                  test: /web[\\/]features[\\/]landing[\\/]landing-page\.tsx$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](brain|list-ordered|timer|ban)\.mjs$/,
                  priority: 1,
                },
                // What the first screen and web/app.tsx do not load, in fewer files: each chunk's preload
                // list names every file with its hash, and those lists are on the first screen
                // (docs/decisions/300-later-screens-preload-no-dependencies.md). The change kinds, which
                // load together with the outbox anyway, are one file; the later screens' icons (a few
                // hundred bytes each) another. The first screen's own icons (check-check, sunrise) stay
                // in its file: the icons' file is not on the first screen.
                { name: "change-kinds", test: /web[\\/]changes[\\/]/, priority: 0 },
                {
                  name: "screen-icons",
                  test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!(check-check|sunrise)\.mjs$)/,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    },
  },
});
