import type { QueryClient } from "@tanstack/react-query";
import { isAnalyticsQuery, isHistoryQuery, queryKeys } from "./query-keys";

/**
 * The one place that decides what a change of the person's data refetches
 * (docs/decisions/189-one-refetch-after-any-change.md): every mutation, the live channel, the day's
 * rollover, Start Fresh, Clear Tasks, Reset Stats and a focus run's end call it. All that follows
 * the tasks is read again: the tasks, the analytics (today and the ranges), the day (carried-over
 * tasks, the plan, the streak), the history and the focus sessions. After a reset (`reset`), the
 * tasks and the analytics are dropped from the cache first, so no figure from before shows a moment.
 */
export function invalidateTaskData(queryClient: QueryClient, { reset = false }: { reset?: boolean } = {}) {
  const refetch = reset
    ? (filters: Parameters<QueryClient["resetQueries"]>[0]) => queryClient.resetQueries(filters)
    : (filters: Parameters<QueryClient["invalidateQueries"]>[0]) => queryClient.invalidateQueries(filters);
  return Promise.all([
    refetch({ queryKey: queryKeys.tasks }),
    refetch({ predicate: isAnalyticsQuery }),
    queryClient.invalidateQueries({ queryKey: queryKeys.day }),
    queryClient.invalidateQueries({ predicate: isHistoryQuery }),
    queryClient.invalidateQueries({ queryKey: queryKeys.focusSessions }),
    // A routine's today and its streak follow its occurrence, a task (docs/product.md#routines).
    queryClient.invalidateQueries({ queryKey: queryKeys.routines }),
  ]);
}
