// The app's start, imported by web/main.tsx: the landing page hydrated, or the signed-in app.

import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { getAuthToken } from "./api/client";
import { loadCatalog } from "./features/language/catalogs";
import { languageToShow, showLanguage } from "./features/language/shown-language";
import { registerServiceWorker } from "./features/offline/service-worker";
import { loadLandingPage, startSignedInApp } from "./first-screen";
import { watchKeyboardUse } from "./ui/keyboard-use";
import { scrollPageWithKeys } from "./ui/page-scroller";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
// The landing page's HTML, prerendered at build time (docs/decisions/166-landing-prerendered-at-build.md).
const landing = document.getElementById("landing");
registerServiceWorker();
watchKeyboardUse();
// The person's language, and its first words asked for with the code they are shown by.
const language = languageToShow();
const firstWords = loadCatalog(language, "first");

// Someone with no session opening "/" only needs the landing page (its own small chunk): the
// router, the data layer and the screens wait until they are needed. Its HTML is on screen already;
// React takes it over (the dev server does not prerender it, so there it renders it).
if (window.location.pathname === "/" && !getAuthToken() && landing) {
  void Promise.all([loadLandingPage(), firstWords]).then(([{ LandingPage }]) => {
    showLanguage(language);
    const page = (
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <LandingPage />
        </I18nProvider>
      </StrictMode>
    );
    // The prerendered page is English: another language replaces it rather than hydrating it.
    if (landing.firstElementChild && language === "en") hydrateRoot(landing, page);
    else createRoot(landing).render(page);
  });
} else {
  landing?.remove();
  // The page scrolls in #root from here on (web/ui/page-scroller.ts).
  scrollPageWithKeys();
  // The first screen's data and code are asked for together, not one after the other
  // (docs/decisions/042-first-screen-does-wait-own-code.md).
  const root = createRoot(container);
  const start = startSignedInApp(window.location.pathname, language, firstWords);
  void start.app.then(({ renderApp }) => renderApp(root, start));
}
