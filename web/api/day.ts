import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Day, DayPlanInput, NoListAgainInput } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { showError, showSuccess } from "../ui/toast";
import { ApiRequestError, apiRequest } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";

// The person's day as the server counts it (docs/product.md#the-day): the web app takes "today"
// from GET /api/day rather than computing it, so every device agrees with the server
// (docs/decisions/143-web-day-from-the-server.md).

/** GET /api/day. Rolls over by itself: at the instant today ends it is read again. */
export function useDay() {
  const queryClient = useQueryClient();
  const query = useQuery<Day>({ queryKey: queryKeys.day });
  const endsAt = query.data?.endsAt;
  useEffect(() => {
    if (!endsAt) return;
    // A timer longer than ~24.8 days overflows; a day is far shorter, and a second late is safe.
    const wait = Math.min(Math.max(0, Date.parse(endsAt) - Date.now()) + 1000, 2 ** 31 - 1);
    const timer = setTimeout(() => void invalidateTaskData(queryClient), wait);
    return () => clearTimeout(timer);
  }, [endsAt, queryClient]);
  return query;
}

/** POST /api/day/plan: today's three and the "No" items said again; answers the planned day. */
export function usePlanDay() {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.day }),
    mutationFn: (plan: DayPlanInput) => apiRequest<Day>("POST", "/api/day/plan", plan),
    onSuccess: (day, plan) => {
      // The plan step leaves at once, and the results that follow show the plan's three before the
      // refetch brings the rest: they are today's marks, every other open task's mark is gone
      // (docs/decisions/134-the-plan-replaces.md).
      queryClient.setQueryData(queryKeys.day, day);
      const three = new Set(plan.priorityTaskIds);
      queryClient.setQueryData<Task[]>(queryKeys.tasks, (old) =>
        old?.map((task) => {
          if (three.has(task.id)) return { ...task, isPriority: true, priorityDate: day.date };
          return task.isPriority && !task.isCompleted ? { ...task, isPriority: false, priorityDate: null } : task;
        }),
      );
    },
    onSettled: () => void invalidateTaskData(queryClient),
  });
}

/**
 * POST /api/day/skip: "Skip for today" (docs/decisions/183-skip-changes-nothing.md). Nothing but the
 * day changes; it answers the day, skipped, so the plan step leaves at once.
 */
export function useSkipDay() {
  const queryClient = useQueryClient();
  return useMutation({
    // A read of the day already under way (after another change) would answer the day unskipped
    // and bring the plan step back for a moment: it is cancelled, and read again after.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.day }),
    mutationFn: () => apiRequest<Day>("POST", "/api/day/skip"),
    onSuccess: (day) => queryClient.setQueryData(queryKeys.day, day),
    onSettled: () => void invalidateTaskData(queryClient),
  });
}

/** POST /api/no-list/again: earlier "No" items said no to again today (one tap). */
function useNoListAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<{ tasks: Task[] }>("POST", "/api/no-list/again", { ids } satisfies NoListAgainInput),
    onSettled: () => void invalidateTaskData(queryClient),
  });
}

/**
 * One tap on an earlier "No" item: said no to again today, on the plan step ("No again today") and
 * under "Earlier" on the "No" List screen ("Again today"), with its toast.
 */
export function useSayNoAgain() {
  const again = useNoListAgain();
  return {
    sayNoAgain: (task: Pick<Task, "id" | "title">) =>
      again.mutate([task.id], {
        onSuccess: () => showSuccess("Said no again", `"${task.title}" is on today's "No" List.`),
        onError: (err) =>
          showError(
            "Could not update your No List",
            (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
          ),
      }),
    pendingId: again.isPending ? again.variables?.[0] : undefined,
  };
}

/** POST /api/tasks/{id}/reopen: a finished task comes back open, today. */
export function useReopenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Task>("POST", `/api/tasks/${id}/reopen`),
    onSettled: () => void invalidateTaskData(queryClient),
  });
}
