import type { QueryClient } from "@tanstack/react-query";
import { UNDO } from "../../shared/constants";
import type { UndoRequest, UndoResult, UndoTicket } from "../../shared/schemas/undo";
import { showProgress, type ToastMessage } from "../ui/toast";
import { ApiRequestError, apiRequest } from "./client";
import { invalidateTaskData } from "./refetch-after-change";

/**
 * The Undo button of a removal's toast (delete a task, clear from the No list, delete a No item),
 * shown for UNDO.toastMs; the server keeps the removal restorable a while longer
 * (docs/decisions/071-undo-keeps-snapshot-pending-row.md).
 */
export function undoable(queryClient: QueryClient, ticket: UndoTicket): Pick<ToastMessage, "action" | "duration"> {
  return {
    duration: UNDO.toastMs,
    action: { label: "Undo", onClick: () => void undoRemoval(queryClient, ticket.undoToken) },
  };
}

async function undoRemoval(queryClient: QueryClient, token: string) {
  const progress = showProgress("Undoing...", "Putting back what was removed.");
  try {
    const { restored } = await apiRequest<UndoResult>("POST", "/api/undo", { token } satisfies UndoRequest);
    progress.finish({
      kind: "success",
      title: "Undone",
      description: restored === 1 ? "The task is back where it was." : `${restored} tasks are back where they were.`,
    });
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 0;
    // 409: a removed task's title is on the list again; the server's message names it
    // (docs/decisions/128-undo-refuses-duplicates.md).
    const again = err instanceof ApiRequestError && status === 409 ? err.serverMessage : undefined;
    progress.finish({
      kind: "error",
      title: "Could not undo",
      description:
        again ??
        (status === 404 ? "The time to undo this has passed." : "There was a problem undoing that. Please try again."),
    });
  } finally {
    await invalidateTaskData(queryClient);
  }
}
