// The page's first script, kept tiny. web/first-paint.js runs it after the first frame, once the
// document is parsed, and has already asked for what it imports
// (docs/decisions/167-first-paint-script-inline-by-hash.md).
import "./zod-csp";
// The stylesheet is the entry's, so the build puts it into index.html (scripts/vite-plugins.ts).
import "./styles.css";

void import("./start");
