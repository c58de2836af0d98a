// The language the app is shown in (docs/product.md#your-language): the person's choice, kept on
// this device so the next visit opens in it at once; before any choice, the browser's languages.
import { i18n } from "@lingui/core";
import { bestLanguage, isLanguage, type Language, textDirection } from "../../../shared/languages";

const STORAGE_KEY = "onething-language";

/** The language this device last showed the person, or the browser's best match. */
export function languageToShow(): Language {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off (a private window in some browsers): the browser's languages decide.
  }
  if (kept && isLanguage(kept)) return kept;
  return bestLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Shows the page in `language` from now on: its words (already loaded), `<html lang dir>`, and this device's memory. */
export function showLanguage(language: Language): void {
  const html = document.documentElement;
  html.lang = language;
  html.dir = textDirection(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not kept: the next visit starts from the browser's languages and then the account's.
  }
  if (i18n.locale !== language) i18n.activate(language);
}
