import type { Bindings } from "../env";
import { chooseHome, type LocationHint } from "./home-placement";

/*
 * THE one place that names a D1 binding (docs/decisions/270-person-databases.md). The directory
 * holds accounts, sessions, sign-in records and push subscriptions; a person's own rows (tasks,
 * focus sessions, analytics, day plans, receipts, undo, suggestion usage, their day's settings) live
 * in their home person database. `DB` is both the directory and person database 0 (today's one
 * database: nobody's rows moved). Adding a database: create it with its hint, add a binding to
 * wrangler.toml and a line below (at the end: a home is an index, kept in users.home and in the
 * session token). A dependency rule (.dependency-cruiser.cjs) and tests/worker/person-db-names.test.ts
 * keep every other file from naming a binding.
 */

/** The person databases in home order, each with the location hint it was created with. */
const PERSON_DATABASES = [
  { binding: "DB", hint: "weur" },
  { binding: "PERSON_DB_1", hint: "apac" },
] as const satisfies readonly { binding: keyof Bindings; hint: LocationHint }[];

/** How many person databases there are; a home is a number below it. */
export const PERSON_DATABASE_COUNT = PERSON_DATABASES.length;

/** Whether `home` names a person database (a token names one it was signed with). */
export function isHome(home: number): boolean {
  return Number.isInteger(home) && home >= 0 && home < PERSON_DATABASE_COUNT;
}

/** The directory: accounts, sessions, sign-in records, push subscriptions. */
export function directoryDatabase(env: Bindings): D1Database {
  return env.DB;
}

/** The person database of this home (users.home, the session token's `home`). */
export function personDatabase(env: Bindings, home: number): D1Database {
  const entry = PERSON_DATABASES[home];
  if (!entry) throw new Error(`there is no person database ${home}`);
  return env[entry.binding];
}

/** The home of `DB`, the directory's own person database: every person's before homes existed. */
export const DIRECTORY_HOME = 0;

/**
 * The person database of a home as a stored row, payload or token names it: one stored before
 * homes existed names none, and its person is in DIRECTORY_HOME.
 */
export function personDatabaseOf(env: Bindings, home: number | undefined): D1Database {
  return personDatabase(env, home ?? DIRECTORY_HOME);
}

/** Whether this home's person database is the directory itself (one batch can then hold both). */
export function homeIsDirectory(env: Bindings, home: number): boolean {
  return personDatabase(env, home) === directoryDatabase(env);
}

/** Every person database with its home, for work across all people (the daily clean-up). */
export function everyPersonDatabase(env: Bindings): { home: number; database: D1Database }[] {
  return PERSON_DATABASES.map((_, home) => ({ home, database: personDatabase(env, home) }));
}

/**
 * The home of a new person (password registration, the identity provider's sign-up): nearest the
 * request's continent when Cloudflare tells it, otherwise spread evenly by the new id.
 * PLACE_NEW_PEOPLE, never set when deployed: "spread" (local runs' .dev.vars) ignores the request's
 * location, a local stand-in; a home number (the worker suite) is where people with no continent go,
 * so its tests' direct reads of `DB` stay true, while tests that cross homes send a continent.
 */
export function homeForNewPerson(env: Bindings, request: Request, id: string): number {
  const continent = (request as { cf?: { continent?: unknown } }).cf?.continent;
  const placing = env.PLACE_NEW_PEOPLE || undefined;
  const known = typeof continent === "string" && placing !== "spread" ? continent : undefined;
  const pinned = placing === undefined ? Number.NaN : Number(placing);
  if (!known && isHome(pinned)) return pinned;
  return chooseHome(
    PERSON_DATABASES.map((db) => db.hint),
    known,
    id,
  );
}
