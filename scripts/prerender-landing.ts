// Build plugin of vite.config.ts: the landing page's HTML, rendered by React at build time into
// web/index.html, so its first paint is the tagline rather than an empty page waiting for the
// JavaScript; web/start.tsx hydrates it (docs/decisions/166-landing-prerendered-at-build.md).
import { resolve } from "node:path";
import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createElement, type FunctionComponent } from "react";
import { renderToString } from "react-dom/server";
import { type Plugin, runnerImport } from "vite";
import { linguiPlugins } from "./lingui-plugins.ts";

/** Where web/index.html leaves room for the landing page. */
const LANDING_SLOT = "<!-- the landing page, prerendered at build time -->";

export function prerenderLanding(projectRoot: string): Plugin {
  const webRoot = resolve(projectRoot, "web");
  return {
    name: "onething:prerender-landing",
    apply: "build",
    transformIndexHtml: {
      order: "pre",
      async handler(html) {
        if (!html.includes(LANDING_SLOT)) throw new Error(`web/index.html lacks ${LANDING_SLOT}`);
        // The page's module, run in Node by Vite's module runner (TSX, the app's own imports).
        // In English, the page's language until web/start.tsx knows the person's
        // (docs/decisions/395-messages-in-lingui-catalogs.md).
        const config = {
          configFile: false as const,
          root: webRoot,
          logLevel: "warn" as const,
          mode: "production",
          plugins: linguiPlugins(),
        };
        // The landing's own words and those of the shared pieces it shows (the footer, the theme toggle).
        const catalogs = await Promise.all(
          ["landing", "common"].map((name) =>
            runnerImport<{ messages: Messages }>(resolve(webRoot, `locales/en/${name}.po`), config),
          ),
        );
        const messages = Object.assign({}, ...catalogs.map((catalog) => catalog.module.messages)) as Messages;
        i18n.loadAndActivate({ locale: "en", messages });
        const { module } = await runnerImport<{ LandingPage: FunctionComponent }>(
          resolve(webRoot, "features/landing/landing-page.tsx"),
          config,
        );
        const page = createElement(I18nProvider, { i18n }, createElement(module.LandingPage));
        return html.replace(LANDING_SLOT, renderToString(page));
      },
    },
  };
}
