import { t } from "@lingui/core/macro";
import type { QueryClient } from "@tanstack/react-query";
import { UNDO } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import { doneToasts } from "../changes/patch-task";
import { showError, showSuccess } from "../ui/toast";
import { ApiRequestError } from "./client";
import { isQueued, type QueuedChange } from "./send-change";

// The toasts of a one-tap done (web/features/braindump/mark-done-button.tsx, where they load with
// the tap, and the evening close's routines), in the words of its change kind (web/changes/patch-task.ts).

type Done = Pick<Task, "id" | "title">;

/** "Task done", with its Undo, which reopens the task (its code loads with the press: web/api/reopen-task.ts). */
export function sayDone(queryClient: QueryClient, task: Done, done: Task | QueuedChange) {
  const said = doneToasts.done(task.title, isQueued(done));
  showSuccess(said.title, said.description, {
    duration: UNDO.toastMs,
    action: {
      label: t`Undo`,
      onClick: () =>
        void import("./reopen-task").then(
          ({ undoDone }) => undoDone(queryClient, task),
          () => {
            const failed = doneToasts.notUndone(task.title);
            showError(failed.title, failed.description);
          },
        ),
    },
  });
}

export function sayNotDone(task: Done, err: Error) {
  const failed = doneToasts.notDone(task.title, err instanceof ApiRequestError ? err.serverMessage : undefined);
  showError(failed.title, failed.description);
}
