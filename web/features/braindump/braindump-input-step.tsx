import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent, ReactNode } from "react";
import { hasRemovedMarker, LIMITS, REMOVED_MARKER } from "../../../shared/constants";
import type { Task } from "../../../shared/schemas/tasks";
import { dedupeTitles, firstTooLongTitle, splitTasks, withoutExisting } from "../../../shared/split-tasks";
import { ApiRequestError } from "../../api/client";
import { isQueued } from "../../api/send-change";
import { useProcessTasks, useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Textarea } from "../../ui/field";
import { showError, showInfo, showSuccess } from "../../ui/toast";
import { BRAINDUMP_HEADING, BRAINDUMP_INTRO } from "./braindump-copy";
import { CurrentTasksCard } from "./current-tasks-card";
import { processNotice } from "./process-notice";
import { STEP_HEADING_ID, StepIntro } from "./step-heading";

type Props = {
  /** "A new day has begun: plan it", while the plan step waits for the person (./new-day-notice.tsx). */
  newDayNotice?: ReactNode;
  /** A share's title and link, offered as lines (./shared-offers.tsx). */
  sharedOffers?: ReactNode;
  text: string;
  onTextChange: (text: string) => void;
  /** Tasks to prioritise next: the ones just created, or the current ones. */
  onTasksReady: (tasks: Task[]) => void;
  /** Opens the results (ranked by the saved answers) and the board without answering again. */
  onShowResults: () => void;
  onOrganize: () => void;
};

export function BraindumpInputStep({
  newDayNotice,
  sharedOffers,
  text,
  onTextChange,
  onTasksReady,
  onShowResults,
  onOrganize,
}: Props) {
  const { t } = useLingui();
  /** docs/product.md#messages: the failure toast shows what went wrong when the server said so. */
  function processFailure(err: unknown) {
    const detail = err instanceof ApiRequestError ? err.serverMessage : undefined;
    showError(t`Error processing tasks`, detail ?? t`Failed to process your input. Please try again.`);
  }
  // The braindump page is the one screen that refetches when the window regains focus (docs/product.md#request-behaviour).
  const tasks = useTasks({ refetchOnWindowFocus: true });
  const processTasks = useProcessTasks();
  // Processing waits for the list's first read (its titles find the duplicates), but not for a
  // read again after that one failed: a list with no data is "pending" again on every refetch (the
  // live channel's, Try again), and a press landing then was silently lost
  // (docs/decisions/122-process-continue-waits-task-list-only.md).
  const listFirstLoading = tasks.isPending && tasks.errorUpdateCount === 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processTasks.isPending) return;
    // docs/product.md#input-step, in this order.
    if (text.trim() === "") return showError(t`Empty input`, t`Please enter some tasks to process.`);
    const items = splitTasks(text);
    if (items.length === 0) {
      return showError(t`No tasks found`, t`Please enter tasks separated by semicolons or new lines.`);
    }
    // A line with "[REMOVED]" would be hidden once created: said before anything is sent.
    const marked = items.findIndex(hasRemovedMarker);
    if (marked !== -1) {
      const number = marked + 1;
      const marker = REMOVED_MARKER;
      return showError(
        t`Task ${number} can't be added`,
        t`A new task's title cannot contain "${marker}": the app uses it to hide removed tasks. Reword it, for example "(removed)".`,
      );
    }
    // The server's limit, counted as it counts (docs/decisions/322-a-length-is-counted-in-code-points.md).
    const tooLong = firstTooLongTitle(items);
    if (tooLong !== -1) {
      const number = tooLong + 1;
      const max = LIMITS.titleMax;
      return showError(t`Task ${number} is too long`, t`A task title can be at most ${max} characters.`);
    }
    // The duplicates are told in the one notice that ends the submit (docs/decisions/152-one-braindump-notice.md).
    const { unique, removed } = dedupeTitles(items);
    const { fresh, dropped } = withoutExisting(
      unique,
      (tasks.data ?? []).map((task) => task.title),
    );
    if (fresh.length === 0)
      return showInfo(t`No new tasks to add`, t`All the tasks you entered already exist in your list.`);
    processTasks.mutate(fresh, {
      onSuccess: (created) => {
        if (isQueued(created)) {
          // Kept offline: the tasks show in Current Tasks at once; their questions wait for the
          // server's ids (docs/decisions/222-offline-outbox.md).
          const notice = processNotice({ added: fresh.length, repeated: removed, existing: dropped, kept: true });
          showSuccess(notice.title, notice.description);
          return onTextChange("");
        }
        if (!Array.isArray(created) || created.length === 0) {
          return showError(
            t`No new tasks created`,
            t`No unique tasks were found in your input, or they might already exist.`,
          );
        }
        // The server skips titles another device added meanwhile: they count as already in the list.
        const notice = processNotice({
          added: created.length,
          repeated: removed,
          existing: dropped + Math.max(0, fresh.length - created.length),
        });
        showSuccess(notice.title, notice.description);
        onTextChange("");
        onTasksReady(created);
      },
      onError: processFailure,
    });
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
      <section aria-labelledby={STEP_HEADING_ID} className="space-y-4 lg:col-span-3">
        <StepIntro title={t(BRAINDUMP_HEADING)} lead={t(BRAINDUMP_INTRO)} />
        {newDayNotice}
        {sharedOffers}
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <label htmlFor="braindump-text" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>What's on your mind?</Trans>
          </label>
          <Textarea
            id="braindump-text"
            rows={6}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            // Ctrl/Cmd+Enter submits, as in the AI panel; Enter alone starts a new line (a new task).
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            aria-keyshortcuts="Control+Enter Meta+Enter" // words-ok: key names for assistive technology, not words
            placeholder={t`Reply to Sam's email; Book the dentist
Finish the quarterly report`}
            className="text-base"
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="lg" disabled={processTasks.isPending || listFirstLoading}>
              {processTasks.isPending ? t`Processing...` : t`Process & Continue`}
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Trans>Next, a few quick questions find the three tasks that matter most.</Trans>
            </p>
          </div>
        </form>
      </section>
      <CurrentTasksCard
        tasks={tasks}
        onPrioritize={onTasksReady}
        onShowResults={onShowResults}
        onOrganize={onOrganize}
        className="lg:col-span-2"
      />
    </div>
  );
}
