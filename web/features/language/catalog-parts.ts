// Which catalogs load together (docs/decisions/395-messages-in-lingui-catalogs.md). A catalog is a
// file per language and folder (web/locales/<language>/<folder>.po, written by `npx lingui extract`);
// the build joins each part's files into one file per language (vite.config.ts), so a part is one
// request. "first" loads before the first render; "later" with any other screen's code.

/** The landing page, sign-in and the signed-in first screen, with what every screen shares. */
export const FIRST_CATALOGS = ["common", "auth", "braindump", "landing", "language", "offline"] as const;

/** Every other screen's words. */
export const LATER_CATALOGS = [
  "analytics",
  "day-close",
  "done",
  "focus",
  "no-list",
  "routines",
  "settings",
  "suggestions",
] as const;

export type CatalogPart = "first" | "later";

export const CATALOG_PARTS: Record<CatalogPart, readonly string[]> = { first: FIRST_CATALOGS, later: LATER_CATALOGS };
