import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowRight, CircleCheck, Clock, Coffee, Hourglass, PartyPopper } from "lucide-react";
import { useNavigate } from "react-router";
import type { Task } from "../../../shared/schemas/tasks";
import { ApiRequestError } from "../../api/client";
import { queryKeys } from "../../api/query-keys";
import { useCompleteFocusRun, useTimerAction } from "../../api/timer-actions";
import type { TimerView } from "../../api/timer-cache";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { shortTaskName } from "../../ui/task-name";
import { showError, showInfo, showSuccess } from "../../ui/toast";
import { launchConfetti } from "./celebrate";
import { endSummary } from "./end-summary";

const serverMessage = (err: unknown) => (err instanceof ApiRequestError ? err.serverMessage : undefined);

/**
 * Phase three: shown until a follow-up choice is made, on every device, even for a run that
 * finished with no tab open (docs/decisions/011-session-finished-while-away.md).
 */
export function CompletePhase({
  view,
  title,
  task,
  offline,
  onNextTask,
}: {
  view: TimerView;
  title: string;
  task: Task | undefined;
  offline: boolean;
  /** Picks the task the selection preselects after "Next Task". */
  onNextTask: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A toast's title names its task (docs/decisions/245-toasts-name-their-task.md).
  const name = task ? shortTaskName(task.title) : undefined;
  const { state } = view;

  const completed = useCompleteFocusRun({
    onSuccess: () => {
      void launchConfetti();
      showSuccess(name ? t`Task completed: "${name}"` : t`Task completed`, t`Great job completing your task!`);
    },
    onError: (err) =>
      showError(
        name ? t`Error completing task: "${name}"` : t`Error completing task`,
        serverMessage(err) ?? t`There was a problem completing your task. Please try again.`,
      ),
  });

  const followUp = useTimerAction({
    onSuccess: (_snapshot, { action }) => {
      if (action === "break") showInfo(t`Break started`, t`Taking a 5 minute break. Relax and recharge.`);
    },
    onError: (err) => {
      showError(t`Something went wrong`, serverMessage(err) ?? t`Please try again.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.timer });
    },
  });

  function choose(choice: "more-time" | "break" | "next-task") {
    if (choice === "break") {
      followUp.mutate({ action: "break" });
      return;
    }
    // "Next Task" drops a taskId that came in the address or the navigation state before the
    // selection phase mounts; it preselects the next priority task instead.
    if (choice === "next-task") {
      navigate("/focus-timer", { replace: true, state: null });
      onNextTask();
    }
    followUp.mutate({ action: "acknowledge", body: { keepTask: choice === "more-time" } });
  }

  const taskDone = task?.isCompleted === true || completed.isSuccess;
  const busy = completed.isPending || followUp.isPending || offline;
  const end = endSummary(state);
  const EndIcon = end.endedEarly ? Hourglass : PartyPopper;

  return (
    <div className="space-y-6 text-center">
      <div className="space-y-3">
        <EndIcon aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600 dark:text-brand-500" />
        <h2 className="font-bold text-3xl text-slate-900 dark:text-slate-50">{end.heading}</h2>
        <p className="text-slate-700 dark:text-slate-300">{end.lead}</p>
        <p className="break-words font-semibold text-lg text-slate-900 dark:text-slate-50">{title}</p>
        {end.note ? <p className="text-slate-600 text-sm dark:text-slate-400">{end.note}</p> : null}
      </div>

      <section aria-labelledby="how-did-it-go" className="space-y-3">
        <h3 id="how-did-it-go" className="font-semibold text-slate-800 dark:text-slate-200">
          <Trans>How did it go?</Trans>
        </h3>
        <div className={cn("grid gap-3", !taskDone && "sm:grid-cols-2")}>
          <Button
            size="lg"
            onClick={() => completed.mutate(state)}
            disabled={busy || taskDone || state.taskId === null}
            aria-busy={completed.isPending}
          >
            <CircleCheck aria-hidden="true" className="h-4 w-4" />
            {taskDone ? (
              <Trans>Marked as done</Trans>
            ) : (
              <Trans context="the button that marks the task done">Completed</Trans>
            )}
          </Button>
          {/* A finished task needs no more time: the choice goes once it is marked done (docs/decisions/149-ending-early-and-breaks.md). */}
          {taskDone ? null : (
            <Button variant="outline" size="lg" onClick={() => choose("more-time")} disabled={busy}>
              <Clock aria-hidden="true" className="h-4 w-4" />
              <Trans>Need More Time</Trans>
            </Button>
          )}
        </div>
      </section>

      <section aria-labelledby="break-or-continue" className="space-y-3">
        <h3 id="break-or-continue" className="font-semibold text-slate-800 dark:text-slate-200">
          <Trans>Take a break or continue?</Trans>
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button variant="secondary" size="lg" onClick={() => choose("break")} disabled={busy}>
            <Coffee aria-hidden="true" className="h-4 w-4" />
            <Trans>5 Min Break</Trans>
          </Button>
          <Button variant="secondary" size="lg" onClick={() => choose("next-task")} disabled={busy}>
            <Trans>Next Task</Trans>
            <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          </Button>
        </div>
      </section>
    </div>
  );
}
