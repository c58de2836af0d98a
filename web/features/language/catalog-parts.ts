// Which catalogs load together (docs/decisions/395-messages-in-lingui-catalogs.md). A catalog is a
// file per language and folder (web/locales/<language>/<folder>.po, written by `npx lingui extract`);
// the build joins each part's files into one file per language (vite.config.ts), so a part is one
// request. "first" loads before the first render; "header" when the signed-in header shows; "later"
// with any other screen's code.

/** The landing page, sign-in and the signed-in first screen, with what every screen shares. */
export const FIRST_CATALOGS = ["common", "auth", "braindump", "landing", "language", "offline"] as const;

/**
 * The suggestion widget's, whose button is in every signed-in screen's header: asked for when the
 * header shows, on its own (about 1 KB gzip), not with the later part (about 9 KB) that the first
 * screen does not show (docs/decisions/403-the-header-s-words-are-a-part-of-their-own.md).
 */
export const HEADER_CATALOGS = ["suggestions"] as const;

/** Every other screen's words. */
export const LATER_CATALOGS = ["analytics", "day-close", "done", "focus", "no-list", "routines", "settings"] as const;

export type CatalogPart = "first" | "header" | "later";

export const CATALOG_PARTS: Record<CatalogPart, readonly string[]> = {
  first: FIRST_CATALOGS,
  header: HEADER_CATALOGS,
  later: LATER_CATALOGS,
};
