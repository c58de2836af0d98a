/**
 * Per-isolate cache of serialised task lists: user id → the JSON body read at one tasks version on
 * one day (the list leaves out tasks completed on earlier days: docs/product.md#the-day).
 * An entry is only ever used for the exact version the request's own session check just read (in
 * the same D1 batch), so another isolate's or device's write can never be answered stale, and a
 * user's key is their id, so nobody is answered someone else's list.
 */
/** `day`: the instant (ms) the day the list was written for began. */
type Entry = { version: number; day: number; body: string };

/** Bounds the memory an isolate spends on it (Workers isolates have 128 MB): about 40 lists of 1,000 tasks. */
export const LIST_CACHE_MAX_CHARS = 10_000_000;

const entries = new Map<string, Entry>();
let chars = 0;

function forget(userId: string) {
  const entry = entries.get(userId);
  if (!entry) return;
  entries.delete(userId);
  chars -= entry.body.length;
}

/** Whether this isolate holds some list of the user (of whatever version). */
export function hasCachedList(userId: string): boolean {
  return entries.has(userId);
}

/** The version of the user's list this isolate holds, if any. */
export function cachedVersion(userId: string): number | undefined {
  return entries.get(userId)?.version;
}

/** The body cached for exactly this user, version and day, if any. */
export function cachedList(userId: string, version: number, day = 0): string | undefined {
  const entry = entries.get(userId);
  if (!entry || entry.version !== version || entry.day !== day) return undefined;
  // Map order is insertion order: re-inserting makes it the most recently used.
  entries.delete(userId);
  entries.set(userId, entry);
  return entry.body;
}

/** Keeps the body read at `version` for `day`, evicting the least recently used lists beyond the bound. */
export function storeList(userId: string, version: number, body: string, day = 0) {
  forget(userId);
  if (body.length > LIST_CACHE_MAX_CHARS) return;
  entries.set(userId, { version, day, body });
  chars += body.length;
  for (const oldest of entries.keys()) {
    if (chars <= LIST_CACHE_MAX_CHARS) break;
    forget(oldest);
  }
}

/** Empties the cache (tests). */
export function clearListCache() {
  entries.clear();
  chars = 0;
}
