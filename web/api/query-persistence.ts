import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { getAuthToken } from "./client";
import { queryKeys } from "./query-keys";

/** Where the last known answers of the first screen's reads are kept between visits. */
export const PERSISTED_QUERIES_KEY = "onething_query_cache";
/** The reads a screen opened offline needs: who is signed in, the tasks, the timer. */
const PERSISTED = new Set<unknown>([queryKeys.user[0], queryKeys.tasks[0], queryKeys.timer[0]]);
/** A week: older data is more confusing than none. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Saves by merging into what is stored: a screen opened online reads only some of the persisted
 * queries (the braindump reads no timer), and the others keep their last known answers for the
 * next start offline instead of being dropped.
 */
function persister(): Persister {
  const inner = createSyncStoragePersister({
    storage: window.localStorage,
    key: PERSISTED_QUERIES_KEY,
    throttleTime: 500,
  });
  return {
    ...inner,
    persistClient: (client: PersistedClient) => {
      const stored = readStored();
      if (stored?.buster !== client.buster) return inner.persistClient(client);
      const fresh = new Set(client.clientState.queries.map((query) => query.queryHash));
      const kept = stored.clientState.queries.filter((query) => !fresh.has(query.queryHash));
      const queries = [...kept, ...client.clientState.queries];
      return inner.persistClient({ ...client, clientState: { ...client.clientState, queries } });
    },
  };
}

function readStored(): PersistedClient | null {
  try {
    const text = window.localStorage.getItem(PERSISTED_QUERIES_KEY);
    return text ? (JSON.parse(text) as PersistedClient) : null;
  } catch {
    return null;
  }
}

/**
 * Restores the last known answers of the first screen's reads, then keeps them saved as they change
 * (docs/decisions.md#92). They belong to the session that read them: another sign-in (a new token)
 * finds nothing. They are restored only when the app opens offline: with a network every screen reads
 * afresh, and a read that fails shows its error and Try again instead of old data that looks current.
 * Offline the queries wait (TanStack's online network mode) and the screen shows what was restored.
 */
export async function restorePersistedQueries(queryClient: QueryClient): Promise<void> {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  if (!storage) return;
  const options = {
    queryClient,
    persister: persister(),
    buster: getAuthToken() ?? "",
    maxAge: MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
        query.state.status === "success" && PERSISTED.has(query.queryKey[0]),
    },
  };
  if (navigator.onLine === false) {
    await persistQueryClientRestore(options);
    void queryClient.invalidateQueries({ refetchType: "none" });
  }
  persistQueryClientSubscribe(options);
}

/** Signing out: the saved answers are the signed-out person's, so they go with the token. */
export function forgetPersistedQueries(): void {
  try {
    window.localStorage.removeItem(PERSISTED_QUERIES_KEY);
  } catch {
    // No storage: nothing was saved.
  }
}

/**
 * A read started before the app loaded (web/api/early-requests.ts): offline, its failure gives the
 * restored answer instead, so the screen shows the last known data rather than an error.
 */
export async function offlineFallback<T>(read: Promise<T>, queryClient: QueryClient, key: QueryKey): Promise<T> {
  try {
    return await read;
  } catch (err) {
    const restored = queryClient.getQueryData<T>(key);
    if (restored !== undefined && !navigator.onLine) return restored;
    throw err;
  }
}
