import { type Query, QueryClient } from "@tanstack/react-query";
import { ApiRequestError, getQueryFn } from "./client";

/** docs/product.md#request-behaviour: cached data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      // An action offline runs and is refused at once with a clear message (OfflineError), rather
      // than waiting unseen for the network
      // (docs/decisions/092-offline-page-keeps-last-known-reads.md).
      mutations: { retry: false, networkMode: "always" },
    },
  });
  if (typeof window !== "undefined") keepLastAnswersOffline(queryClient);
  return queryClient;
}

/**
 * Offline, a read that cannot be made keeps the answer on screen
 * (docs/decisions/092-offline-page-keeps-last-known-reads.md). A read under way when the network
 * goes (the live channel refetches on connect) fails with no answer and, with no retries, would
 * put the screen in its error state ("Your tasks could not be loaded.") over tasks it still has,
 * taking an open title editor with it. Such a read keeps its last answer instead, whichever of the
 * failure and the browser's going offline comes first. Online, a failed read still shows its error.
 */
function keepLastAnswersOffline(queryClient: QueryClient) {
  const keep = (query: Query) => {
    const { status, data, error } = query.state;
    if (navigator.onLine !== false || status !== "error" || data === undefined) return;
    // The server answered (a 401, a 500): that is said, offline or not.
    if (error instanceof ApiRequestError && error.status > 0) return;
    query.setState({ status: "success", error: null });
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "error") keep(event.query);
  });
  window.addEventListener("offline", () => {
    for (const query of queryClient.getQueryCache().getAll()) keep(query);
  });
}
