import { useQueries } from "@tanstack/react-query";
import type { History } from "../../shared/schemas/day";
import { queryKeys } from "./query-keys";

// Apart from web/api/day.ts: only the Done screen reads the history, and useQueries stays out of
// the first screen's code (bench/bundle.mjs).

/** GET /api/history for ranges of at most 92 days each, newest first (docs/product.md#done-screen). */
export function useHistory(ranges: readonly { from: string; to: string }[]) {
  return useQueries({
    queries: ranges.map(({ from, to }) => ({ queryKey: queryKeys.history(from, to) })),
    combine: (results) => ({
      days: results.flatMap((result) => (result.data as History | undefined)?.days ?? []),
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      refetch: () => results.forEach((result) => void result.refetch()),
    }),
  });
}
