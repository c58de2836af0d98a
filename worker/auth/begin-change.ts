import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { commitChange } from "../changes/pipeline";
import { type CommitOfRequest, requestScope } from "../changes/request";
import type { Db } from "../db/client";
import type { AppEnv, SessionUser } from "../env";
import { readAsUser, readDirectoryAsUser } from "./session-read";

/*
 * A change made by a request begins with the session check (docs/decisions/250-one-home-for-a-change.md):
 * readAsUser with the route's reads (one D1 call), then the change's scope and its commit
 * (worker/changes/request.ts). It lives with the session check, so the change pipeline imports no
 * capability (docs/decisions/254-the-hub-told-by-the-pipeline.md).
 */

type Queries = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export type BegunChange<T> = { user: SessionUser; data: T; now: Date; commit: CommitOfRequest };

/** The session check (with the route's reads), the instant of the change, and its commit. */
export function beginChange(c: Context<AppEnv>): Promise<BegunChange<[]>>;
export function beginChange<T extends Queries>(
  c: Context<AppEnv>,
  queries: (db: Db, userId: string) => T,
): Promise<BegunChange<BatchResponse<T>>>;
export async function beginChange<T extends Queries>(
  c: Context<AppEnv>,
  queries?: (db: Db, userId: string) => T,
): Promise<BegunChange<BatchResponse<T> | []>> {
  const { user, data } = queries ? await readAsUser(c, queries) : await readAsUser(c);
  const now = new Date();
  const scope = requestScope(c, user, now);
  return { user, data, now, commit: (build, options) => commitChange(scope, build, options) };
}

/**
 * beginChange for a change of the directory's rows (sessions, credentials, push subscriptions): the
 * reads and the commit go to the directory, never to the person's home
 * (docs/decisions/270-person-databases.md: a change never spans two databases).
 */
export function beginDirectoryChange(c: Context<AppEnv>): Promise<BegunChange<[]>>;
export function beginDirectoryChange<T extends Queries>(
  c: Context<AppEnv>,
  queries: (db: Db, userId: string) => T,
): Promise<BegunChange<BatchResponse<T>>>;
export async function beginDirectoryChange<T extends Queries>(
  c: Context<AppEnv>,
  queries?: (db: Db, userId: string) => T,
): Promise<BegunChange<BatchResponse<T> | []>> {
  const { user, data } = queries ? await readDirectoryAsUser(c, queries) : await readAsUser(c);
  const now = new Date();
  const scope = requestScope(c, user, now, c.var.directory);
  return { user, data, now, commit: (build, options) => commitChange(scope, build, options) };
}

/** beginChange for a route that reads one row first (or none: `row` is undefined). */
export async function beginRowChange<R>(
  c: Context<AppEnv>,
  query: (db: Db, userId: string) => BatchItem<"sqlite"> & PromiseLike<R[]>,
): Promise<{ user: SessionUser; row: R | undefined; now: Date; commit: CommitOfRequest }> {
  const {
    user,
    data: [rows],
    now,
    commit,
  } = await beginChange(c, (db, userId) => [query(db, userId)] as const);
  return { user, row: (rows as R[])[0], now, commit };
}
