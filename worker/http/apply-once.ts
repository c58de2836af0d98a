import { and, eq, isNull, lt } from "drizzle-orm";
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
/** D1 keeps a row under 2 MB; an answer larger than this is recorded by its status alone. */
const RECORDED_BODY_MAX = 1_000_000;
/** Answers that mean "not applied, nothing to remember": a retry must be able to apply the change. */
const NOT_APPLIED = new Set([401, 403, 408, 429]);

const CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether this request names a change of its own (a write with the header). */
export function namesAChange(c: Context<AppEnv>): boolean {
  return CHANGING_METHODS.has(c.req.method) && c.req.header(CHANGE_ID_HEADER) !== undefined;
}

/** Runs the route once per change id of this user; see the comment at the top of this file. */
export async function applyOnce(c: Context<AppEnv>, userId: string, next: Next): Promise<void> {
  const parsed = changeIdSchema.safeParse(c.req.header(CHANGE_ID_HEADER));
  if (!parsed.success) throw fromZodError(parsed.error, `${CHANGE_ID_HEADER} header`);
  const change: ChangeKey = { userId, changeId: parsed.data, fingerprint: await fingerprintOf(c) };
  const { db } = c.var;

  if (!(await claimOrTakeOver(db, change))) {
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
  const body = await answer.clone().text();
  await db
    .update(changeReceipts)
    .set({
      status: answer.status,
      contentType: answer.headers.get("Content-Type"),
      body: body.length <= RECORDED_BODY_MAX ? body : null,
    })
    .where(sameChange(change));
}

type ChangeKey = { userId: string; changeId: string; fingerprint: string };

const sameChange = ({ userId, changeId }: ChangeKey) =>
  and(eq(changeReceipts.userId, userId), eq(changeReceipts.changeId, changeId));

/** Method, path and the body's SHA-256: what makes one change this change. */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  // Hono keeps the text it read, so the route's validator reads the same body again.
  const text = ["GET", "HEAD"].includes(c.req.method) ? "" : await c.req.text();
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `${c.req.method} ${new URL(c.req.url).pathname} ${hash}`;
}

/**
 * Claims the id for this request (true), or takes over a claim abandoned ABANDONED_CLAIM_MS ago
 * with no answer recorded; forgets this user's ids older than RECEIPT_KEPT_MS in the same trip.
 */
async function claimOrTakeOver(db: Db, change: ChangeKey): Promise<boolean> {
  const now = Date.now();
  const [, claimed, takenOver] = await db.batch([
    db
      .delete(changeReceipts)
      .where(
        and(eq(changeReceipts.userId, change.userId), lt(changeReceipts.createdAt, new Date(now - RECEIPT_KEPT_MS))),
      ),
    db
      .insert(changeReceipts)
      .values({ ...change, createdAt: new Date(now) })
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
        ),
      )
      .returning({ changeId: changeReceipts.changeId }),
  ]);
  return claimed.length + takenOver.length > 0;
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
      throw new ApiError(422, `This ${CHANGE_ID_HEADER} was already used for another change.`);
    }
    if (receipt && receipt.status !== null) return replay(receipt.status, receipt.contentType, receipt.body);
    if (!receipt || Date.now() >= deadline) {
      // Still running, or not applied and let go: the next try settles it.
      throw new ApiError(409, "This change is still being applied. Please try again in a moment.", undefined, {
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

/** Account deletion clears these with the account's other rows. */
export function deleteChangeReceiptsOfUserQuery(db: Db, userId: string) {
  return db.delete(changeReceipts).where(eq(changeReceipts.userId, userId));
}
