import "./zod-csp";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { getAuthToken } from "./api/client";
import { registerServiceWorker } from "./features/offline/service-worker";
import { loadLandingPage, startSignedInApp } from "./first-screen";
import { watchKeyboardUse } from "./ui/keyboard-use";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);
registerServiceWorker();
watchKeyboardUse();

// Someone with no session opening "/" only needs the landing page (its own small chunk): the
// router, the data layer and the screens wait until they are needed.
if (window.location.pathname === "/" && !getAuthToken()) {
  void loadLandingPage().then(({ LandingPage }) =>
    root.render(
      <StrictMode>
        <LandingPage />
      </StrictMode>,
    ),
  );
} else {
  // The first screen's data and code are asked for together, not one after the other
  // (docs/decisions/042-first-screen-does-wait-own-code.md).
  const start = startSignedInApp(window.location.pathname);
  void start.app.then(({ renderApp }) => renderApp(root, start));
}
