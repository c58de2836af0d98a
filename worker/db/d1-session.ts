import { D1_BOOKMARK_HEADER } from "../../shared/constants";
import { d1BookmarkSchema } from "../../shared/schemas/d1-bookmark";

/** Requests that only read: their D1 session may start on the nearest replica. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * GETs that write (sign-out by navigation, the identity provider's callback): like every write they
 * start on the primary, so what they look up before writing is current.
 */
const WRITING_GETS = new Set(["/api/logout", "/api/auth/oidc/callback"]);

/** Whether this request's D1 session may read from a replica (a session check there can be stale). */
export function readsFromReplica(request: Request): boolean {
  return READ_METHODS.has(request.method) && !WRITING_GETS.has(new URL(request.url).pathname);
}

/**
 * The request's D1 session (docs/decisions/050-reads-through-d1-sessions-api-bookmark.md). A read
 * starts at the nearest replica that has at least the device's bookmark, so the device reads its
 * own writes; without a bookmark, at any replica. A write starts on the primary: its session check
 * is current, and it pays no extra trip since the write goes there anyway.
 */
export function openD1Session(db: D1Database, request: Request, withBookmark = true): D1DatabaseSession {
  // The device's bookmark is its home database's: the directory's session of a person homed away
  // starts at the nearest replica, reads and writes alike, so a far directory primary adds no round
  // trip; the hub vouches for revocations (worker/auth/session-read.ts,
  // docs/decisions/272-a-session-check-across-two-databases.md).
  if (!withBookmark) return db.withSession("first-unconstrained");
  if (!readsFromReplica(request)) return db.withSession("first-primary");
  const bookmark = d1BookmarkSchema.safeParse(request.headers.get(D1_BOOKMARK_HEADER));
  return db.withSession(bookmark.success ? bookmark.data : "first-unconstrained");
}
