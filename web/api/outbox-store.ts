import { createStore, del, entries, get, set, type UseStore } from "idb-keyval";
import type { ChangeEffect } from "../changes/registry";

// The outbox on the device (docs/product.md#offline): changes made without a network, in IndexedDB
// so that they survive a reload, a closed tab and a restarted browser. Read and written by the page
// and by the service worker (Background Sync), so nothing here touches the DOM.

/** A change as it waits: the request to send, with its id (the Idempotency-Key) and what it shows. */
export type OutboxEntry = {
  /** The store's key: the order the changes were made in. */
  key: string;
  changeId: string;
  /** The person who made it: only their session sends it. */
  userId: string;
  method: "POST" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** What the person did, in words ("Mark "Call Sam" done"): said if the server refuses it. */
  label: string;
  effect: ChangeEffect;
  queuedAt: number;
};

/**
 * A change the server refused, in words and why; kept when no page was open to say so (Background
 * Sync), said when one opens. `written`: a title the person typed that would be lost with it (a
 * rename of a task deleted elsewhere), which they may keep as a new task
 * (docs/decisions/246-refused-changes-named-and-kept.md).
 */
/**
 * Why a change was refused: the server's own message, or what the outbox saw, put into words only
 * when a page shows it (web/api/outbox-refusals.ts): the service worker replays too, and it has no
 * language to say it in.
 */
export type RefusalReason = string | { deleted: true } | { status: number } | { neverSaved: true };

export type RefusedChange = { label: string; reason: RefusalReason; written?: string };

/** The Background Sync tag the service worker answers (web/sw-outbox.ts), and its message to the pages. */
export const OUTBOX_SYNC_TAG = "onething-outbox";

const CHANGE_PREFIX = "change:";
const REFUSED_KEY = "refused";

let database: UseStore | undefined;
function outboxDatabase(): UseStore {
  database ??= createStore("onething-outbox", "changes");
  return database;
}

let lastKeyTime = 0;
/** Keys sort in the order changes are made, within a millisecond too. */
function nextKey(now: number): string {
  lastKeyTime = Math.max(lastKeyTime + 1, now * 1000);
  return `${CHANGE_PREFIX}${String(lastKeyTime).padStart(20, "0")}`;
}

export async function addEntry(entry: Omit<OutboxEntry, "key">): Promise<OutboxEntry> {
  const stored = { ...entry, key: nextKey(entry.queuedAt) };
  await set(stored.key, stored, outboxDatabase());
  return stored;
}

export function putEntry(entry: OutboxEntry): Promise<void> {
  return set(entry.key, entry, outboxDatabase());
}

export function removeEntry(key: string): Promise<void> {
  return del(key, outboxDatabase());
}

/** The person's waiting changes, oldest first. */
export async function waitingEntries(userId: string): Promise<OutboxEntry[]> {
  const all = await entries<string, OutboxEntry>(outboxDatabase());
  return all
    .filter(([key, entry]) => key.startsWith(CHANGE_PREFIX) && entry.userId === userId)
    .map(([, entry]) => entry)
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The person's account is deleted: what waited for them goes with it. */
export async function forgetEntries(userId: string): Promise<void> {
  for (const entry of await waitingEntries(userId)) await removeEntry(entry.key);
}

export async function keepRefused(refused: RefusedChange[]): Promise<void> {
  if (refused.length === 0) return;
  const earlier = (await get<RefusedChange[]>(REFUSED_KEY, outboxDatabase())) ?? [];
  await set(REFUSED_KEY, [...earlier, ...refused].slice(-20), outboxDatabase());
}

/** The refusals kept for the page, each handed out once. */
export async function takeRefused(): Promise<RefusedChange[]> {
  const refused = (await get<RefusedChange[]>(REFUSED_KEY, outboxDatabase())) ?? [];
  if (refused.length > 0) await del(REFUSED_KEY, outboxDatabase());
  return refused;
}
