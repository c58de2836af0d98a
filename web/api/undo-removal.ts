import { plural, t } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import type { UndoRequest, UndoResult, UndoTicket } from "../../shared/schemas/undo";
import { shortTaskName } from "../ui/task-name";
import type { ProgressToast } from "../ui/toast";
import { ApiRequestError, apiRequest } from "./client";
import { invalidateTaskData } from "./refetch-after-change";
import { isQueued, type QueuedChange } from "./send-change";

// The Undo of a removal's toast (web/api/undo.ts), loaded with the tap.

/**
 * Puts back what a removal took (docs/decisions/071-undo-keeps-snapshot-pending-row.md). A removal
 * made offline is taken out of the outbox before it is sent (web/api/outbox.ts); one sent meanwhile
 * by this page is undone with the server's ticket.
 */
export async function undoRemoval(
  queryClient: QueryClient,
  ticket: UndoTicket | QueuedChange,
  title: string | undefined,
  progress: ProgressToast,
) {
  let token: string | null = isQueued(ticket) ? null : ticket.undoToken;
  if (isQueued(ticket)) {
    const taken = await (await import("./outbox")).takeBackRemoval(queryClient, ticket.changeId);
    if (taken === true)
      return progress.finish({
        kind: "success",
        title: undone(title),
        description: t`The task is back where it was.`,
      });
    token = taken;
  }
  if (token === null) {
    return progress.finish({
      kind: "error",
      title: notUndone(title),
      description: t`The removal was already synced from another tab.`,
    });
  }
  try {
    const { restored } = await apiRequest<UndoResult>("POST", "/api/undo", { token } satisfies UndoRequest);
    progress.finish({
      kind: "success",
      title: undone(title),
      description: plural(restored, {
        one: "The task is back where it was.",
        other: "# tasks are back where they were.",
      }),
    });
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 0;
    // 409: a removed task's title is on the list again; the server's message names it
    // (docs/decisions/128-undo-refuses-duplicates.md).
    const again = err instanceof ApiRequestError && status === 409 ? err.serverMessage : undefined;
    progress.finish({
      kind: "error",
      title: notUndone(title),
      description:
        again ??
        (status === 404
          ? t`The time to undo this has passed.`
          : t`There was a problem undoing that. Please try again.`),
    });
  } finally {
    await invalidateTaskData(queryClient);
  }
}

/** "Undone", naming the task when there is one (docs/decisions/245-toasts-name-their-task.md). */
function undone(title: string | undefined): string {
  if (title === undefined) return t`Undone`;
  const task = shortTaskName(title);
  return t`Undone: "${task}"`;
}

function notUndone(title: string | undefined): string {
  if (title === undefined) return t`Could not undo`;
  const task = shortTaskName(title);
  return t`Could not undo: "${task}"`;
}
