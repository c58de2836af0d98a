// The service worker's part of the outbox (docs/product.md#offline): when the browser has Background
// Sync (Chromium), it sends the changes kept on the device as soon as the network returns, even with
// every tab closed. Refusals wait in IndexedDB for the next page to say them; open pages are told.
import type { User } from "../shared/schemas/auth";
import { replayOutbox } from "./api/outbox-replay";
import { keepRefused, OUTBOX_SYNC_TAG } from "./api/outbox-store";

type SyncEvent = ExtendableEvent & { readonly tag: string };

/** Sends the signed-in person's changes; a network still gone makes the browser try again later. */
async function sendOutbox(worker: ServiceWorkerGlobalScope): Promise<void> {
  // The session cookie says who is signed in; signed out, the changes wait for that person.
  const who = await fetch("/api/auth/user", { credentials: "include" });
  if (!who.ok) return;
  const user = (await who.json()) as User;
  const result = await replayOutbox({ userId: user.id, headers: () => ({}) });
  await keepRefused(result.refused);
  for (const page of await worker.clients.matchAll({ type: "window" })) page.postMessage({ type: OUTBOX_SYNC_TAG });
  if (result.stopped === "offline") throw new Error("The network went again: Background Sync tries later.");
}

export function listenForOutboxSync(worker: ServiceWorkerGlobalScope) {
  worker.addEventListener("sync", ((event: SyncEvent) => {
    if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendOutbox(worker));
  }) as EventListener);
}
