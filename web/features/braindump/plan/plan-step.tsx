import { i18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Flame, History, ListChecks, Moon, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { TOP_PRIORITY_COUNT } from "../../../../shared/constants";
import { addDays, isTodaysNoListItem } from "../../../../shared/day";
import type { Day } from "../../../../shared/schemas/day";
import type { Task } from "../../../../shared/schemas/tasks";
import { ApiRequestError } from "../../../api/client";
import { usePlanDay, useSayNoAgain, useSkipDay } from "../../../api/day-changes";
import { useTasks } from "../../../api/tasks";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { dayName, previousDayLine, streakLine } from "../../../ui/day-words";
import { NoItemRow } from "../../../ui/no-item-row";
import { showError, showInfo, showSuccess } from "../../../ui/toast";
import PlanSizeLine from "../plan-size/plan-size-line";
import { STEP_HEADING_ID, StepIntro } from "../step-heading";
import { CarriedList } from "./carried-list";
import { offeredNoItems, plannableTasks, previousThree } from "./plan-choices";
import { PlanRoutines, useMissedYesterday } from "./plan-routines";

type Props = {
  day: Day;
  /** Today's three are chosen (kept or picked): the results follow, saying which. */
  onPlanned: (kind: "kept" | "picked") => void;
  /** "Answer the questions again": the questions step for these tasks, saved answers kept. */
  onAskQuestions: (tasks: Task[]) => void;
  /** "Skip for today", or "Add today's tasks" with nothing carried: the braindump, in view. */
  onLeave: () => void;
};

/**
 * docs/product.md#plan-your-day-screen: the first screen of a new day until it is planned or
 * skipped. The decision (today's three) comes first, whatever is carried; each carried task can be
 * finished, left for later, said no to or deleted where it is listed
 * (docs/decisions/187-a-plan-to-act-on.md). "No again today" taps count on their own
 * (docs/decisions/140-plan-step.md).
 */
export function PlanStep({ day, onPlanned, onAskQuestions, onLeave }: Props) {
  const { t } = useLingui();
  const tasks = useTasks().data ?? [];
  const plan = usePlanDay();
  const skip = useSkipDay();
  const { sayNoAgain, pendingId } = useSayNoAgain();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  /** Carried tasks the person left for later today: not asked about, not offered to pick. */
  const [later, setLater] = useState<number[]>([]);

  const open = plannableTasks(tasks);
  const choosable = open.filter((task) => !later.includes(task.id));
  // A task left for later on its row is left out of the three kept; one moved to Later by the size
  // line has lost its star, which previousThree reads.
  const yesterdays = previousThree(day, tasks).filter((task) => !later.includes(task.id));
  const carried = day.carriedOver.filter((task) => open.some((other) => other.id === task.id));
  // The day stops naming an item once it is said no to again: the step keeps showing it, marked.
  const [offered, setOffered] = useState(day.previousNoListTaskIds);
  if (day.previousNoListTaskIds.some((id) => !offered.includes(id))) {
    setOffered([...new Set([...offered, ...day.previousNoListTaskIds])]);
  }
  const { items: earlierNo, saidAgain, fromDay } = offeredNoItems(offered, tasks, day.date);
  // Last evening's choice of today's first task, marked where it is offered (docs/decisions/291-the-evening-close.md).
  const chosenFirstId = day.yesterday?.firstTaskId ?? null;
  const stillPicked = picked.filter((id) => choosable.some((task) => task.id === id));
  const busy = plan.isPending || skip.isPending;
  const lastEvening = day.yesterday?.note;
  const max = TOP_PRIORITY_COUNT;
  const chosen = stillPicked.length;
  const count = choosable.length;

  function makePlan(kind: "kept" | "picked", priorityTaskIds: number[]) {
    plan.mutate(
      { priorityTaskIds, noListTaskIds: saidAgain },
      {
        onSuccess: () => {
          showSuccess(
            t`Your day is planned`,
            kind === "kept"
              ? keptLine(day.previousPriorityDate, day.date, yesterdays.length)
              : t`Your picks are today's three.`,
          );
          onPlanned(kind);
        },
        onError: (err) =>
          showError(
            t`Could not plan your day`,
            (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
          ),
      },
    );
  }

  function skipToday() {
    skip.mutate(undefined, {
      onSuccess: () => {
        showInfo(t`Plan skipped`, t`Your tasks and stars are as you left them. The plan comes back tomorrow.`);
        onLeave();
      },
      onError: (err) =>
        showError(
          t`Could not skip the plan`,
          (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
        ),
    });
  }

  /**
   * The size line's offer for a task it has no star to take from (picked by hand): it leaves the
   * three on the screen, as "Later" on its row does. A starred one's move is written
   * (docs/decisions/332-move-to-later-is-written.md).
   */
  function leaveForLater(task: Pick<Task, "id">) {
    setLater((old) => (old.includes(task.id) ? old : [...old, task.id]));
  }

  function togglePick(id: number) {
    setPicked((old) => (old.includes(id) ? old.filter((other) => other !== id) : [...old, id]));
  }

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="mx-auto max-w-3xl space-y-4">
      <StepIntro
        title={t`Plan your day`}
        lead={t`A new day has begun. Choose what matters today, or skip straight to your tasks.`}
      />

      <div className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        <p className="flex items-start gap-2">
          <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />
          <span data-testid="previous-day">{previousDayLine(day.previous, day.date)}</span>
        </p>
        {lastEvening ? (
          // Last evening's line (docs/decisions/291-the-evening-close.md).
          <p className="flex items-start gap-2">
            <Moon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />
            <span data-testid="yesterday-note" className="min-w-0 break-words">
              <Trans>Last evening: “{lastEvening}”</Trans>
            </span>
          </p>
        ) : !day.yesterday && day.previous?.date === addDays(day.date, -1) ? (
          // Yesterday was a day of the app's and was not closed (docs/decisions/349-a-day-s-close-leaves-a-trace.md).
          <p className="flex items-start gap-2">
            <Moon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" />
            <span data-testid="yesterday-not-closed">
              <Trans>You didn't close yesterday.</Trans>
            </span>
          </p>
        ) : null}
        <p className="flex items-start gap-2">
          <Flame aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span data-testid="streak">{streakLine(day.streak, day.bestStreak)}</span>
        </p>
      </div>

      <PlanSection id="plan-three-heading" title={t`Today's three`}>
        <div className="space-y-4">
          {open.length === 0 ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <Trans>Nothing is open from earlier days: start with what today holds.</Trans>
              </p>
              <Button onClick={onLeave}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                <Trans>Add today's tasks</Trans>
              </Button>
            </div>
          ) : null}
          {yesterdays.length > 0 ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {threeOf(day.previousPriorityDate, day.date, yesterdays.length)}
              </p>
              <ol className="list-decimal space-y-1 ps-5 text-sm">
                {yesterdays.map((task) => (
                  <li key={task.id} className="break-words">
                    {task.title}
                    {task.id === chosenFirstId ? (
                      // docs/decisions/346-the-first-chosen-last-night-is-kept.md
                      <>
                        {" "}
                        <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 align-middle text-xs font-medium text-brand-700 dark:bg-indigo-950 dark:text-indigo-200">
                          <Moon aria-hidden="true" className="h-3 w-3" />
                          <Trans>You chose this last night</Trans>
                        </span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
              <PlanSizeLine
                three={yesterdays}
                usual={{ minutes: day.usualFocusMinutes, days: day.usualFocusDays }}
                chosenFirstId={chosenFirstId}
                onMove={leaveForLater}
                offered
              />
              <Button
                disabled={busy}
                onClick={() =>
                  makePlan(
                    "kept",
                    yesterdays.map((task) => task.id),
                  )
                }
              >
                {keepLabel(day.previousPriorityDate, day.date, yesterdays.length)}
              </Button>
            </div>
          ) : null}
          {open.length > 0 ? (
            <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
              <Button
                variant="outline"
                disabled={busy || choosable.length === 0}
                onClick={() => onAskQuestions(choosable)}
              >
                <ListChecks aria-hidden="true" className="h-4 w-4" />
                <Trans>Answer the questions again</Trans>
              </Button>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {later.length > 0 ? (
                  <Plural
                    value={count}
                    one="# task; your saved answers are kept, those left for later are not asked about."
                    other="# tasks; your saved answers are kept, those left for later are not asked about."
                  />
                ) : (
                  <Plural
                    value={count}
                    one="# task; your saved answers are kept."
                    other="# tasks; your saved answers are kept."
                  />
                )}
              </p>
            </div>
          ) : null}
          {open.length > 0 ? (
            <div className="space-y-3">
              <Button
                variant="outline"
                aria-expanded={picking}
                aria-controls="plan-pick"
                disabled={choosable.length === 0}
                onClick={() => setPicking((old) => !old)}
              >
                <Trans>Pick by hand</Trans>
              </Button>
              {picking ? (
                <fieldset id="plan-pick" className="space-y-2">
                  <legend className="text-sm text-slate-700 dark:text-slate-300">
                    <Trans>
                      Choose up to {max} tasks for today ({chosen} chosen).
                    </Trans>
                  </legend>
                  <ul className="max-h-80 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-800">
                    {choosable.map((task) => {
                      const checked = stillPicked.includes(task.id);
                      return (
                        <li key={task.id}>
                          <label className="flex min-h-10 cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                            <input
                              type="checkbox"
                              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                              checked={checked}
                              disabled={!checked && stillPicked.length >= TOP_PRIORITY_COUNT}
                              onChange={() => togglePick(task.id)}
                            />
                            <span className="min-w-0 break-words">{task.title}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                  <PlanSizeLine
                    three={choosable.filter((task) => stillPicked.includes(task.id))}
                    usual={{ minutes: day.usualFocusMinutes, days: day.usualFocusDays }}
                    chosenFirstId={chosenFirstId}
                    onMove={leaveForLater}
                    offered
                  />
                  <Button disabled={busy || stillPicked.length === 0} onClick={() => makePlan("picked", stillPicked)}>
                    <Trans>Make these today's three</Trans>
                  </Button>
                </fieldset>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-3 dark:border-slate-800">
            <Button variant="outline" disabled={busy} onClick={skipToday}>
              <Trans>Skip for today</Trans>
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Trans>Your tasks and stars stay as they are.</Trans>
            </p>
          </div>
        </div>
      </PlanSection>

      <PlanRoutinesSection tasks={tasks} today={day.date} startsAt={day.startsAt} />

      <PlanSection id="plan-open-heading" title={t`Still open`} count={carried.length}>
        {carried.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>Nothing carried over: a fresh start.</Trans>
          </p>
        ) : (
          <CarriedList
            tasks={carried}
            later={later}
            onLater={(id) => setLater((old) => (old.includes(id) ? old.filter((other) => other !== id) : [...old, id]))}
          />
        )}
      </PlanSection>

      {earlierNo.length > 0 ? (
        <PlanSection id="plan-no-heading" title={noListTitle(fromDay, day.date)}>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
            <Trans>Say no again to what still tugs at you.</Trans>
          </p>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {earlierNo.map((task) => (
              <NoItemRow
                key={task.id}
                id={task.id}
                title={task.title}
                detail={task.noListReason}
                againLabel={t`No again today`}
                pending={pendingId === task.id}
                saidAgain={isTodaysNoListItem(task, day.date)}
                onAgain={() => sayNoAgain(task)}
              />
            ))}
          </ul>
        </PlanSection>
      ) : null}
    </section>
  );
}

// The three's words are whole sentences by their count: "three" only when there are three, else
// "two" or "one" (docs/decisions/249-small-words-that-tell-the-truth.md), and by their day,
// yesterday or named (docs/decisions/395-messages-in-lingui-catalogs.md).

/** "Keep yesterday's three", or "Keep these three" when they were planned on an earlier day; "two", "one" when fewer are left. */
function keepLabel(planDate: string | null, today: string, count: number): string {
  if (planDate === addDays(today, -1)) {
    return plural(count, { 1: "Keep yesterday's one", 2: "Keep yesterday's two", other: "Keep yesterday's three" });
  }
  return plural(count, { 1: "Keep these one", 2: "Keep these two", other: "Keep these three" });
}

/** "Yesterday's three are today's three.", or "The two of Monday, November 23 are today's priorities.", in the toast after keeping them. */
function keptLine(planDate: string | null, today: string, count: number): string {
  if (planDate === null || planDate === addDays(today, -1)) {
    return plural(count, {
      1: "Yesterday's one is today's priority.",
      2: "Yesterday's two are today's priorities.",
      other: "Yesterday's three are today's three.",
    });
  }
  const name = dayName(planDate, today);
  return plural(count, {
    1: `The one of ${name} is today's priority.`,
    2: `The two of ${name} are today's priorities.`,
    other: `The three of ${name} are today's three.`,
  });
}

/** "Yesterday's three, still open:", or "The three of Monday, November 23, still open:". */
function threeOf(planDate: string | null, today: string, count: number): string {
  if (planDate === null || planDate === addDays(today, -1)) {
    return plural(count, {
      1: "Yesterday's one, still open:",
      2: "Yesterday's two, still open:",
      other: "Yesterday's three, still open:",
    });
  }
  const name = dayName(planDate, today);
  return plural(count, {
    1: `The one of ${name}, still open:`,
    2: `The two of ${name}, still open:`,
    other: `The three of ${name}, still open:`,
  });
}

/** "Yesterday's "No" List", ""No" List of Monday, November 23", or, every item said again, "Your earlier "No" List". */
function noListTitle(fromDay: string | null, today: string): string {
  if (!fromDay) return i18n._(msg`Your earlier "No" List`);
  if (fromDay === addDays(today, -1)) return i18n._(msg`Yesterday's "No" List`);
  const name = dayName(fromDay, today);
  return i18n._(msg`"No" List of ${name}`);
}

/**
 * Today's routines, apart from the three (docs/product.md#routines); nothing when none is due and none
 * was missed. An occurrence finished before today's start (a list read before the day began) is
 * yesterday's, not today's.
 */
function PlanRoutinesSection({ tasks, today, startsAt }: { tasks: readonly Task[]; today: string; startsAt: string }) {
  const todays = tasks.filter(
    (task) =>
      task.routineId !== null &&
      (!task.isCompleted || (task.completedAt !== null && Date.parse(task.completedAt) >= Date.parse(startsAt))),
  );
  const { t } = useLingui();
  const missed = useMissedYesterday(today);
  if (todays.length === 0 && missed.length === 0) return null;
  return (
    <PlanSection
      id="plan-routines-heading"
      title={t`Today's routines`}
      count={todays.filter((task) => !task.isCompleted).length}
    >
      <PlanRoutines todays={todays} missed={missed} />
    </PlanSection>
  );
}

function PlanSection({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby={id} className="space-y-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          {title}
          {count === undefined ? null : (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {count}
            </span>
          )}
        </h2>
        {children}
      </section>
    </Card>
  );
}
