import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sessionEnded } from "../http/errors";
import { announceChange } from "../hub/hub-client";
import { announcementOf, type ChangeEvent } from "./events";
import type { Change, ChangeScope, ChangeSubscriber, ChangeUser, CommitOptions, Committed } from "./pipeline";

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
 * beginChange (worker/auth/begin-change.ts) is the session check with what the route reads
 * (readAsUser: one D1 call); commit the change's one batch (the second) and the announcement to the
 * person's hub, with the request's scope made here.
 */

type Statements = readonly BatchItem<"sqlite">[];

declare module "hono" {
  interface ContextVariableMap {
    /**
     * What other capabilities add to a change for its events, wired once in worker/app.ts
     * (worker/change-subscribers.ts). Declared here, with the scope that reads it, so the request's
     * context type (worker/env.ts) imports nothing of the pipeline (docs/decisions/387-one-door-per-job.md).
     */
    subscribers: readonly ChangeSubscriber[];
  }
}

/** Commits a change of the signed-in person (commitChange with the request's scope). */
export type CommitOfRequest = <const S extends Statements, const R extends Statements = []>(
  build: (attempt: number) => Change<S, R> | Promise<Change<S, R>>,
  options?: CommitOptions,
) => Promise<Committed<S, R>>;

/**
 * The change's scope for a request: its D1 session (the person's home database; the directory's for a
 * change of sessions or credentials: docs/decisions/270-person-databases.md), the subscribers wired in app.ts, the hub told
 * with the request's tab (one call of the hub's client: announceChange). `user` is the signed-in
 * person (readAsUser), or the one a sign-in just proved. A batch that finds the person's row gone
 * (their account deleted since the session check) answers that the session has ended.
 */
export function requestScope(c: Context<AppEnv>, user: ChangeUser, now: Date, db = c.var.db): ChangeScope {
  const { subscribers } = c.var;
  if (!subscribers) throw new Error("the app sets the change subscribers before any route (worker/app.ts)");
  return {
    db,
    user,
    now,
    subscribers,
    announce: (announcement) => announceChange(c, user.id, announcement),
    whenPersonGone: sessionEnded,
  };
}

/**
 * Tells the person's hub what a write made outside the pipeline's batch did (only where its
 * decision says why: docs/decisions/254-the-hub-told-by-the-pipeline.md), derived from its events
 * as after a committed change, through the same one call of the hub's client.
 */
export async function announceEvents(
  c: Context<AppEnv>,
  userId: string,
  events: readonly ChangeEvent[],
): Promise<void> {
  const announcement = announcementOf(events);
  if (announcement) await announceChange(c, userId, announcement);
}
