import { t } from "@lingui/core/macro";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import { deletePushSubscriptions, savePushSubscription } from "./push";

/** Why this device cannot turn notifications on, in words for the person; null when it can. */
export function pushUnsupportedReason(): string | null {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return t`This browser cannot show notifications from Onething.`;
  }
  return null;
}

/** Thrown with a sentence for the person when turning notifications on cannot go on. */
export class PushSetupError extends Error {}

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration("/");
  if (!found) throw new PushSetupError(t`The app is still setting up on this device. Reload the page and try again.`);
  return navigator.serviceWorker.ready;
}

/** The server's VAPID key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (from the click), subscribes this browser at its push service with the
 * server's key, and stores the subscription for this signed-in device.
 */
export async function turnOnPush(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    throw new PushSetupError(t`Notifications are blocked for this site. Allow them in the browser's site settings.`);
  }
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (subscription) {
    // Subscribed with another key (the server's keys changed): that one cannot be used.
    const current = subscription.options.applicationServerKey;
    const same = current && new Uint8Array(current).every((byte, i) => byte === keyBytes(publicKey)[i]);
    if (!same) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await savePushSubscription(subscription.toJSON() as PushSubscriptionBody);
}

/** Forgets this device's subscriptions on the server, then at the push service. */
export async function turnOffPush(): Promise<void> {
  await deletePushSubscriptions();
  const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : undefined;
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}
