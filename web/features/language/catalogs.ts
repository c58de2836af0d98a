// Loads the person's language's words, a part at a time (web/features/language/catalog-parts.ts,
// docs/decisions/395-messages-in-lingui-catalogs.md): "first" before the first render, "later"
// with the code of any other screen. Only the person's language is ever downloaded.

import { catalogLoaders } from "virtual:catalog-loaders";
import { i18n } from "@lingui/core";
import type { Language } from "../../../shared/languages";
import { CATALOG_PARTS, type CatalogPart } from "./catalog-parts";

const loading = new Map<string, Promise<void>>();

/** Loads one part of a language's words into the app's i18n (once; settles when they are in). */
export function loadCatalog(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}/${part}`;
  let load = loading.get(key);
  if (!load) {
    const loader = catalogLoaders[language]?.[part];
    if (!loader) return Promise.reject(new Error(`No catalog part ${key}`));
    load = loader().then(({ messages }) => i18n.load(language, messages));
    // A failed load (offline before the service worker, a new build) may be asked again.
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/** The parts of `language`'s words this page has asked for. */
export function partsAsked(language: Language): CatalogPart[] {
  return (Object.keys(CATALOG_PARTS) as CatalogPart[]).filter((part) => loading.has(`${language}/${part}`));
}

/** `load`, settled once the shown language's later words are in too (for the screens outside "first"). */
export function withLaterWords<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadCatalog(i18n.locale as Language, "later")]).then(([loaded]) => loaded);
}
