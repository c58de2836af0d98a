/**
 * Where a new person's rows go (docs/decisions/271-home-chosen-at-sign-up.md): pure, so the choice
 * is tested without a database. Worker/db/person-db.ts names the databases and their hints.
 */

/** D1's location hints (`wrangler d1 create … --location`). */
export type LocationHint = "wnam" | "enam" | "weur" | "eeur" | "apac" | "oc";

/**
 * The hints nearest first, for each continent Cloudflare names in `request.cf.continent`; roughly by
 * the round trip from the continent's people to the hint's data centres.
 */
const NEAREST: Record<string, readonly LocationHint[]> = {
  EU: ["weur", "eeur", "enam", "wnam", "apac", "oc"],
  AF: ["weur", "eeur", "enam", "apac", "wnam", "oc"],
  NA: ["enam", "wnam", "weur", "eeur", "apac", "oc"],
  SA: ["enam", "wnam", "weur", "eeur", "apac", "oc"],
  AS: ["apac", "oc", "eeur", "weur", "wnam", "enam"],
  OC: ["oc", "apac", "wnam", "enam", "eeur", "weur"],
  AN: ["oc", "apac", "wnam", "enam", "eeur", "weur"],
};

/** A number from 0 to `count - 1` from a new id's first hex digits: an even spread, the same for the same id. */
export function spreadIndex(id: string, count: number): number {
  const hex = id.replace(/[^0-9a-f]/gi, "").slice(0, 8);
  const value = hex ? Number.parseInt(hex, 16) : 0;
  return value % count;
}

/**
 * The home (index into `hints`) of a new person: among the databases whose hint is nearest the
 * continent of the request, spread evenly by the new id; with no continent known (no `cf`: local
 * runs, tests), spread evenly over all of them.
 */
export function chooseHome(hints: readonly LocationHint[], continent: string | undefined, id: string): number {
  if (hints.length === 0) throw new Error("there is no person database to place anyone in");
  const order = continent ? NEAREST[continent.toUpperCase()] : undefined;
  if (order) {
    for (const hint of order) {
      const near = hints.flatMap((h, index) => (h === hint ? [index] : []));
      if (near.length > 0) return near[spreadIndex(id, near.length)] ?? 0;
    }
  }
  return spreadIndex(id, hints.length);
}
