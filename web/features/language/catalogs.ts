// Loads the person's language's words, a part at a time (web/features/language/catalog-parts.ts,
// docs/decisions/395-messages-in-lingui-catalogs.md): "first" before the first render, "later"
// with the code of any other screen. Only the person's language is ever downloaded.
import { i18n, type Messages } from "@lingui/core";
import type { Language } from "../../../shared/languages";
import { CATALOG_PARTS, type CatalogPart } from "./catalog-parts";

// Compiled by the Lingui plugin at build time; vite.config.ts joins a part's files into one chunk.
const catalogs = import.meta.glob<{ messages: Messages }>("../../locales/*/*.po");
const loading = new Map<string, Promise<void>>();

/** Loads one part of a language's words into the app's i18n (once; settles when they are in). */
export function loadCatalog(language: Language, part: CatalogPart): Promise<void> {
  const key = `${language}/${part}`;
  let load = loading.get(key);
  if (!load) {
    const files = CATALOG_PARTS[part].map((name) => catalogs[`../../locales/${language}/${name}.po`]);
    load = Promise.all(files.map((importFile) => importFile?.())).then((loaded) => {
      for (const file of loaded) if (file) i18n.load(language, file.messages);
    });
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
