import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createDb } from "./client";
import { openD1Session } from "./d1-session";
import { directoryDatabase, homeIsDirectory, personDatabase } from "./person-db";

/**
 * Points the request's `d1` and `db` at the signed-in person's home database, named by the session
 * token (no read: docs/decisions/270-person-databases.md); `directory` stays the directory's. A
 * person homed in the directory keeps the one session the app opened, so their reads and writes
 * share one bookmark and one batch as before.
 */
export function usePersonDatabase(c: Context<AppEnv>, home: number): void {
  if (homeIsDirectory(c.env, home)) return;
  const d1 = openD1Session(personDatabase(c.env, home), c.req.raw);
  c.set("d1", d1);
  c.set("db", createDb(d1));
  c.set("directory", createDb(openD1Session(directoryDatabase(c.env), c.req.raw, false)));
}

/** Whether the request's person database is the directory (their session check and rows share a batch). */
export function personIsInDirectory(c: Context<AppEnv>): boolean {
  return c.var.db === c.var.directory;
}

/**
 * A handle on the person database of `home` for a request that has no session yet (sign-up,
 * sign-in): the request's own when that home is the directory.
 */
export function personDbOf(c: Context<AppEnv>, home: number) {
  if (homeIsDirectory(c.env, home)) return c.var.directory;
  return createDb(openD1Session(personDatabase(c.env, home), c.req.raw, false));
}

/**
 * A handle on the primary of the person database of `home`: where a row's absence is known (a
 * replica may not have a sign-up's row yet).
 */
export function personPrimaryOf(c: Context<AppEnv>, home: number) {
  return createDb(personDatabase(c.env, home).withSession("first-primary"));
}
