import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

type Statement = BatchItem<"sqlite">;
type Statements = readonly Statement[];
type RawQuery = { sql: string; params: unknown[] };

/**
 * A signed-in person's databases, as the session door hands them to a route
 * (docs/decisions/388-the-home-is-one-value.md): where their rows are, where their account is, and
 * the few ways a request uses the two together. Whether the two are one database (a person homed in
 * the directory) is this value's business alone (worker/db/person-session.ts builds it): a route
 * says what it reads and writes in each, never which layout it runs on.
 */
export type PersonHome = {
  /** The home's index: users.home, the session token's claim (worker/db/person-db.ts). */
  index: number;
  /** Where the person's rows are: the request's session on their home database. */
  rows: Db;
  /** Where their account is (credentials, sessions, sign-in records, push subscriptions): the directory. */
  account: Db;
  /**
   * Whether a read of the account may miss a revocation just made: it runs on a replica (a read's,
   * or any request's of a person homed away, whose directory session starts at the nearest one:
   * worker/db/d1-session.ts), so the hub is asked as well
   * (docs/decisions/272-a-session-check-across-two-databases.md).
   */
  accountMayLag: boolean;
  /**
   * Statements of the account and of the rows in one trip: ONE batch (one snapshot) when they are
   * one database, else each database's batch at the same time. Answers each side's results.
   */
  readBoth: (
    account: readonly [Statement, ...Statement[]],
    rows: readonly [Statement, ...Statement[]],
  ) => Promise<[readonly unknown[], readonly unknown[]]>;
  /**
   * readBoth for raw statements (`toSQL()` of a query: a route whose rows go out unmapped), each
   * side's answered as D1 gives them.
   */
  readBothRaw: (
    account: readonly RawQuery[],
    rows: readonly RawQuery[],
  ) => Promise<[D1Result<Record<string, unknown>>[], D1Result<Record<string, unknown>>[]]>;
  /**
   * A condition of the account (the session live) for a statement of the person's rows: `inRows`
   * when one statement can check both, else undefined and `alongside` reads the account at the
   * same time.
   */
  accountCheck: <C>(
    inStatement: C,
    read: () => Promise<boolean>,
  ) => { inRows: C | undefined; alongside: (() => Promise<boolean>) | undefined };
  /**
   * A write of the account before a change of the person's rows (docs/decisions/273-the-person-row-in-two-places.md):
   * `change` gets the account's statements to send first in its batch when they are one database
   * (one transaction), none when the account's batch already ran on its own just before. `change`
   * answers its statements' results in order; answers the account's results and the rest.
   */
  accountBeforeRows: <const A extends readonly [Statement, ...Statement[]]>(
    account: A,
    change: (alongside: Statements) => Promise<readonly unknown[]>,
  ) => Promise<[readonly unknown[], readonly unknown[]]>;
  /**
   * Statements of the person's rows before a change of the account (an account's deletion: its rows
   * first, so one cut short is finished by asking again: docs/decisions/315-a-deletion-cut-short-is-finished.md):
   * when they are one database the statements are answered, to go in the account's change (one
   * transaction); else `apart` commits them in the rows' database first and none are answered.
   */
  rowsBeforeAccount: (
    rows: (db: Db) => Statements,
    apart: (db: Db, statements: Statements) => Promise<unknown>,
  ) => Promise<Statements>;
};
