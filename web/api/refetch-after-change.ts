import type { QueryClient } from "@tanstack/react-query";
import { isAnalyticsQuery, isHistoryQuery, queryKeys } from "./query-keys";

/**
 * After any change of tasks or of the day, here or announced by the live channel: refetch the tasks,
 * the analytics (today and the ranges), the day (carried-over tasks, the plan, the streak) and the
 * history (what was finished), which all follow them.
 */
export function invalidateTaskData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
    queryClient.invalidateQueries({ queryKey: queryKeys.day }),
    queryClient.invalidateQueries({ predicate: isAnalyticsQuery }),
    queryClient.invalidateQueries({ predicate: isHistoryQuery }),
  ]);
}
