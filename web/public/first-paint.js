// Runs before the first paint. The theme: keep in step with web/ui/theme.ts (stored "light" or
// "dark", else the system preference). The outline: with a stored session (web/api/client.ts) on
// the braindump, web/index.html's outline of that screen shows until the app replaces it.
(() => {
  const root = document.documentElement;
  try {
    const stored = localStorage.getItem("theme");
    const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    const path = location.pathname.toLowerCase().replace(/\/+$/, "") || "/";
    if (localStorage.getItem("auth_token") && (path === "/" || path === "/braindump")) {
      root.setAttribute("data-first-paint", "braindump");
    }
  } catch {
    // Storage blocked: the light default stands, and no outline (no session can be stored).
  }
})();
