import { t } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import { UNDO } from "../../shared/constants";
import type { UndoTicket } from "../../shared/schemas/undo";
import { shortTaskName } from "../ui/task-name";
import { showProgress, type ToastMessage } from "../ui/toast";
import type { QueuedChange } from "./send-change";

/**
 * The Undo button of a removal's toast (delete a task, clear from the No list, delete a No item),
 * shown for UNDO.toastMs; the server keeps the removal restorable a while longer
 * (docs/decisions/071-undo-keeps-snapshot-pending-row.md).
 */
export function undoable(
  queryClient: QueryClient,
  ticket: UndoTicket | QueuedChange,
  /** The removed task's title, which the Undo's own toasts name (none for several tasks). */
  title?: string,
): Pick<ToastMessage, "action" | "duration"> {
  const onClick = () => {
    // Said at once; the undo's code loads with the tap (web/api/undo-removal.ts).
    const progress = showProgress(undoing(title), t`Putting back what was removed.`);
    void import("./undo-removal").then(
      ({ undoRemoval }) => undoRemoval(queryClient, ticket, title, progress),
      () => progress.finish({ kind: "error", title: notUndone(title), description: t`Please try again.` }),
    );
  };
  return { duration: UNDO.toastMs, action: { label: t`Undo`, onClick } };
}

function undoing(title: string | undefined): string {
  if (title === undefined) return t`Undoing...`;
  const task = shortTaskName(title);
  return t`Undoing...: "${task}"`;
}

/** Said when the undo's own code could not load (its other failures: web/api/undo-removal.ts). */
function notUndone(title: string | undefined): string {
  if (title === undefined) return t`Could not undo`;
  const task = shortTaskName(title);
  return t`Could not undo: "${task}"`;
}
