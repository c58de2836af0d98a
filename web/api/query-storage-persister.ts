import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";

/** A storage persister whose waiting save can be written at once. */
export type FlushablePersister = Persister & {
  /** Writes the save that is waiting, if any, now. */
  flush(): void;
};

/**
 * TanStack Query's persister for the reads kept between visits, in a synchronous storage
 * (localStorage). A burst of cache changes is saved once, `throttleMs` after the first of them,
 * and `flush()` writes a waiting save at once, for the moment the page is hidden or left: a reload
 * or a navigation soon after a read (the network gone meanwhile) would otherwise start from what was
 * saved before it, or from nothing (docs/decisions/124-pages-reads-saved-before-goes-read.md).
 * TanStack's own storage persisters save only on their timer, which a page that is going away never
 * runs.
 *
 * A save belongs to the session signed in when it is written (`session()`, kept as the saved
 * client's buster): signed out by then, nothing is written, so a save still waiting at sign-out
 * does not bring the signed-out person's data back. Saving merges into what that session stored:
 * a screen opened online reads only some of the persisted queries (the braindump reads no timer),
 * and the others keep their last known answers for the next start offline instead of being
 * dropped. A save the storage refuses (full, or blocked) is dropped: the offline copy is a
 * convenience, and the next save tries again.
 */
export function createQueryStoragePersister(options: {
  storage: Storage;
  key: string;
  throttleMs: number;
  session: () => string | null;
}): FlushablePersister {
  const { storage, key, throttleMs, session } = options;
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function read(): PersistedClient | undefined {
    try {
      const text = storage.getItem(key);
      return text ? (JSON.parse(text) as PersistedClient) : undefined;
    } catch {
      return undefined;
    }
  }

  function write(client: PersistedClient) {
    const buster = session();
    if (!buster) return;
    const stored = read();
    let queries = client.clientState.queries;
    if (stored?.buster === buster) {
      const fresh = new Set(queries.map((query) => query.queryHash));
      queries = [...stored.clientState.queries.filter((query) => !fresh.has(query.queryHash)), ...queries];
    }
    const saved: PersistedClient = { ...client, buster, clientState: { ...client.clientState, queries } };
    try {
      storage.setItem(key, JSON.stringify(saved));
    } catch {
      // Refused (quota, storage blocked): see above.
    }
  }

  function flush() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const client = waiting;
    waiting = null;
    if (client) write(client);
  }

  return {
    persistClient(client) {
      waiting = client;
      timer ??= setTimeout(flush, throttleMs);
    },
    restoreClient: read,
    removeClient() {
      waiting = null;
      storage.removeItem(key);
    },
    flush,
  };
}
