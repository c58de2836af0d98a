// Moving the page to another language (docs/product.md#your-language): its words first, then the
// page, so nothing shows a message's id in between.
import { i18n } from "@lingui/core";
import type { Language } from "../../../shared/languages";
import { loadCatalog, partsAsked } from "./catalogs";
import { showLanguage } from "./shown-language";

let wanted: Language | null = null;

/**
 * Shows the page in `language` once the same parts of its words are in as of the language shown
 * now. Of several asked for in a row, the last wins.
 */
export async function changeLanguage(language: Language): Promise<void> {
  wanted = language;
  const shown = i18n.locale as Language | "";
  if (shown === language) return;
  const parts = shown ? partsAsked(shown) : ["first" as const];
  await Promise.all(parts.map((part) => loadCatalog(language, part)));
  if (wanted === language) showLanguage(language);
}
