import {
  type MutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { hasRemovedMarker } from "../../shared/constants";
import type { Day } from "../../shared/schemas/day";
import type { PatchTaskInput, Task } from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { useCurrentUser } from "./auth";
import { apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, type QueuedChange, sendChange } from "./send-change";

// The modules of the first screen's change kinds (web/changes/) load with the first press, not with
// the first screen: they carry what a change shows offline and its words, which the first screen
// must not (docs/decisions/256-change-kinds-load-after-the-first-screen.md). The outbox loads them
// after the first screen (web/api/send-change.ts useOutboxOnOpen), so a press finds them there.
const addTasksKind = () => import("../changes/add-tasks");
const patchTaskKind = () => import("../changes/patch-task");
const removeTaskKind = () => import("../changes/remove-task");

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
    mutationFn: async (titles: string[]) =>
      sendChange<Task[]>(queryClient, (await addTasksKind()).processTasksChange(titles)),
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
 * the changed fields show at once. `atOnce`: they show at once when it is sent, too.
 */
export async function patchTask(
  queryClient: QueryClient,
  id: number,
  patch: PatchTaskInput,
  options: { atOnce?: boolean } = {},
): Promise<Task | QueuedChange> {
  return sendChange<Task>(queryClient, (await patchTaskKind()).patchTaskChange(id, patch), options);
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
  return useMutation({
    mutationFn: async (id: number) =>
      sendChange<UndoTicket>(queryClient, (await removeTaskKind()).deleteTaskChange(id, { countAsCompleted })),
    // Not awaited: the toast (with its Undo) must not wait for the refetch.
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}

/**
 * "Mark … done" (docs/decisions/185-done-in-one-tap.md): the task is finished without a timer, at
 * once on screen, and counts as a finish everywhere (the focus screen's Completed does the same
 * call). The screen passes its toasts (web/features/braindump/mark-done-button.tsx), as the
 * mutation's own callbacks: the row leaves at once, and they must run after its button is gone.
 */
export function useMarkDone(shows: MarkDoneShows) {
  const queryClient = useQueryClient();
  const mutation = useMutation(markDoneMutation(queryClient, shows));
  return {
    markDone: (task: Pick<Task, "id" | "title">) => mutation.mutate(task),
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}

type MarkDoneShows = {
  onSuccess: (done: Task | QueuedChange, task: Pick<Task, "id" | "title">) => void;
  onError: (err: Error, task: Pick<Task, "id" | "title">) => void;
};

/**
 * The done as a mutation. It shows at once by its change kind's step alone (web/changes/patch-task.ts,
 * sent or kept: docs/decisions/394-a-done-is-shown-once.md); the mutation only keeps what showed
 * before it, to put back when the server refuses it.
 */
export function markDoneMutation(queryClient: QueryClient, shows: MarkDoneShows) {
  return {
    mutationFn: (task: Pick<Task, "id" | "title">) =>
      patchTask(queryClient, task.id, { isCompleted: true }, { atOnce: true }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
      return {
        previous: queryClient.getQueryData<Task[]>(queryKeys.tasks),
        previousDay: queryClient.getQueryData<Day>(queryKeys.day),
      };
    },
    onSuccess: shows.onSuccess,
    onError: (err: Error, task: Pick<Task, "id" | "title">, context: MarkDoneContext | undefined) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.tasks, context.previous);
      if (context?.previousDay) queryClient.setQueryData(queryKeys.day, context.previousDay);
      shows.onError(err, task);
    },
    onSettled: (done: Task | QueuedChange | undefined) =>
      isQueued(done) ? undefined : void invalidateTaskData(queryClient),
  } satisfies MutationOptions<Task | QueuedChange, Error, Pick<Task, "id" | "title">, MarkDoneContext>;
}

type MarkDoneContext = { previous: Task[] | undefined; previousDay: Day | undefined };

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
