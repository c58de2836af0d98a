import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { checkSession, claimedSession } from "./middleware";
import { liveSessionQuery, type SessionRow } from "./sessions";

type Queries = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/**
 * An authenticated read in ONE D1 round trip: the session check and the handler's queries go out
 * as one batch (one snapshot) on the request's D1 session, so from far away the request pays one
 * trip, not two (docs/decisions.md#51). Use it, with requireToken, instead of requireUser in every
 * read handler:
 *
 *   .get("/things", requireToken, validate("query", thingsQuerySchema), async (c) => {
 *     const { data: [things] } = await readAsUser(c, (db, userId) => [thingsOfUserQuery(db, userId)]);
 *     return c.json(things);
 *   })
 *
 * The queries only get the user id from the token: they must scope by it (they run before the
 * session is known to be live, and their rows are dropped with a 401 when it is not).
 */
export async function readAsUser<T extends Queries>(
  c: Context<AppEnv>,
  queries: (db: Db, userId: string) => T,
): Promise<{ session: SessionRow; data: BatchResponse<T> }> {
  const claims = c.var.claims ?? (await claimedSession(c));
  const { db } = c.var;
  const batch = [liveSessionQuery(db, claims.sessionId, claims.userId), ...queries(db, claims.userId)] as const;
  const read = db.batch(batch).then(([sessionRows, ...data]) => ({
    row: (sessionRows as SessionRow[])[0],
    data: data as unknown as BatchResponse<T>,
  }));
  return checkSession(c, claims, read);
}
