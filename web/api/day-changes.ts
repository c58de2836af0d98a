import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task } from "../../shared/schemas/tasks";
import { noListAgainChange, noListAgainToasts } from "../changes/no-list-again";
import { planChange, planDay } from "../changes/plan-day";
import { type SkipDayEffect, skipDay, skipDayChange } from "../changes/skip-day";
import { showError, showSuccess } from "../ui/toast";
import { ApiRequestError } from "./client";
import { useDayChange } from "./day-change";
import { invalidateTaskData } from "./refetch-after-change";
import { sendReopen } from "./reopen-task";
import { isQueued, sendChange } from "./send-change";

// The changes of the person's day (docs/product.md#the-day): the plan, "Skip for today", a "No"
// item said again, a finished task reopened. Each works offline (docs/product.md#offline). Apart
// from GET /api/day (web/api/day.ts) so that the first screen does not carry them.

/** POST /api/day/plan: today's three and the "No" items said again; answers the planned day. */
export function usePlanDay() {
  return useDayChange(planChange, planDay);
}

/**
 * POST /api/day/skip: "Skip for today" (docs/decisions/183-skip-changes-nothing.md). Nothing but the
 * day changes; it answers the day, skipped, so the plan step leaves at once.
 */
export function useSkipDay() {
  return useDayChange<void, SkipDayEffect>(skipDayChange, skipDay);
}

/** POST /api/no-list/again: earlier "No" items said no to again today (one tap). */
function useNoListAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => sendChange<{ tasks: Task[] }>(queryClient, noListAgainChange(ids)),
    onSettled: (answer) => (isQueued(answer) ? undefined : void invalidateTaskData(queryClient)),
  });
}

/**
 * One tap on an earlier "No" item: said no to again today, on the plan step ("No again today") and
 * under "Earlier" on the "No" List screen ("Again today"). Its toasts are the same on both, in the
 * words of web/changes/no-list-again.ts.
 */
export function useSayNoAgain() {
  const again = useNoListAgain();
  return {
    sayNoAgain: (task: Pick<Task, "id" | "title">) =>
      again.mutate([task.id], {
        onSuccess: () => {
          const said = noListAgainToasts.said(task.title);
          showSuccess(said.title, said.description);
        },
        onError: (err) => {
          const failed = noListAgainToasts.failed(err instanceof ApiRequestError ? err.serverMessage : undefined);
          showError(failed.title, failed.description);
        },
      }),
    pendingId: again.isPending ? again.variables?.[0] : undefined,
  };
}

/** POST /api/tasks/{id}/reopen (web/api/reopen-task.ts sendReopen): a finished task comes back open, today. */
export function useReopenTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Pick<Task, "id" | "title">) => sendReopen(queryClient, task),
    // The Done screen's history is read again even when the reopen waits offline: it is not cached offline.
    onSettled: () => void invalidateTaskData(queryClient),
  });
}
