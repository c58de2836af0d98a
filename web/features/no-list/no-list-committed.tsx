import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, Ban, Pencil, ShieldCheck, Trash2 } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import type { Task } from "../../../shared/schemas/tasks";
import { useDeleteTask } from "../../api/tasks";
import { undoable } from "../../api/undo";
import { isUnsynced } from "../../changes/shown-task";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { shortTaskName } from "../../ui/task-name";
import { showError, showSuccess } from "../../ui/toast";
import { UnsyncedMark } from "../../ui/unsynced-mark";
import { NoListHeading } from "./no-list-heading";

type CommittedProps = {
  items: readonly Task[];
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: () => void;
  /** Below today's items: those of earlier days (no-list-earlier.tsx). */
  children?: ReactNode;
};

/** docs/product.md#committed-mode: today's "No" items, each removable, none draggable. */
export function NoListCommitted({ items, headingRef, onEdit, children }: CommittedProps) {
  const { t } = useLingui();
  // Not counted as a completion (docs/decisions/113-deleting-no-item-completion.md).
  const remove = useDeleteTask({ countAsCompleted: false });
  const queryClient = useQueryClient();

  function onRemove(task: Task) {
    // A toast's title names its task (docs/decisions/245-toasts-name-their-task.md).
    const name = shortTaskName(task.title);
    remove.mutate(task.id, {
      onSuccess: (ticket) =>
        showSuccess(
          t`Task deleted: "${name}"`,
          t`The task has been removed.`,
          undoable(queryClient, ticket, task.title),
        ),
      onError: () =>
        showError(
          t`Error deleting task: "${name}"`,
          t`There might be focus sessions linked to this task. Try completing the task first.`,
        ),
    });
  }

  return (
    <section aria-labelledby="no-list-heading" className="mx-auto max-w-3xl space-y-6">
      <header className="flex items-center gap-3">
        <NoListHeading headingRef={headingRef}>
          <Trans>Today's "No" List</Trans>
        </NoListHeading>
      </header>

      <Card className="p-4 sm:p-6">
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <Trans>Nothing on your "No" List yet. Choose Edit List to pick what you will say no to today.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Items on today's "No" List`} className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((task) => {
              const removing = remove.isPending && remove.variables === task.id;
              const title = task.title;
              return (
                <li key={task.id} className="flex items-start gap-3 py-3">
                  <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-600 dark:text-red-400" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">
                      {task.title}
                      <UnsyncedMark unsynced={isUnsynced(task)} />
                    </p>
                    {task.noListReason ? (
                      <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">
                        <span className="sr-only">
                          <Trans>Reason:</Trans>{" "}
                        </span>
                        {task.noListReason}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove ${title} from No list`}
                    title={t`Remove from No list`}
                    disabled={removing}
                    onClick={() => onRemove(task)}
                    className="-my-1 shrink-0 text-slate-600 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-300"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {children}

      <aside className="flex gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-500" />
        <p>
          <Trans>
            Saying no with intention is how you say yes to what matters. Each item here is time and attention you have
            given back to today's priorities. When one of them tugs at you, remember: you already decided.
          </Trans>
        </p>
      </aside>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          <Trans>Edit List</Trans>
        </Button>
        <Link to="/" className={buttonClasses("primary")}>
          <Trans>To Priority Picker</Trans>
          <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        </Link>
      </div>
    </section>
  );
}
