// The page's first script, kept tiny. On the landing page (prerendered HTML, already on screen) the
// app's code is asked for and run only after the first paint, so it never holds the tagline back.
// Everywhere else it starts at once; first-paint.js has already asked for its code
// (docs/decisions/166-landing-prerendered-at-build.md).
import "./zod-csp";
// The stylesheet is the entry's, so the build puts it into index.html (scripts/vite-plugins.ts).
import "./styles.css";

const start = () => import("./start");
// first-paint.js marks every first paint but the landing page's.
if (document.documentElement.hasAttribute("data-first-paint")) void start();
else requestAnimationFrame(() => setTimeout(start));
