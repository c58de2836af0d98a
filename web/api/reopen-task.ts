import type { QueryClient } from "@tanstack/react-query";
import type { Task } from "../../shared/schemas/tasks";
import { doneToasts, reopenChange } from "../changes/patch-task";
import { showError, showInfo } from "../ui/toast";
import { ApiRequestError } from "./client";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, type QueuedChange, sendChange } from "./send-change";

// A finished task opened again: the Undo of a one-tap done (loaded with the tap) and the Done
// screen's Reopen (web/api/day-changes.ts). Apart from web/api/tasks.ts so the first screen does not
// carry it (docs/decisions/249-small-words-that-tell-the-truth.md).

/** POST /api/tasks/{id}/reopen, which works offline: a finished task comes back open, today. */
export function sendReopen(queryClient: QueryClient, task: Pick<Task, "id" | "title">): Promise<Task | QueuedChange> {
  return sendChange<Task>(queryClient, reopenChange(task));
}

/** The Undo of a one-tap done (docs/decisions/185-done-in-one-tap.md). */
export async function undoDone(queryClient: QueryClient, task: Pick<Task, "id" | "title">) {
  try {
    const answer = await sendReopen(queryClient, task);
    const undone = doneToasts.undone(task.title);
    showInfo(undone.title, undone.description);
    if (isQueued(answer)) return;
  } catch (err) {
    const failed = doneToasts.notUndone(task.title, err instanceof ApiRequestError ? err.serverMessage : undefined);
    showError(failed.title, failed.description);
  }
  await invalidateTaskData(queryClient);
}
