import { msg } from "@lingui/core/macro";
import { and, eq, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Context, Next } from "hono";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { changeIdSchema } from "../../shared/schemas/changes";
import type { Db } from "../db/client";
import { changeReceipts } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, fromZodError } from "./errors";

/**
 * Exactly once for a change sent with an id (docs/decisions/220-changes-applied-once-by-their-id.md):
 * the first request with an id claims it in D1 and is applied; every later one with the same id
 * (a retry after a lost answer, a second tab replaying the outbox, a replay racing the live
 * request) is answered with the first answer and changes nothing.
 */

/** How long an id is remembered: a week offline, and a day to spare. */
export const RECEIPT_KEPT_MS = 8 * 24 * 60 * 60 * 1000;
/**
 * A claim whose answer was never recorded (the Worker stopped mid-change) is taken over by a retry
 * after this long, so a change is not refused for ever; a request runs seconds, never a minute.
 */
export const ABANDONED_CLAIM_MS = 60_000;
/** How long a repeat waits for the first request's answer before saying "try again". */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 50;
/**
 * How many of a person's ids are remembered at most: the newest. A device's outbox sends one change
 * at a time and only its latest can be waiting for an answer, and a person has at most 20 sessions
 * (docs/decisions/176-sessions-and-sign-ins-per-person.md), so 100 is five per possible device
 * (docs/decisions/224-what-a-replay-keeps.md).
 */
export const RECEIPTS_KEPT_PER_PERSON = 100;
/** An answer up to this long is kept whole for a replay (a task, a delete's undo ticket, a message). */
export const REPLAY_BODY_MAX = 2_048;
/**
 * A longer answer is kept as what the device cannot read again, the ids and titles of the tasks it
 * names, when that fits in this; else by its status alone (a replay then says "already applied").
 */
export const REPLAY_SLIM_BODY_MAX = 16_384;
/** Answers that mean "not applied, nothing to remember": a retry must be able to apply the change. */
const NOT_APPLIED = new Set([401, 403, 408, 429]);

const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether this request names a change of its own (a write with the header). */
export function namesAChange(c: Context<AppEnv>): boolean {
  return CHANGING_METHODS.has(c.req.method) && c.req.header(CHANGE_ID_HEADER) !== undefined;
}

/**
 * Who sends the change, as the session check sees them: a replay is an answer like any other, so
 * the id is claimed, and a first answer replayed, only while the session is live
 * (docs/decisions/224-what-a-replay-keeps.md).
 */
export type ChangeSender = {
  userId: string;
  /** SQL that is true while the request's session is live (worker/auth/sessions.ts). */
  sessionIsLive: (now: number) => SQL;
  /**
   * For a person homed outside the directory: the directory's word on the session, asked at the
   * same time as the claim (docs/decisions/272-a-session-check-across-two-databases.md).
   */
  sessionLiveInDirectory?: () => Promise<boolean>;
  /** The 401 for a session that is not live, saying why where it can. */
  sessionEnded: () => Promise<Error>;
};

/** Runs the route once per change id of this user; see the comment at the top of this file. */
export async function applyChangeOnce(c: Context<AppEnv>, sender: ChangeSender, next: Next): Promise<void> {
  const parsed = changeIdSchema.safeParse(c.req.header(CHANGE_ID_HEADER));
  if (!parsed.success) throw fromZodError(parsed.error, `${CHANGE_ID_HEADER} header`);
  const change: ChangeKey = { userId: sender.userId, changeId: parsed.data, fingerprint: await fingerprintOf(c) };
  const { db } = c.var;

  const [claim, liveInDirectory] = await Promise.all([
    claimOrTakeOver(db, change, sender.sessionIsLive(Date.now())),
    sender.sessionLiveInDirectory?.() ?? true,
  ]);
  if (!liveInDirectory && claim === "claimed") await db.delete(changeReceipts).where(sameChange(change));
  if (claim === "session-ended" || !liveInDirectory) throw await sender.sessionEnded();
  if (claim === "taken") {
    c.res = await firstAnswer(db, change);
    return;
  }
  await next();
  const answer = c.res;
  if (answer.status >= 500 || NOT_APPLIED.has(answer.status)) {
    // Not applied (or not known to be): the id is free again, so the retry applies the change.
    await db.delete(changeReceipts).where(sameChange(change));
    return;
  }
  const contentType = answer.headers.get("Content-Type");
  await db
    .update(changeReceipts)
    .set({ status: answer.status, contentType, body: keptForReplay(await answer.clone().text(), contentType) })
    .where(sameChange(change));
}

/**
 * What of an answer a replay needs (docs/decisions/224-what-a-replay-keeps.md): a short answer
 * whole; of a long one, the ids and titles of the tasks it names (how the outbox learns the server's
 * ids of tasks made offline: web/api/outbox-replay.ts), which the device could not read again; past
 * that, nothing but the status.
 */
export function keptForReplay(body: string, contentType: string | null): string | null {
  if (body.length <= REPLAY_BODY_MAX) return body;
  if (!contentType?.includes("json")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const slim = JSON.stringify(tasksNamedIn(parsed));
  return slim.length <= REPLAY_SLIM_BODY_MAX ? slim : null;
}

type NamedTask = { id: number; title: string };

function isNamedTask(value: unknown): value is NamedTask {
  if (typeof value !== "object" || value === null) return false;
  const { id, title } = value as Record<string, unknown>;
  return typeof id === "number" && typeof title === "string";
}

/** An answer's tasks as {id, title}: the answer itself when it is a task or a list of tasks, else the lists it holds. */
function tasksNamedIn(answer: unknown): NamedTask | NamedTask[] {
  const slim = ({ id, title }: NamedTask) => ({ id, title });
  if (isNamedTask(answer)) return slim(answer);
  const lists = Array.isArray(answer)
    ? [answer]
    : typeof answer === "object" && answer !== null
      ? Object.values(answer).filter(Array.isArray)
      : [];
  return lists.flat().filter(isNamedTask).map(slim);
}

type ChangeKey = { userId: string; changeId: string; fingerprint: string };

const sameChange = ({ userId, changeId }: ChangeKey) =>
  and(eq(changeReceipts.userId, userId), eq(changeReceipts.changeId, changeId));

/**
 * Method, path with its query, and the body's SHA-256: what makes one change this change. The query
 * is part of it: `DELETE /api/tasks/7?complete=true` is another change than `DELETE /api/tasks/7`.
 */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  // Hono keeps the text it read, so the route's validator reads the same body again.
  const text = ["GET", "HEAD"].includes(c.req.method) ? "" : await c.req.text();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  const url = new URL(c.req.url);
  return `${c.req.method} ${url.pathname}${url.search} ${hash}`;
}

/**
 * Claims the id for this request ("claimed"), or takes over a claim abandoned ABANDONED_CLAIM_MS ago
 * with no answer recorded; "taken" when another request holds it. All of it only while the session
 * is live, checked in the same trip ("session-ended" otherwise, and nothing is written: a deleted
 * account's token cannot make a row). The same trip forgets this person's ids older than
 * RECEIPT_KEPT_MS and all but the newest RECEIPTS_KEPT_PER_PERSON.
 */
async function claimOrTakeOver(
  db: Db,
  change: ChangeKey,
  sessionIsLive: SQL,
): Promise<"claimed" | "taken" | "session-ended"> {
  const now = Date.now();
  const ofThisPerson = eq(changeReceipts.userId, change.userId);
  const [live, claimed, takenOver] = await db.batch([
    db.select({ live: sql<number>`${sessionIsLive}` }).from(sql`(select 1)`),
    db
      .insert(changeReceipts)
      .select(
        (qb) =>
          qb
            .select({
              userId: sql`${change.userId}`.as("user_id"),
              changeId: sql`${change.changeId}`.as("change_id"),
              fingerprint: sql`${change.fingerprint}`.as("fingerprint"),
              status: sql`null`.as("status"),
              contentType: sql`null`.as("content_type"),
              body: sql`null`.as("body"),
              createdAt: sql`${now}`.as("created_at"),
            })
            .from(sql`(select 1)`)
            // A WHERE, also so that SQLite reads the ON CONFLICT below as the insert's.
            .where(sessionIsLive) as never,
      )
      .onConflictDoNothing()
      .returning({ changeId: changeReceipts.changeId }),
    db
      .update(changeReceipts)
      .set({ createdAt: new Date(now) })
      .where(
        and(
          sameChange(change),
          eq(changeReceipts.fingerprint, change.fingerprint),
          isNull(changeReceipts.status),
          lt(changeReceipts.createdAt, new Date(now - ABANDONED_CLAIM_MS)),
          sessionIsLive,
        ),
      )
      .returning({ changeId: changeReceipts.changeId }),
    db.delete(changeReceipts).where(and(ofThisPerson, lt(changeReceipts.createdAt, new Date(now - RECEIPT_KEPT_MS)))),
    db.delete(changeReceipts).where(
      and(
        ofThisPerson,
        sql`${changeReceipts.changeId} in (select ${changeReceipts.changeId} from ${changeReceipts}
          where ${ofThisPerson} order by ${changeReceipts.createdAt} desc limit -1 offset ${RECEIPTS_KEPT_PER_PERSON})`,
      ),
    ),
  ]);
  if (!live[0]?.live) return "session-ended";
  return claimed.length + takenOver.length > 0 ? "claimed" : "taken";
}

/**
 * The answer the id's first request got, waiting for it while that request is still running (a
 * 409 with Retry-After if it runs too long, or let the id go meanwhile). Another change under the
 * same id is a 422.
 */
async function firstAnswer(db: Db, change: ChangeKey): Promise<Response> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const [receipt] = await db.select().from(changeReceipts).where(sameChange(change));
    if (receipt && receipt.fingerprint !== change.fingerprint) {
      const header = CHANGE_ID_HEADER;
      throw new ApiError(422, msg`This ${header} was already used for another change.`);
    }
    if (receipt && receipt.status !== null) return replay(receipt.status, receipt.contentType, receipt.body);
    if (!receipt || Date.now() >= deadline) {
      // Still running, or not applied and let go: the next try settles it.
      throw new ApiError(409, msg`This change is still being applied. Please try again in a moment.`, undefined, {
        "Retry-After": "1",
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function replay(status: number, contentType: string | null, body: string | null): Response {
  const headers = new Headers({ "Idempotent-Replayed": "true" });
  if (body === null) {
    headers.set("Content-Type", "application/json");
    return new Response(JSON.stringify({ message: "This change was already applied." }), { status, headers });
  }
  if (contentType) headers.set("Content-Type", contentType);
  return new Response(status === 204 ? null : body, { status, headers });
}

/**
 * The daily clean-up's statement (worker/scheduled.ts): up to `batch` ids past RECEIPT_KEPT_MS, of
 * anyone; a person who sends nothing more still has their old ids forgotten.
 */
export function deleteExpiredReceiptsQuery(db: Db, now: number, batch: number) {
  return db
    .delete(changeReceipts)
    .where(
      sql`rowid in (select rowid from ${changeReceipts} where ${changeReceipts.createdAt} < ${now - RECEIPT_KEPT_MS} limit ${batch})`,
    );
}

/** Account deletion clears these with the account's other rows. */
export function deleteChangeReceiptsOfUserQuery(db: Db, userId: string) {
  return db.delete(changeReceipts).where(eq(changeReceipts.userId, userId));
}
