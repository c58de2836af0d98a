import { useSyncExternalStore } from "react";
import { THEME_KEY } from "../../shared/constants";

export type Theme = "light" | "dark";
export type ThemePreference = Theme | "system";

const listeners = new Set<() => void>();
const systemDark = () => window.matchMedia("(prefers-color-scheme: dark)").matches;

export function getThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

/** docs/product.md#theme: the stored value, else dark when the system prefers dark, else light. */
export function resolveTheme(preference = getThemePreference()): Theme {
  if (preference !== "system") return preference;
  return systemDark() ? "dark" : "light";
}

function apply() {
  const theme = resolveTheme();
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, preference);
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const onSystemChange = () => apply();
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY) apply();
  };
  media.addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", onSystemChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The theme in effect and the stored preference; toggling flips and persists (docs/product.md#theme).
 * The landing page is prerendered at build time knowing no one's theme: it renders and hydrates with
 * the light default, then shows the person's own (docs/decisions/166-landing-prerendered-at-build.md).
 */
export function useTheme() {
  const theme = useSyncExternalStore(
    subscribe,
    () => resolveTheme(),
    (): Theme => "light",
  );
  const preference = useSyncExternalStore(subscribe, getThemePreference, (): ThemePreference => "system");
  return {
    theme,
    preference,
    toggle: () => setThemePreference(theme === "dark" ? "light" : "dark"),
    setPreference: setThemePreference,
  };
}
