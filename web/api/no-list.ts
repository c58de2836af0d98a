import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ClearNoListInput,
  ClearNoListResult,
  CommitNoListInput,
  CommitNoListResult,
} from "../../shared/schemas/no-list";
import { commitNoListChange } from "../changes/commit-no-list";
import { apiRequest } from "./client";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, sendChange } from "./send-change";

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
/** POST /api/no-list/commit, which works offline (docs/product.md#offline). */
export function useCommitNoList() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: CommitNoListInput) => sendChange<CommitNoListResult>(queryClient, commitNoListChange(input)),
    onSettled: (answer) => (isQueued(answer) ? undefined : refresh()),
  });
}

export function useClearNoList() {
  const onSettled = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: ClearNoListInput) => apiRequest<ClearNoListResult>("POST", "/api/no-list/clear", input),
    onSettled,
  });
}
