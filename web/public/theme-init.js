// Keep in step with web/shell/theme.ts: stored "light"/"dark", else the system preference.
(() => {
  try {
    const stored = localStorage.getItem("theme");
    const dark = stored ? stored === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
    document.documentElement.classList.toggle("dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  } catch {
    // Storage blocked: the light default stands.
  }
})();
