import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import { readAsUser } from "../auth/session-read";
import type { Db } from "../db/client";
import type { AppEnv, SessionUser } from "../env";
import { announceTasksChanged } from "../hub/hub-client";
import { type Change, type ChangeScope, type CommitOptions, type Committed, commitChange } from "./pipeline";

/*
 * A change made by a request (docs/decisions/250-one-home-for-a-change.md). The route names
 * requireUser (the token, and apply-once for a change sent with its id: worker/http/apply-once.ts,
 * docs/decisions/251-apply-once-at-the-door.md), validates, then:
 *
 *   const { user, row, now, commit } = await beginRowChange(c, (db, userId) => ownThingQuery(db, userId, id));
 *   if (!row) throw notFound("Thing not found.");
 *   const { results: [updated] } = await commit(() => ({
 *     statements: [updateThing(c.var.db, user.id, id, now)],
 *     events: [{ type: "tasks-edited" }],
 *   }));
 *
 * beginChange is the session check with what the route reads (readAsUser: one D1 call), commit the
 * change's one batch (the second) and the announcement to the person's hub.
 */

type Queries = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
type Statements = readonly BatchItem<"sqlite">[];

/** Commits a change of the signed-in person (commitChange with the request's scope). */
export type CommitOfRequest = <const S extends Statements, const R extends Statements = []>(
  build: (attempt: number) => Change<S, R> | Promise<Change<S, R>>,
  options?: CommitOptions,
) => Promise<Committed<S, R>>;

export type BegunChange<T> = { user: SessionUser; data: T; now: Date; commit: CommitOfRequest };

/** The change's scope for a request: its D1 session, the subscribers wired in app.ts, the hub told with the request's tab. */
export function requestScope(c: Context<AppEnv>, user: SessionUser, now: Date): ChangeScope {
  const { subscribers } = c.var;
  if (!subscribers) throw new Error("the app sets the change subscribers before any route (worker/app.ts)");
  return {
    db: c.var.db,
    user,
    now,
    subscribers,
    announce: (announcement) => announceTasksChanged(c, user.id, announcement),
  };
}

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
