import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ClearNoListInput,
  ClearNoListResult,
  CommitNoListInput,
  CommitNoListResult,
} from "../../shared/schemas/no-list";
import { apiRequest } from "./client";
import { invalidateTaskData } from "./refetch-after-change";

// The "No" list's own calls (POST /api/no-list/commit and /clear); "Again today" is the day's
// (web/api/day.ts), adding and deleting a task are web/api/tasks.ts's.

/**
 * Every change here moves tasks and today's counters: both are refetched, success or not.
 * Not awaited: the answer's toast must not wait for the refetch (it shows within 300 ms).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => void invalidateTaskData(queryClient);
}
export function useCommitNoList() {
  const onSettled = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: CommitNoListInput) => apiRequest<CommitNoListResult>("POST", "/api/no-list/commit", input),
    onSettled,
  });
}

export function useClearNoList() {
  const onSettled = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: ClearNoListInput) => apiRequest<ClearNoListResult>("POST", "/api/no-list/clear", input),
    onSettled,
  });
}
