import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, Clock, Trash2 } from "lucide-react";
import type { CarriedTask } from "../../../../shared/schemas/day";
import { ApiRequestError } from "../../../api/client";
import { useMoveTask } from "../../../api/task-changes";
import { useDeleteTask } from "../../../api/tasks";
import { undoable } from "../../../api/undo";
import { patchTaskToasts } from "../../../changes/patch-task";
import { Button } from "../../../ui/button";
import { cn } from "../../../ui/cn";
import { carriedLabel } from "../../../ui/day-words";
import { shortTaskName } from "../../../ui/task-name";
import { showError, showSuccess } from "../../../ui/toast";
import { MarkDoneButton } from "../mark-done-button";

/**
 * The plan step's "Still open" tasks, each with what can be done with it right there
 * (docs/decisions/187-a-plan-to-act-on.md): finished ("Mark … done"), left for later today (not
 * asked about, not offered to pick), said no to, or deleted (with Undo). Every control is named
 * for its task.
 */
export function CarriedList({
  tasks,
  later,
  onLater,
}: {
  tasks: readonly CarriedTask[];
  later: readonly number[];
  onLater: (id: number) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const move = useMoveTask();
  const remove = useDeleteTask({ countAsCompleted: false });

  function sayNo(task: CarriedTask, button: HTMLElement) {
    const next = nextControl(button, "no");
    move.mutate(
      { id: task.id, category: "no_list" },
      {
        onSuccess: () => {
          const said = patchTaskToasts.saidNo(task.title);
          showSuccess(said.title, said.description);
        },
        onError: (err) =>
          showError(
            t`Could not update your No List`,
            (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
          ),
      },
    );
    focusLater(next);
  }

  function deleteTask(task: CarriedTask, button: HTMLElement) {
    const next = nextControl(button, "delete");
    // A toast names its task in its title (docs/decisions/245-toasts-name-their-task.md).
    const name = shortTaskName(task.title);
    const title = task.title;
    remove.mutate(task.id, {
      onSuccess: (ticket) =>
        showSuccess(
          t`Task deleted: "${name}"`,
          t`"${title}" has been removed.`,
          undoable(queryClient, ticket, task.title),
        ),
      onError: (err) =>
        showError(
          t`Could not delete the task`,
          (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
        ),
    });
    focusLater(next);
  }

  return (
    <ul aria-labelledby="plan-open-heading" className="divide-y divide-slate-100 dark:divide-slate-800">
      {tasks.map((task) => {
        const leftForLater = later.includes(task.id);
        const title = task.title;
        return (
          <li key={task.id} className="flex flex-wrap items-center gap-x-1 py-1.5 text-sm">
            <MarkDoneButton task={task} />
            <span className={cn("min-w-0 flex-1 break-words", leftForLater && "text-slate-500 dark:text-slate-400")}>
              {task.title}
              <span className="ms-1.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 align-[1px] text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                <span className="sr-only">, </span>
                {carriedLabel(task.daysCarried)}
              </span>
              {leftForLater ? (
                <span className="ms-1.5 inline-block text-xs text-slate-600 dark:text-slate-400">
                  <span className="sr-only">, </span>
                  <Trans>left for later</Trans>
                </span>
              ) : null}
            </span>
            {/* Words beside the icons, on a line of their own on a phone
                (docs/decisions/249-small-words-that-tell-the-truth.md). */}
            <div className="flex w-full shrink-0 justify-end gap-1 sm:w-auto">
              <Button
                variant="ghost"
                size="sm"
                className={cn(
                  "h-9 shrink-0 gap-1.5 px-2 text-slate-600 dark:text-slate-400",
                  leftForLater && "text-brand-700 dark:text-indigo-300",
                )}
                aria-label={t`Leave ${title} for later`}
                aria-pressed={leftForLater}
                title={t`Leave for later`}
                data-carried="later"
                onClick={() => onLater(task.id)}
              >
                <Clock aria-hidden="true" className="h-4 w-4" />
                <Trans context="a button that leaves a task for later today">Later</Trans>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="h-9 shrink-0 gap-1.5 px-2 text-slate-600 dark:text-slate-400"
                aria-label={t`Say no to ${title}`}
                title={t`Put on the "No" List`}
                data-carried="no"
                disabled={move.isPending && move.variables?.id === task.id}
                onClick={(event) => sayNo(task, event.currentTarget)}
              >
                <Ban aria-hidden="true" className="h-4 w-4" />
                <Trans context="a button that puts a task on the No list">Say no</Trans>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="h-9 shrink-0 gap-1.5 px-2 text-slate-600 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-400"
                aria-label={t`Delete ${title}`}
                title={t`Delete`}
                data-carried="delete"
                disabled={remove.isPending && remove.variables === task.id}
                onClick={(event) => deleteTask(task, event.currentTarget)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                <Trans>Delete</Trans>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The same control on the next row (or the row before, for the last): where the keyboard goes when this row leaves. */
function nextControl(button: HTMLElement, kind: string): HTMLElement | null {
  const row = button.closest("li");
  const sibling = row?.nextElementSibling ?? row?.previousElementSibling;
  return sibling?.querySelector<HTMLElement>(`[data-carried="${kind}"]`) ?? null;
}

function focusLater(target: HTMLElement | null) {
  requestAnimationFrame(() => (target ?? document.getElementById("plan-open-heading"))?.focus());
}
