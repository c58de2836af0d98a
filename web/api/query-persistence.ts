import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { getAuthToken } from "./client";
import { queryKeys } from "./query-keys";
import { createQueryStoragePersister } from "./query-storage-persister";

/** Where the last known answers of the first screen's reads are kept between visits. */
export const PERSISTED_QUERIES_KEY = "onething_query_cache";
/**
 * The reads a screen opened offline needs: who is signed in, the tasks, the timer, and the day (the
 * plan step and a plan made offline, docs/product.md#offline).
 */
const PERSISTED = new Set<unknown>([queryKeys.user[0], queryKeys.tasks[0], queryKeys.timer[0], queryKeys.day[0]]);
/** A week: older data is more confusing than none. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A burst of cache changes (a screen's reads arriving) is saved once. */
const SAVE_THROTTLE_MS = 500;

/**
 * Restores the last known answers of the first screen's reads, then keeps them saved as they change
 * (docs/decisions/092-offline-page-keeps-last-known-reads.md). They belong to the session that read
 * them: another sign-in (a new token) finds nothing. They are restored only when the app opens
 * offline: with a network every screen reads afresh, and a read that fails shows its error and Try
 * again instead of old data that looks current. Offline the queries wait (TanStack's online network
 * mode) and the screen shows what was restored.
 */
export async function restorePersistedQueries(queryClient: QueryClient): Promise<void> {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  if (!storage) return;
  const persister = createQueryStoragePersister({
    storage,
    key: PERSISTED_QUERIES_KEY,
    throttleMs: SAVE_THROTTLE_MS,
    session: getAuthToken,
  });
  // What is waiting to be saved is saved before the page is hidden or left
  // (docs/decisions/124-pages-reads-saved-before-goes-read.md).
  window.addEventListener("pagehide", persister.flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") persister.flush();
  });
  const options = {
    queryClient,
    persister: {
      ...persister,
      persistClient: (client: PersistedClient) => persister.persistClient(lastAnswers(client)),
    },
    buster: getAuthToken() ?? "",
    maxAge: MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { data: unknown } }) =>
        query.state.data !== undefined && PERSISTED.has(query.queryKey[0]),
    },
  };
  if (navigator.onLine === false) {
    await persistQueryClientRestore(options);
    void queryClient.invalidateQueries({ refetchType: "none" });
  }
  persistQueryClientSubscribe(options);
}

/**
 * Each read's last answer, also where a later read of it failed: a read under way when the network
 * goes (the live channel refetches on connect) fails with no retry, and saving only successful reads
 * would then keep an older answer, or none, for the next start offline. Saved as the answer it was,
 * so a screen opened offline shows it rather than the failure
 * (docs/decisions/124-pages-reads-saved-before-goes-read.md).
 */
export function lastAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === "error"
      ? { ...query, state: { ...query.state, status: "success" as const, error: null, fetchFailureReason: null } }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Signing out: the saved answers are the signed-out person's, so they go with the token (forgotten
 * first, so a save still waiting is not written either).
 */
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
