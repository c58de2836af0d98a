// Runs before the first paint, inlined into index.html at build time and allowed by its hash in the
// CSP (docs/decisions/167-first-paint-script-inline-by-hash.md): a change here changes the hash that
// web/public/_headers and worker/http/security-headers.ts name, and the build says the new one.
// The theme: keep in step with web/ui/theme.ts (stored "light" or "dark", else the system
// preference). What paints first: the landing page prerendered in web/index.html only on "/"
// without a stored session (where web/start.tsx hydrates it); with a stored session
// (web/api/client.ts) on the braindump, index.html's outline of that screen until the app replaces
// it; elsewhere neither.
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
  if (location.pathname === "/" && !session) return;
  const path = location.pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const braindump = session && (path === "/" || path === "/braindump");
  root.setAttribute("data-first-paint", braindump ? "braindump" : "app");
  // The app starts at once here: its code (named by the build in index.html) is asked for now, not
  // once web/main.tsx runs. The landing page asks for it after its first paint.
  const modules = document.querySelector('meta[name="start-modules"]')?.getAttribute("content") ?? "";
  for (const href of modules.split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.crossOrigin = "anonymous";
    document.head.append(link);
  }
})();
