import type { Context } from "hono";
import type { SessionClaims } from "../auth/middleware";
import { acceptSession } from "../auth/middleware";
import { liveSessionQuery, sessionRowFromD1 } from "../auth/sessions";
import type { AppEnv } from "../env";
import { cachedList, hasCachedList, storeList } from "./list-cache";
import { visibleTaskListQuery } from "./task-rows";

/** Bump when the JSON of a task changes shape, so no browser keeps a body of the old format. */
const LIST_FORMAT = 1;

/** The list's entity tag: whose list, which version, which format (spec §(GET /api/tasks) is unchanged). */
export function taskListEtag(userId: string, version: number): string {
  return `W/"tasks-${LIST_FORMAT}-${userId}-${version}"`;
}

/** If-None-Match matches with the weak comparison of RFC 9110 §13.1.2 (`*` matches any list). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/** A row of visibleTaskListQuery as D1 answers it (snake_case columns, booleans and instants as numbers). */
type ListRow = {
  id: number;
  user_id: string;
  title: string;
  description: string | null;
  category: string | null;
  is_completed: number;
  is_priority: number;
  no_list_reason: string | null;
  created_at: number;
  completed_at: number | null;
};

const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));
const instant = (ms: number | null) => (ms === null ? "null" : `"${new Date(ms).toISOString()}"`);

/**
 * The JSON array of spec §3 tasks, written straight from the rows: byte for byte what
 * JSON.stringify(rows.map(toTask)) gives (tests/worker/tasks-list-cache.test.ts compares them), without
 * building 1,000 intermediate objects twice.
 */
export function taskListJson(rows: ListRow[]): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const r = rows[i] as ListRow;
    parts[i] =
      `{"id":${r.id},"userId":${text(r.user_id)},"title":${text(r.title)},"description":${text(r.description)},` +
      `"category":${text(r.category)},"isCompleted":${r.is_completed !== 0},"isPriority":${r.is_priority !== 0},` +
      `"noListReason":${text(r.no_list_reason)},"createdAt":${instant(r.created_at)},"completedAt":${instant(r.completed_at)}}`;
  }
  return `[${parts.join(",")}]`;
}

/**
 * The session check, and the list only when asked for, as one D1 batch (one round trip, one
 * snapshot: the version and the rows always belong together).
 */
async function read(c: Context<AppEnv>, claims: SessionClaims, withList: boolean) {
  const statement = ({ sql, params }: { sql: string; params: unknown[] }) => c.env.DB.prepare(sql).bind(...params);
  const statements = [statement(liveSessionQuery(c.var.db, claims.sessionId, claims.userId).toSQL())];
  if (withList) statements.push(statement(visibleTaskListQuery(c.var.db, claims.userId).toSQL()));
  const [session, list] = await c.env.DB.batch<Record<string, unknown>>(statements);
  const row = sessionRowFromD1(session?.results[0]);
  await acceptSession(c, claims, row);
  // acceptSession answered 401 unless the row is there.
  const version = (row as NonNullable<typeof row>).tasksVersion;
  return { version, body: list ? taskListJson(list.results as ListRow[]) : undefined };
}

/**
 * GET /api/tasks. The answer carries an ETag of (user, tasks version) with `private, no-cache`, so
 * a browser revalidates and gets a 304 when nothing changed (refetch on focus, another tab). The
 * body of the current version is kept per isolate: a repeated read costs the session check only.
 */
export async function answerTaskList(c: Context<AppEnv>, claims: SessionClaims): Promise<Response> {
  const ifNoneMatch = c.req.header("If-None-Match");
  // Expecting to answer without the rows: read the session (and version) alone first.
  const expectUnchanged = ifNoneMatch !== undefined || hasCachedList(claims.userId);
  let { version, body } = await read(c, claims, !expectUnchanged);
  let etag = taskListEtag(claims.userId, version);
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return c.body(null, 304, headers);
  if (body === undefined) body = cachedList(claims.userId, version);
  if (body === undefined) {
    // Changed since this isolate cached it (a write here, on another device or in another isolate).
    ({ version, body } = await read(c, claims, true));
    etag = taskListEtag(claims.userId, version);
  }
  if (body === undefined) throw new Error("the task list was not read");
  storeList(claims.userId, version, body);
  return c.body(body, 200, { ...headers, ETag: etag, "Content-Type": "application/json" });
}
