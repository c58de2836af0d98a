import { eq } from "drizzle-orm";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

export type StoredSubscription = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a subscription for the signed-in device. One endpoint is one browser: subscribing again
 * (a new sign-in on the same browser, or fresh keys) replaces the row in one statement, so two
 * racing requests leave one row.
 */
export async function saveSubscription(db: Db, userId: string, sessionId: string, sub: PushSubscriptionBody) {
  const row = { endpoint: sub.endpoint, userId, sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionId, p256dh: row.p256dh, auth: row.auth, createdAt: new Date() },
    });
}

export function subscriptionsOfUser(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export function removeSubscription(db: Db, endpoint: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
