import { and, desc, eq, exists, ne, notInArray, sql } from "drizzle-orm";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import { abortBatchIf } from "../db/batch-guard";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

/**
 * The most push subscriptions one person keeps (a device each): past it the oldest go, so one timer
 * end sends at most this many pushes (docs/decisions/178-push-subscriptions-per-person.md).
 */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;

/** The refusal of an endpoint another account holds: it is never moved. */
export const ENDPOINT_OF_ANOTHER_ACCOUNT =
  "This browser gets another account's notifications. Sign that account out in this browser (or turn its notifications off there), then try again.";

/**
 * Stores the subscription of the signed-in device, replacing the one it had: one subscription per
 * device (sign-in session), at most PUSH_SUBSCRIPTIONS_PER_PERSON per person, the newest kept
 * (docs/decisions/129-push-service-hosts.md). One endpoint is one browser: the same account
 * subscribing again (a new sign-in on the same browser, or fresh keys) takes its row over; an
 * endpoint another account holds is refused (abortedBy(err, pushSubscriptions)), never moved. All
 * in one batch, so requests sent at once leave one row and the cap.
 */
export async function saveSubscription(db: Db, userId: string, sessionId: string, sub: PushSubscriptionBody) {
  const row = { endpoint: sub.endpoint, userId, sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  const now = new Date();
  const newest = db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), sql`${pushSubscriptions.endpoint} = ${row.endpoint} desc`)
    .limit(PUSH_SUBSCRIPTIONS_PER_PERSON);
  await db.batch([
    abortBatchIf(
      db,
      pushSubscriptions,
      exists(
        db
          .select({ endpoint: pushSubscriptions.endpoint })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, userId))),
      ),
    ),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.sessionId, sessionId), ne(pushSubscriptions.endpoint, row.endpoint))),
    db
      .insert(pushSubscriptions)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { sessionId, p256dh: row.p256dh, auth: row.auth, createdAt: now },
        setWhere: eq(pushSubscriptions.userId, userId),
      }),
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.endpoint, newest))),
  ]);
}

export function subscriptionsOfUser(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export function removeSubscription(db: Db, endpoint: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
