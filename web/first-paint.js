// Runs before the first paint, inlined into index.html at build time and allowed by its hash in the
// CSP (docs/decisions/167-first-paint-script-inline-by-hash.md): a change here changes the hash that
// web/public/_headers and worker/http/security-headers.ts name, and the build says the new one.
// The theme: keep in step with web/ui/theme.ts (stored "light" or "dark", else the system
// preference). What paints first: the landing page prerendered in web/index.html only on "/"
// without a stored session (where web/start.tsx hydrates it); with a stored session
// (web/api/client.ts) on the braindump, index.html's outline of that screen until the app replaces
// it; elsewhere neither. Then it starts the app (the scripts the build names in index.html's
// <meta>s) after that first paint: on the landing page it asks for them only then, so no request
// holds the tagline back; everywhere else it preloads them at once.
(() => {
  const root = document.documentElement;
  let session = null;
  try {
    const stored = localStorage.getItem("theme");
    const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    session = localStorage.getItem("auth_token");
  } catch {
    // Storage blocked: the light default stands, and no session can be stored.
  }
  const named = (name) =>
    (document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? "").split(" ").filter(Boolean);
  const add = (tag, properties) => document.head.append(Object.assign(document.createElement(tag), properties));
  const preload = () => {
    for (const href of [...named("start-entry"), ...named("start-modules")]) {
      add("link", { rel: "modulepreload", href, crossOrigin: "anonymous" });
    }
  };
  const run = () => {
    for (const src of named("start-entry")) add("script", { type: "module", src, crossOrigin: "anonymous" });
    for (const href of named("prefetch-modules"))
      add("link", { rel: "prefetch", as: "script", href, crossOrigin: "anonymous" });
  };
  // After the frame that paints what index.html shows; a hidden tab paints no frame until shown.
  const afterFirstFrame = (callback) =>
    document.visibilityState === "hidden" ? callback() : requestAnimationFrame(() => setTimeout(callback));
  // A script added by a script runs as soon as it arrives: the app's runs once the document is parsed
  // (web/start.tsx reads #root and #landing), as its tag's would.
  const whenParsed = (callback) =>
    document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", callback) : callback();
  if (location.pathname === "/" && !session) {
    afterFirstFrame(() => {
      preload();
      whenParsed(run);
    });
    return;
  }
  const path = location.pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const braindump = session && (path === "/" || path === "/braindump");
  root.setAttribute("data-first-paint", braindump ? "braindump" : "app");
  preload();
  afterFirstFrame(() => whenParsed(run));
})();
