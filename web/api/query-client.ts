import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./client";

/** docs/product.md#request-behaviour: cached data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient() {
  return new QueryClient({
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
}
