import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCheck, Star } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { type Category, DEFAULT_CATEGORY } from "../../../shared/constants";
import type { Task } from "../../../shared/schemas/tasks";
import { useDeleteTask, type useTasks } from "../../api/tasks";
import { undoable } from "../../api/undo";
import { isUnsynced } from "../../changes/shown-task";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { Spinner } from "../../ui/spinner";
import { shortTaskName } from "../../ui/task-name";
import { showError, showSuccess } from "../../ui/toast";
import { UnsyncedMark } from "../../ui/unsynced-mark";
import { DeleteTaskButton } from "./delete-task-button";
import { EditTitleButton } from "./edit-title-button";
import { MarkDoneButton } from "./mark-done-button";
import { StartFreshButton } from "./start-fresh-button";

// Loaded when a title is first edited: its check is the create schema's (classic zod), which the
// first screen does not otherwise load (bench/RESULTS.md).
const TaskTitleEditor = lazy(() => import("./task-title-editor").then((m) => ({ default: m.TaskTitleEditor })));

// A task's estimate on its row loads after the list (docs/decisions/290-estimates-written-at-the-end-of-a-line.md).
const EstimateSelect = lazy(() => import("./plan-size/estimate-select"));

// A routine's "Skip" loads with the first row of one (docs/decisions/374-the-task-list-s-routine-row-offers-skip.md).
const OccurrenceSkip = lazy(() => import("./occurrence-skip"));

// The confirmation of Clear Tasks and its call load with the first press.
const ClearTasksDialog = lazy(() => import("./clear-tasks-dialog").then((m) => ({ default: m.ClearTasksDialog })));

const CATEGORY_LABEL: Record<Category, MessageDescriptor> = {
  urgent: msg({ message: "Urgent", context: "a task's list" }),
  later: msg({ message: "Later", context: "a task's list" }),
  delegate: msg({ message: "Delegate", context: "a task's list" }),
  no_list: msg({ message: '"No" List', context: "a task's list" }),
};
const CATEGORY_DOT: Record<Category, string> = {
  urgent: "bg-red-500",
  later: "bg-sky-500",
  delegate: "bg-amber-500",
  no_list: "bg-slate-400",
};

type Props = {
  tasks: ReturnType<typeof useTasks>;
  onPrioritize: (tasks: Task[]) => void;
  onShowResults: () => void;
  onOrganize: () => void;
  className?: string;
};

/**
 * docs/product.md#input-step: the active tasks, each with "Mark … done" (not a "No" list item: it is
 * said no to, not done), edit and delete (a routine's also "Skip"), and "Prioritize", "Clear Tasks".
 */
export function CurrentTasksCard({ tasks, onPrioritize, onShowResults, onOrganize, className }: Props) {
  const { t } = useLingui();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Mounted from the first press on, so it can close with its animation.
  const [confirmWanted, setConfirmWanted] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const deleteTask = useDeleteTask();
  const queryClient = useQueryClient();
  const all = tasks.data ?? [];
  const active = all.filter((task) => !task.isCompleted);
  // Things the user said no to are not up for prioritising.
  const toPrioritize = active.filter((task) => task.category !== "no_list");

  function remove(task: Task) {
    // A toast names its task in its title (docs/decisions/245-toasts-name-their-task.md).
    const name = shortTaskName(task.title);
    deleteTask.mutate(task.id, {
      onSuccess: (ticket) =>
        showSuccess(
          t`Task deleted: "${name}"`,
          t`The task has been removed.`,
          undoable(queryClient, ticket, task.title),
        ),
      onError: (err) => {
        console.warn("Deleting a task failed", err);
        showError(
          t`Error deleting task: "${name}"`,
          t`There might be focus sessions linked to this task. Try completing the task first.`,
        );
      },
    });
  }

  return (
    <Card className={cn("flex flex-col", className)}>
      <section aria-labelledby="current-tasks-heading" className="flex flex-1 flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 id="current-tasks-heading" className="me-auto text-lg font-semibold">
            <Trans>Current Tasks</Trans>
          </h2>
          {/* Finished work of earlier days lives on the Done screen (docs/product.md#done-screen). */}
          <Link to="/done" className={buttonClasses("ghost", "sm")}>
            <CheckCheck aria-hidden="true" className="h-4 w-4" />
            <Trans context="the Done screen">Done</Trans>
          </Link>
          {tasks.data ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {active.length}
            </span>
          ) : null}
        </div>
        <div className="flex-1 px-5 py-3">
          {tasks.isPending ? (
            <Spinner className="py-8" label={t`Loading your tasks...`} showLabel />
          ) : tasks.isError ? (
            <div className="space-y-3 py-6 text-center">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <Trans>Your tasks could not be loaded.</Trans>
              </p>
              <Button variant="outline" size="sm" onClick={() => void tasks.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : active.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
              <Trans>No current tasks. Everything you process shows up here.</Trans>
            </p>
          ) : (
            // From 640 px the list scrolls in its box beside the input; on a phone the page itself
            // scrolls, as a box four rows tall inside the page is hard to scroll with a thumb.
            <ul className="divide-y divide-slate-100 sm:max-h-96 sm:overflow-y-auto dark:divide-slate-800">
              {active.map((task) => {
                const category = task.category ?? DEFAULT_CATEGORY;
                const deleting = deleteTask.isPending && deleteTask.variables === task.id;
                const estimate =
                  category === "no_list" ? null : (
                    <Suspense fallback={null}>
                      <EstimateSelect task={task} />
                    </Suspense>
                  );
                if (editingId === task.id) {
                  return (
                    <li key={task.id} className="flex items-center gap-3 py-2">
                      <Suspense fallback={null}>
                        <TaskTitleEditor task={task} onClose={() => setEditingId(null)} />
                      </Suspense>
                    </li>
                  );
                }
                return (
                  <li key={task.id} className="flex items-start gap-2 py-1.5 sm:items-center">
                    {category === "no_list" ? (
                      <span aria-hidden="true" className="h-9 w-9 shrink-0" />
                    ) : (
                      <MarkDoneButton task={task} />
                    )}
                    <span
                      aria-hidden="true"
                      title={t(CATEGORY_LABEL[category])}
                      className={cn("mt-3.5 h-2.5 w-2.5 shrink-0 rounded-full sm:mt-0", CATEGORY_DOT[category])}
                    />
                    {/* On a phone the title takes the row's width and the estimate, Edit and Delete the
                      line below it; from 640 px they sit beside it, the estimate under the title. */}
                    <div className="grid min-w-0 flex-1 grid-cols-[1fr_auto_auto] items-center gap-x-1 sm:gap-x-2">
                      <span className="col-span-3 min-w-0 break-words pt-2 text-sm sm:col-span-1 sm:pt-0">
                        {task.title}
                        {category === "no_list" ? (
                          // Said no to: marked in words, not only by the grey dot.
                          <span className="ms-1.5 inline-block rounded-full bg-slate-200 px-2 py-0.5 align-[1px] text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                            <span className="sr-only">, </span>
                            {t(CATEGORY_LABEL.no_list)}
                          </span>
                        ) : (
                          <span className="sr-only">, {t(CATEGORY_LABEL[category])}</span>
                        )}
                        {task.isPriority ? (
                          <>
                            <Star
                              aria-hidden="true"
                              className="ms-1.5 inline h-3.5 w-3.5 fill-amber-400 text-amber-500 align-[-2px]"
                            />
                            <span className="sr-only">
                              , <Trans context="a task marked as one of today's three">priority</Trans>
                            </span>
                          </>
                        ) : null}
                        {task.routineId !== null ? (
                          // A routine's occurrence says it is one, and leads to it (docs/product.md#routines); the chip is the "No" List's.
                          <Link
                            to="/routines"
                            className="ms-1.5 inline-block rounded-full bg-slate-200 px-2 py-0.5 align-[1px] text-xs font-medium text-slate-700 dark:bg-slate-700 dark:text-slate-200"
                          >
                            <span className="sr-only">, </span>
                            <Trans context="a task that is a routine's occurrence">Routine</Trans>
                          </Link>
                        ) : null}
                        <UnsyncedMark unsynced={isUnsynced(task)} />
                      </span>
                      {task.routineId === null ? (
                        estimate && <div className="col-start-1 row-start-2">{estimate}</div>
                      ) : (
                        // A routine's occurrence also offers "Skip" (docs/decisions/374-the-task-list-s-routine-row-offers-skip.md).
                        <Suspense fallback={null}>
                          <OccurrenceSkip title={task.title} routineId={task.routineId} estimate={estimate} />
                        </Suspense>
                      )}
                      <EditTitleButton
                        title={task.title}
                        className="col-start-2 row-start-2 h-9 w-9 text-slate-600 sm:row-span-2 sm:row-start-1 dark:text-slate-400"
                        onClick={() => setEditingId(task.id)}
                      />
                      <DeleteTaskButton
                        taskTitle={task.title}
                        disabled={deleting}
                        className="col-start-3 row-start-2 sm:row-span-2 sm:row-start-1"
                        onClick={() => remove(task)}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
          <Button onClick={() => onPrioritize(toPrioritize)} disabled={toPrioritize.length === 0}>
            <Trans>Prioritize</Trans>
          </Button>
          <Button variant="outline" onClick={onShowResults} disabled={toPrioritize.length === 0}>
            <Trans>View Priorities</Trans>
          </Button>
          <Button variant="outline" onClick={onOrganize} disabled={active.length === 0}>
            <Trans>Organize Tasks</Trans>
          </Button>
          <Button
            variant="outline"
            onPointerEnter={() => void import("./clear-tasks-dialog")}
            onClick={() => {
              setConfirmWanted(true);
              setConfirmOpen(true);
            }}
            disabled={all.length === 0}
          >
            <Trans>Clear Tasks</Trans>
          </Button>
          <StartFreshButton place="current-tasks" />
        </div>
      </section>
      {confirmWanted ? (
        <Suspense fallback={null}>
          <ClearTasksDialog open={confirmOpen} onOpenChange={setConfirmOpen} tasks={all} />
        </Suspense>
      ) : null}
    </Card>
  );
}
