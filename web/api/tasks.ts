import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { hasRemovedMarker, UNDO } from "../../shared/constants";
import type { PatchTaskInput, ProcessTasksInput, Task } from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { aboutTask } from "../ui/task-name";
import { showError, showSuccess } from "../ui/toast";
import { useCurrentUser } from "./auth";
import { ApiRequestError, apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, KEPT_ON_DEVICE, type QueuedChange, sendChange } from "./send-change";

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
export function mergeIntoCache(queryClient: QueryClient, changed: Task[]) {
  queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) => {
    if (!old) return old;
    const byId = new Map(changed.map((task) => [task.id, task]));
    const merged = old.map((task) => byId.get(task.id) ?? task);
    const known = new Set(old.map((task) => task.id));
    return [...merged, ...changed.filter((task) => !known.has(task.id))];
  });
}

/**
 * POST /api/process-tasks: the titles joined with "; " (docs/product.md#input-step), answered with
 * the created tasks; offline, kept on the device and shown at once (docs/product.md#offline).
 */
export function useProcessTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (titles: string[]) =>
      sendChange<Task[]>(queryClient, {
        method: "POST",
        path: "/api/process-tasks",
        body: { text: titles.join("; "), allowDuplicates: true } satisfies ProcessTasksInput,
        effect: { kind: "addTasks", tasks: titles.map((title) => ({ title })) },
      }),
    onSuccess: (created) => {
      if (isQueued(created)) return;
      if (Array.isArray(created)) mergeIntoCache(queryClient, created);
      return invalidateTaskData(queryClient);
    },
  });
}

/**
 * PATCH /api/tasks/{id}: the one request that changes a task's fields (the title editor, the board's
 * move, one-tap done and the focus screen's "Completed"). It works offline (docs/product.md#offline):
 * the changed fields show at once.
 */
export function patchTask(queryClient: QueryClient, id: number, patch: PatchTaskInput): Promise<Task | QueuedChange> {
  const fields: Partial<Task> = { ...patch };
  if (patch.isCompleted) fields.completedAt = new Date().toISOString();
  return sendChange<Task>(queryClient, {
    method: "PATCH",
    path: `/api/tasks/${id}`,
    body: patch,
    effect: { kind: "patchTask", id, fields },
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
    mutationFn: (id: number) =>
      sendChange<UndoTicket>(queryClient, {
        method: "DELETE",
        path: `/api/tasks/${id}${query}`,
        effect: { kind: "removeTask", id },
      }),
    // Not awaited: the toast (with its Undo) must not wait for the refetch.
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
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
    mutationFn: (task: Pick<Task, "id" | "title">) => patchTask(queryClient, task.id, { isCompleted: true }),
    onMutate: async (task) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
      const previous = queryClient.getQueryData<Task[]>(queryKeys.tasks);
      const completedAt = new Date().toISOString();
      queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) =>
        old?.map((other) => (other.id === task.id ? { ...other, isCompleted: true, completedAt } : other)),
      );
      return { previous };
    },
    onSuccess: (done, task) =>
      showSuccess(
        aboutTask("Task done", task.title),
        `"${task.title}" is done.${isQueued(done) ? ` ${KEPT_ON_DEVICE}` : ""}`,
        {
          duration: UNDO.toastMs,
          // The Undo's code loads with the tap (web/api/reopen-task.ts), not with the first screen.
          action: {
            label: "Undo",
            onClick: () =>
              void import("./reopen-task").then(
                ({ undoDone }) => undoDone(queryClient, task),
                () => showError(aboutTask("Could not undo", task.title), "Please try again."),
              ),
          },
        },
      ),
    onError: (err, task, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.tasks, context.previous);
      showError(
        aboutTask("Could not mark done", task.title),
        (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
      );
    },
    onSettled: (done) => (isQueued(done) ? undefined : void invalidateTaskData(queryClient)),
  });
  return {
    markDone: (task: Pick<Task, "id" | "title">) => mutation.mutate(task),
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

/**
 * After a clear: today's zero record everywhere (web/api/analytics.ts). That module and its record
 * schemas load when a clear starts (`preload`), not with the braindump screen that offers it.
 */
export function useShowZeroAnalytics() {
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
