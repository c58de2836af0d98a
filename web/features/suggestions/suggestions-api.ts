import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TaskSuggestionsResponse, taskSuggestionsResponseSchema } from "../../../shared/schemas/suggestions";
import type { CreateTaskInput, Task } from "../../../shared/schemas/tasks";
import { apiRequest } from "../../api/client";
import { queryKeys } from "../../api/query-keys";

export async function fetchSuggestions(prompt: string): Promise<TaskSuggestionsResponse> {
  const body = await apiRequest<unknown>("POST", "/api/ai/task-suggestions", { prompt });
  // The server validates too; a shape we cannot show is a failure like any other.
  return taskSuggestionsResponseSchema.parse(body);
}

export function useSuggestions() {
  return useMutation({ mutationFn: fetchSuggestions });
}

/** docs/product.md#ai-suggestion-widget "AI add" payload: only the title comes from the suggestion. */
export function aiAddPayload(title: string): CreateTaskInput {
  return { title, description: null, category: null, isCompleted: false, isPriority: false, noListReason: null };
}

/** POST /api/tasks, then refresh the tasks and today's analytics (docs/product.md#ai-suggestion-widget). */
export function useAddSuggestedTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => apiRequest<Task>("POST", "/api/tasks", aiAddPayload(title)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tasks }),
        queryClient.invalidateQueries({ queryKey: queryKeys.analyticsToday }),
      ]);
    },
  });
}
