import { and, eq, ne } from "drizzle-orm";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

/**
 * Stores the subscription of the signed-in device, replacing the one it had: one subscription per
 * device (sign-in session), so a person's subscriptions are bounded by their devices
 * (docs/decisions/129-push-service-hosts.md). One endpoint is one browser: subscribing again (a new
 * sign-in on the same browser, or fresh keys) takes its row over. Both in one batch, so two racing
 * requests of a device leave one row.
 */
export async function saveSubscription(db: Db, userId: string, sessionId: string, sub: PushSubscriptionBody) {
  const row = { endpoint: sub.endpoint, userId, sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db.batch([
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.sessionId, sessionId), ne(pushSubscriptions.endpoint, row.endpoint))),
    db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionId, p256dh: row.p256dh, auth: row.auth, createdAt: new Date() },
      }),
  ]);
}

export function subscriptionsOfUser(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export function removeSubscription(db: Db, endpoint: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
