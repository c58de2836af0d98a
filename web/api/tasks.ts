import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Category, hasRemovedMarker, UNDO } from "../../shared/constants";
import type { Answers } from "../../shared/questions";
import type {
  CreateTaskInput,
  PatchTaskInput,
  ProcessTasksInput,
  SavePrioritiesInput,
  Task,
} from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { showError, showInfo, showSuccess } from "../ui/toast";
import { useCurrentUser } from "./auth";
import { ApiRequestError, apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

/** docs/product.md#task-rules: titles carrying "[REMOVED]" are hidden everywhere (the server hides them too). */
export function isVisibleTask(task: Task): boolean {
  return !hasRemovedMarker(task.title);
}

function visibleTasks(tasks: Task[]): Task[] {
  return tasks.filter(isVisibleTask);
}

export const tasksQueryOptions = queryOptions({
  queryKey: queryKeys.tasks,
  queryFn: ({ signal }) => apiRequest<Task[]>("GET", queryKeys.tasks[0], undefined, { signal }),
  select: visibleTasks,
});

/**
 * The user's visible tasks. `refetchOnWindowFocus` is for the braindump page, the one screen that
 * refetches when the window regains focus (docs/product.md#request-behaviour); "always" because cached data never goes stale.
 */
export function useTasks({ refetchOnWindowFocus = false }: { refetchOnWindowFocus?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions, refetchOnWindowFocus: refetchOnWindowFocus ? "always" : false });
}

/** After Clear Tasks and Start Fresh: everything is read again, the cached tasks and analytics forgotten first. */
export function resetTaskData(queryClient: QueryClient) {
  return invalidateTaskData(queryClient, { reset: true });
}

/** Puts tasks the server just answered into the cache, so the next step shows them at once. */
function mergeIntoCache(queryClient: QueryClient, changed: Task[]) {
  queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) => {
    if (!old) return old;
    const byId = new Map(changed.map((task) => [task.id, task]));
    const merged = old.map((task) => byId.get(task.id) ?? task);
    const known = new Set(old.map((task) => task.id));
    return [...merged, ...changed.filter((task) => !known.has(task.id))];
  });
}

/** POST /api/process-tasks: the titles joined with "; " (docs/product.md#input-step), answered with the created tasks. */
export function useProcessTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (titles: string[]) =>
      apiRequest<Task[]>("POST", "/api/process-tasks", {
        text: titles.join("; "),
        allowDuplicates: true,
      } satisfies ProcessTasksInput),
    onSuccess: (created) => {
      if (Array.isArray(created)) mergeIntoCache(queryClient, created);
      return invalidateTaskData(queryClient);
    },
  });
}

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

/**
 * POST /api/tasks: the one way a screen adds a single task (the "No" list, suggestions). The tasks
 * and the analytics are refetched after success or failure, not awaited: the screen's toast must
 * not wait for the refetch.
 */
export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => apiRequest<Task>("POST", "/api/tasks", input),
    onSettled: () => void invalidateTaskData(queryClient),
  });
}

/** PATCH /api/tasks/{id}: the one request that changes a task's fields (the hooks below and the focus screen's "Completed"). */
export function patchTask(id: number, patch: PatchTaskInput): Promise<Task> {
  return apiRequest<Task>("PATCH", `/api/tasks/${id}`, patch);
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PatchTaskInput }) => patchTask(id, patch),
    onSuccess: () => invalidateTaskData(queryClient),
  });
}

/**
 * The delete in docs/product.md#task-rules (mark completed, then delete) as ONE call, `?complete=true`: the server does
 * both in one step and keeps the task for Undo, completion count included
 * (docs/decisions/070-toasts-bottom-deleting-call.md). `countAsCompleted: false` deletes without
 * that count: removing a "No" item is no achievement
 * (docs/decisions/113-deleting-no-item-completion.md). Answers the undo ticket; the list is
 * refreshed after success or failure.
 */
export function useDeleteTask({ countAsCompleted = true }: { countAsCompleted?: boolean } = {}) {
  const queryClient = useQueryClient();
  const query = countAsCompleted ? "?complete=true" : "";
  return useMutation({
    mutationFn: (id: number) => apiRequest<UndoTicket>("DELETE", `/api/tasks/${id}${query}`),
    // Not awaited: the toast (with its Undo) must not wait for the refetch.
    onSettled: () => void invalidateTaskData(queryClient),
  });
}

/**
 * "Mark … done" (docs/decisions/185-done-in-one-tap.md): the task is finished without a timer, at
 * once on screen, and counts as a finish everywhere (the focus screen's Completed does the same
 * call); the toast's Undo reopens it, which takes the finish off its day again.
 */
export function useMarkDone() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (task: Pick<Task, "id" | "title">) =>
      apiRequest<Task>("PATCH", `/api/tasks/${task.id}`, { isCompleted: true }),
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
      const previous = queryClient.getQueryData<Task[]>(queryKeys.tasks);
      const completedAt = new Date().toISOString();
      queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) =>
        old?.map((other) => (other.id === task.id ? { ...other, isCompleted: true, completedAt } : other)),
      );
      return { previous };
    },
    onSuccess: (_done, task) =>
      showSuccess("Task done", `"${task.title}" is done.`, {
        duration: UNDO.toastMs,
        action: { label: "Undo", onClick: () => void reopenTask(queryClient, task) },
      }),
    onError: (err, _task, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.tasks, context.previous);
      showError(
        "Could not mark the task done",
        (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
      );
    },
    onSettled: () => void invalidateTaskData(queryClient),
  });
  return {
    markDone: (task: Pick<Task, "id" | "title">) => mutation.mutate(task),
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

/** The Undo of a one-tap done: POST /api/tasks/{id}/reopen. */
async function reopenTask(queryClient: QueryClient, task: Pick<Task, "id" | "title">) {
  try {
    await apiRequest<Task>("POST", `/api/tasks/${task.id}/reopen`);
    showInfo("Undone", `"${task.title}" is open again.`);
  } catch (err) {
    showError("Could not undo", (err instanceof ApiRequestError && err.serverMessage) || "Please try again.");
  } finally {
    await invalidateTaskData(queryClient);
  }
}

/**
 * Moves a task to another list. Optimistic: the card moves at once and moves back if the server
 * refuses (the caller shows the toast).
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, category }: { id: number; category: Category }) => patchTask(id, { category }),
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
    onSettled: () => invalidateTaskData(queryClient),
  });
}

/**
 * After a clear: today's zero record everywhere (web/api/analytics.ts). That module and its record
 * schemas load when a clear starts (`preload`), not with the braindump screen that offers it.
 */
function useShowZeroAnalytics() {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const preload = () => import("./analytics");
  const show = async () => {
    let analytics: Awaited<ReturnType<typeof preload>>;
    try {
      analytics = await preload();
    } catch (err) {
      // The clear itself succeeded and resetTaskData already dropped the cached analytics.
      console.warn("could not load the analytics code to show the zeroed record", err);
      return;
    }
    await analytics.showZeroAnalytics(queryClient, user);
  };
  return { preload, show };
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
