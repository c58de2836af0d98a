import { useInfiniteQuery } from "@tanstack/react-query";
import type { HistoryPage } from "../../shared/schemas/day";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";

// Only the Done screen reads the history, so useInfiniteQuery stays out of the first screen's code
// (bench/bundle.mjs).

/**
 * GET /api/history, page by page (docs/decisions/184-history-pages.md): the first page brings the
 * days' figures, each next page the finished tasks before the last one shown.
 */
export function useHistoryPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.history,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<HistoryPage>(
        "GET",
        pageParam ? `/api/history?cursor=${encodeURIComponent(pageParam)}` : "/api/history",
        undefined,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
