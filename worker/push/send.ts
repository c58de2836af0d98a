import { buildPushPayload, type VapidKeys } from "@block65/webcrypto-web-push";
import type { PushMessageBody } from "../../shared/schemas/push";
import { createDb } from "../db/client";
import { directoryDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import { pushEndpointProblem } from "./push-services";
import { removeSubscription, subscriptionsOfUser } from "./subscriptions";

/** How long a push service keeps an undelivered message: a finished timer is old news after an hour. */
const PUSH_TTL_SECONDS = 60 * 60;

/** The VAPID keys of this deployment, or null when push is not configured (then nothing is sent). */
export function vapidKeys(env: Bindings): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY || !VAPID_SUBJECT) return null;
  return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
}

/**
 * Sends one push to every device of the user that turned notifications on. Encryption (RFC 8291,
 * aes128gcm) and the VAPID token (RFC 8292) come from the library. A subscription the push
 * service no longer knows (404, 410) is deleted; any other failure is logged and never thrown, so
 * a push service outage cannot fail the caller (the timer's alarm).
 */
export async function pushToUser(env: Bindings, userId: string, message: PushMessageBody): Promise<number> {
  const vapid = vapidKeys(env);
  if (!vapid) return 0;
  // Subscriptions go with their device's session, in the directory (docs/decisions/270-person-databases.md).
  const db = createDb(directoryDatabase(env));
  let rows: Awaited<ReturnType<typeof subscriptionsOfUser>>;
  try {
    rows = await subscriptionsOfUser(db, userId);
  } catch (err) {
    console.error("could not read the push subscriptions", err);
    return 0;
  }
  const sent = await Promise.all(
    rows.map(async (row) => {
      // Stored before endpoints were checked: never contacted, and forgotten.
      if (pushEndpointProblem(row.endpoint, env.PUSH_TEST_SERVICE_HOST)) {
        await removeSubscription(db, row.endpoint).catch((err) =>
          console.error("could not remove a subscription", err),
        );
        return false;
      }
      try {
        const subscription = {
          endpoint: row.endpoint,
          expirationTime: null,
          keys: { p256dh: row.p256dh, auth: row.auth },
        };
        const payload = await buildPushPayload(
          // One topic per kind: a waiting message is replaced by a newer one of its kind only.
          { data: message, options: { ttl: PUSH_TTL_SECONDS, urgency: "high", topic: message.type } },
          subscription,
          vapid,
        );
        // Never followed: a push service that redirects could send the request anywhere
        // (docs/decisions/178-push-subscriptions-per-person.md); a 3xx counts as a failure.
        const res = await fetch(row.endpoint, { ...payload, redirect: "manual" });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) {
          await removeSubscription(db, row.endpoint);
          return false;
        }
        if (!res.ok) console.error("push service refused a message", res.status);
        return res.ok;
      } catch (err) {
        console.error("push failed", err);
        return false;
      }
    }),
  );
  return sent.filter(Boolean).length;
}
