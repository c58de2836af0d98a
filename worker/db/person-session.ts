import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createDb, type Db } from "./client";
import { openD1Session, readsFromReplica } from "./d1-session";
import { directoryDatabase, homeIsDirectory, personDatabase } from "./person-db";
import type { PersonHome } from "./person-home";

type Statement = BatchItem<"sqlite">;

/*
 * THE home module (docs/decisions/388-the-home-is-one-value.md): the one place that knows whether a
 * person's rows share the directory's database, and so whether their session check, their account
 * and their rows can go out in one batch. Every route gets the person's databases as one value,
 * PersonHome (./person-home.ts), from the session door (worker/auth/middleware.ts).
 */

/**
 * The signed-in person's databases, named by the session token (no read:
 * docs/decisions/270-person-databases.md), and the request's `d1` and `db` pointed at their home;
 * `directory` stays the directory's. A person homed in the directory keeps the one session the app
 * opened, so their reads and writes share one bookmark and one batch as before.
 */
export function usePersonDatabase(c: Context<AppEnv>, index: number): PersonHome {
  let accountD1 = c.var.d1;
  if (!homeIsDirectory(c.env, index)) {
    const d1 = openD1Session(personDatabase(c.env, index), c.req.raw);
    accountD1 = openD1Session(directoryDatabase(c.env), c.req.raw, false);
    c.set("d1", d1);
    c.set("db", createDb(d1));
    c.set("directory", createDb(accountD1));
  }
  const home = personHome(index, { db: c.var.db, d1: c.var.d1 }, { db: c.var.directory, d1: accountD1 }, c.req.raw);
  c.set("home", home);
  return home;
}

/** Whether the person's rows are in the directory's database itself (their session check and rows share a batch). */
function personIsInDirectory(rows: Db, account: Db): boolean {
  return rows === account;
}

type Side = { db: Db; d1: D1DatabaseSession };
type RawQuery = { sql: string; params: unknown[] };
const prepared = (d1: D1DatabaseSession, queries: readonly RawQuery[]) =>
  queries.map(({ sql, params }) => d1.prepare(sql).bind(...params));

function personHome(index: number, own: Side, directory: Side, request: Request): PersonHome {
  const { db: rows, d1: rowsD1 } = own;
  const { db: account, d1: accountD1 } = directory;
  const together = personIsInDirectory(rows, account);
  return {
    index,
    rows,
    account,
    accountMayLag: readsFromReplica(request) || !together,
    async readBoth(accountSide, rowsSide) {
      if (!together) return Promise.all([account.batch(accountSide), rows.batch(rowsSide)]);
      const results = await rows.batch([...accountSide, ...rowsSide] as [Statement, ...Statement[]]);
      return [results.slice(0, accountSide.length), results.slice(accountSide.length)];
    },
    async readBothRaw(accountSide, rowsSide) {
      type Row = Record<string, unknown>;
      if (!together) {
        return Promise.all([
          accountD1.batch<Row>(prepared(accountD1, accountSide)),
          rowsD1.batch<Row>(prepared(rowsD1, rowsSide)),
        ]);
      }
      const results = await rowsD1.batch<Row>(prepared(rowsD1, [...accountSide, ...rowsSide]));
      return [results.slice(0, accountSide.length), results.slice(accountSide.length)];
    },
    accountCheck(inStatement, read) {
      return together ? { inRows: inStatement, alongside: undefined } : { inRows: undefined, alongside: read };
    },
    async accountBeforeRows(accountSide, change) {
      if (together) {
        const results = await change(accountSide);
        return [results.slice(0, accountSide.length), results.slice(accountSide.length)];
      }
      const accountResults = await account.batch(accountSide);
      return [accountResults, [...(await change([]))]];
    },
    async rowsBeforeAccount(rowsSide, apart) {
      if (together) return rowsSide(account);
      await apart(rows, rowsSide(rows));
      return [];
    },
  };
}

/**
 * For a person not signed in yet (sign-up, sign-in): a handle on their home database where their
 * own row is apart from their account, or null when their home is the directory and the account's
 * row is their own row (docs/decisions/273-the-person-row-in-two-places.md).
 */
export function homeApartOf(c: Context<AppEnv>, home: number): Db | null {
  if (homeIsDirectory(c.env, home)) return null;
  return createDb(openD1Session(personDatabase(c.env, home), c.req.raw, false));
}

/**
 * The person's own row, for a person not signed in yet: the account's row itself when their home is
 * the directory; else `read` in their home, from a replica and, when it has none (a sign-up's, just
 * written), from the primary, where a row's absence is known.
 */
export async function ownRowOf<A extends { id: string; home: number }, R>(
  c: Context<AppEnv>,
  account: A,
  read: (db: Db, id: string) => Promise<R | undefined>,
): Promise<A | R | undefined> {
  const apart = homeApartOf(c, account.home);
  if (!apart) return account;
  return (await read(apart, account.id)) ?? (await read(personPrimaryOf(c, account.home), account.id));
}

/**
 * A handle on the primary of the person database of `home`: where a row's absence is known (a
 * replica may not have a sign-up's row yet).
 */
function personPrimaryOf(c: Context<AppEnv>, home: number) {
  return createDb(personDatabase(c.env, home).withSession("first-primary"));
}
