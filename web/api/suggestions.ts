import { useMutation } from "@tanstack/react-query";
import {
  type TaskSuggestionsRequest,
  type TaskSuggestionsResponse,
  taskSuggestionsResponseSchema,
} from "../../shared/schemas/suggestions";
import type { CreateTaskInput } from "../../shared/schemas/tasks";
import { apiRequest } from "./client";

/** `useTasks`: whether the server may tell a model the person's task titles (the panel's setting). */
export async function fetchSuggestions({
  prompt,
  useTasks,
}: {
  prompt: string;
  useTasks: boolean;
}): Promise<TaskSuggestionsResponse> {
  const body = await apiRequest<unknown>("POST", "/api/ai/task-suggestions", {
    prompt,
    useTasks,
  } satisfies TaskSuggestionsRequest);
  // The server validates too; a shape we cannot show is a failure like any other.
  return taskSuggestionsResponseSchema.parse(body);
}

export function useSuggestions() {
  return useMutation({ mutationFn: fetchSuggestions });
}

/**
 * docs/product.md#ai-suggestion-widget "AI add" payload: only the title comes from the suggestion
 * (sent with useCreateTask, web/api/tasks.ts).
 */
export function aiAddPayload(title: string): CreateTaskInput {
  return { title, description: null, category: null, isCompleted: false, isPriority: false, noListReason: null };
}
