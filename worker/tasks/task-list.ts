import type { Context } from "hono";
import { checkedRead, claimsOf, homeOf } from "../auth/session-read";
import { personStateQuery, sessionRowFromD1, sessionRowQuery } from "../auth/sessions";
import { rawTaskJsonWriters, visibleTaskListQuery } from "../db/task-rows";
import type { AppEnv } from "../env";
import { todayOf } from "../today/today";
import { cachedList, cachedVersion, storeList } from "./list-cache";

/** Bump when the JSON of a task changes shape, so no browser keeps a body of the old format. */
const LIST_FORMAT = 4;

/**
 * The list's entity tag: whose list, which version, which format, and which day (the instant it
 * began, ms: the list of a new day leaves out what was completed the day before) (the answer of
 * GET /api/tasks: docs/product.md#compatible-calls).
 */
export function taskListEtag(userId: string, version: number, day: number): string {
  return `W/"tasks-${LIST_FORMAT}-${userId}-${version}-${day}"`;
}

/** If-None-Match matches with the weak comparison of RFC 9110 §13.1.2 (`*` matches any list). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/** A row of visibleTaskListQuery as D1 answers it (snake_case columns, booleans and instants as numbers). */
type ListRow = Record<string, string | number | null>;

/**
 * The JSON array of docs/product.md#task tasks, written straight from the rows: byte for byte what
 * JSON.stringify(rows.map(toTask)) gives (tests/worker/tasks-list-cache.test.ts compares them), without
 * building 1,000 intermediate objects twice.
 */
export function taskListJson(rows: ListRow[]): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] as ListRow;
    let json = "";
    for (const write of rawTaskJsonWriters) json += write(row);
    parts[i] = `${json}}`;
  }
  return `[${parts.join(",")}]`;
}

/**
 * The tasks versions of this user named by an If-None-Match list (at most a few), whatever day: a
 * version of another day still has its rows read again (see answerTaskList).
 */
function versionsNamed(ifNoneMatch: string, userId: string): number[] {
  const prefix = `"tasks-${LIST_FORMAT}-${userId}-`;
  const versions: number[] = [];
  for (const raw of ifNoneMatch.split(",").slice(0, 8)) {
    const tag = raw.trim().replace(/^W\//, "");
    const named = tag.startsWith(prefix) && tag.endsWith('"') ? tag.slice(prefix.length, -1) : "";
    const version = /^\d+-\d+$/.test(named) ? named.slice(0, named.indexOf("-")) : "";
    // Only the canonical spelling: "-07" is not the tag of version 7, so it must not skip the rows.
    if (/^(0|[1-9]\d{0,14})$/.test(version)) versions.push(Number(version));
  }
  return versions;
}

/**
 * The session check and the list as one D1 batch: one round trip and one snapshot, so the version
 * and the rows always belong together. The rows are only read when the version is none of
 * `known` (the one this isolate has cached, the ones the browser has): otherwise that statement
 * answers nothing at the cost of one primary-key lookup. `day` is the instant the person's day
 * began (their zone and start hour come with the session); rows completed before it are left out.
 */
async function read(
  c: Context<AppEnv>,
  known: number[],
): Promise<{ version: number; day: number; rows: ListRow[] | undefined }> {
  const claims = claimsOf(c);
  const now = new Date();
  // Raw statements rather than readAsUser's query builders: the rows go straight into
  // taskListJson, unmapped; checkedRead is readAsUser's session check. The session row from the
  // directory, the person's version and day from their own row, with the list, in one trip
  // (docs/decisions/272-a-session-check-across-two-databases.md).
  const home = homeOf(c);
  const batch = home
    .readBothRaw(
      [sessionRowQuery(home.account, claims.sessionId, claims.userId).toSQL()],
      [
        personStateQuery(home.rows, claims.userId).toSQL(),
        visibleTaskListQuery(home.rows, claims.userId, known, now).toSQL(),
      ],
    )
    .then(([[session], [person, rows]]) => {
      const sessionRaw = session?.results[0];
      const personRaw = person?.results[0];
      return {
        row: sessionRaw && personRaw ? sessionRowFromD1({ ...personRaw, ...sessionRaw }) : undefined,
        data: rows?.results ?? [],
      };
    });
  const { session, data, dayWasNew } = await checkedRead(c, batch);
  // The day's first read began the day after reading: today's occurrences came after these rows.
  if (dayWasNew) return read(c, known);
  const version = session.tasksVersion;
  const day = todayOf(session, now).startsAt.getTime();
  const rows = known.includes(version) ? undefined : (data as ListRow[]).filter((row) => !completedBefore(row, day));
  return { version, day, rows };
}

/**
 * docs/product.md#the-day: a task completed on an earlier day has left today's lists (it is in the
 * history: docs/decisions/184-history-pages.md).
 */
function completedBefore(row: ListRow, day: number): boolean {
  return row.is_completed === 1 && row.completed_at !== null && Number(row.completed_at) < day;
}

/**
 * GET /api/tasks. The answer carries an ETag of (user, tasks version, day) with `private, no-cache`, so
 * a browser revalidates and gets a 304 when nothing changed (refetch on focus, another tab). The
 * body of the current version is kept per isolate: a repeated read costs the session check only.
 */
export async function answerTaskList(c: Context<AppEnv>): Promise<Response> {
  const { userId } = claimsOf(c);
  const ifNoneMatch = c.req.header("If-None-Match");
  const known = ifNoneMatch === undefined ? [] : versionsNamed(ifNoneMatch, userId);
  const cached = cachedVersion(userId);
  if (cached !== undefined) known.push(cached);
  let { version, day, rows } = await read(c, known);
  const headers = { ETag: taskListEtag(userId, version, day), "Cache-Control": "private, no-cache" };
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, headers.ETag)) return c.body(null, 304, headers);
  let body = cachedList(userId, version, day);
  if (body === undefined) {
    // The version named was cached or known for another day (a new day began), or answered 304:
    // read the rows once more rather than answer without them.
    if (!rows) ({ version, day, rows } = await read(c, []));
    body = taskListJson(rows ?? []);
    storeList(userId, version, body, day);
  }
  return c.body(body, 200, {
    ...headers,
    ETag: taskListEtag(userId, version, day),
    "Content-Type": "application/json",
  });
}
