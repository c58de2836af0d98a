import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

/**
 * A user's push subscriptions for the account export, which must not query this capability's
 * table itself: the device (sign-in session) and when it subscribed, never the keys.
 */
export function listPushSubscriptionsForExport(db: Db, userId: string) {
  return db
    .select({
      sessionId: pushSubscriptions.sessionId,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

type ExportRow = Awaited<ReturnType<typeof listPushSubscriptionsForExport>>[number];

/**
 * A subscription as the export shows it: the push service's host, never the endpoint's path (it
 * names the browser at the push service).
 */
export function toExportedSubscription(row: ExportRow) {
  let pushService = "";
  try {
    pushService = new URL(row.endpoint).hostname;
  } catch {
    // Stored before endpoints were checked: shown without a host.
  }
  return { pushService, createdAt: row.createdAt.toISOString() };
}
