import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Category } from "../../shared/constants";
import type { Answers } from "../../shared/questions";
import type { CreateTaskInput, PatchTaskInput, SavePrioritiesInput, Task } from "../../shared/schemas/tasks";
import { createTaskChange } from "../changes/add-tasks";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, sendChange } from "./send-change";
import { mergeIntoCache, patchTask, resetTaskData, useShowZeroAnalytics } from "./tasks";

// The task changes made on screens other than the first (the questions, the title editor, the
// board, the "No" List, suggestions): apart from web/api/tasks.ts so that the first screen does not
// carry them. Each request still has one home: a task's PATCH is patchTask (web/api/tasks.ts).

export type PriorityAnswers = { id: number; answers: Answers };

/** POST /api/tasks/priorities: one atomic save; answers the ranked tasks, top three first. */
export function useSavePriorities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tasks: PriorityAnswers[]) =>
      apiRequest<Task[]>("POST", "/api/tasks/priorities", { tasks } satisfies SavePrioritiesInput),
    onSuccess: (ranked) => {
      mergeIntoCache(queryClient, ranked);
      return invalidateTaskData(queryClient);
    },
    // A task gone meanwhile (404) leaves the questions once the list is read again; then a retry works.
    onError: () => invalidateTaskData(queryClient),
  });
}

/** POST /api/tasks, which works offline: the task shows at once (docs/product.md#offline). */
export function createTask(queryClient: QueryClient, input: CreateTaskInput) {
  return sendChange<Task>(queryClient, createTaskChange(input));
}

/**
 * POST /api/tasks: the one way a screen adds a single task (the "No" list, suggestions). The tasks
 * and the analytics are refetched after success or failure, not awaited: the screen's toast must
 * not wait for the refetch.
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => createTask(queryClient, input),
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PatchTaskInput }) => patchTask(queryClient, id, patch),
    onSuccess: (answer) => (isQueued(answer) ? undefined : invalidateTaskData(queryClient)),
  });
}

/**
 * Moves a task to another list. Optimistic: the card moves at once and moves back if the server
 * refuses (the caller shows the toast).
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, category }: { id: number; category: Category }) => patchTask(queryClient, id, { category }),
    onMutate: async ({ id, category }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
      const previous = queryClient.getQueryData<Task[]>(queryKeys.tasks);
      queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) =>
        old?.map((task) => (task.id === id ? { ...task, category } : task)),
      );
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.tasks, context.previous);
    },
    onSettled: (answer) => (isQueued(answer) ? undefined : invalidateTaskData(queryClient)),
  });
}

/** POST /api/tasks/clear: every task and all analytics, in one atomic call (docs/decisions/009-clearing-atomic-call.md). */
export function useClearTasks() {
  const queryClient = useQueryClient();
  const zeroAnalytics = useShowZeroAnalytics();
  return useMutation({
    onMutate: () => void zeroAnalytics.preload().catch(() => {}),
    mutationFn: () => apiRequest("POST", "/api/tasks/clear"),
    onSuccess: () => Promise.all([resetTaskData(queryClient), zeroAnalytics.show()]),
  });
}

/** POST /api/start-fresh: tasks, analytics and the running timer, in one atomic call. */
export function useStartFresh() {
  const queryClient = useQueryClient();
  const zeroAnalytics = useShowZeroAnalytics();
  return useMutation({
    onMutate: () => void zeroAnalytics.preload().catch(() => {}),
    mutationFn: () => apiRequest("POST", "/api/start-fresh"),
    onSuccess: () =>
      Promise.all([
        resetTaskData(queryClient),
        zeroAnalytics.show(),
        queryClient.invalidateQueries({ queryKey: queryKeys.timer }),
      ]),
  });
}
