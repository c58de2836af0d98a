import { Flame, History, ListChecks } from "lucide-react";
import { type ReactNode, useState } from "react";
import { TOP_PRIORITY_COUNT } from "../../../../shared/constants";
import { isTodaysNoListItem } from "../../../../shared/day";
import type { Day } from "../../../../shared/schemas/day";
import type { Task } from "../../../../shared/schemas/tasks";
import { ApiRequestError } from "../../../api/client";
import { usePlanDay, useSayNoAgain } from "../../../api/day";
import { useTasks } from "../../../api/tasks";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { carriedLabel, dayName, previousDayLine, streakLine } from "../../../ui/day-words";
import { NoItemRow } from "../../../ui/no-item-row";
import { showError, showInfo, showSuccess } from "../../../ui/toast";
import { STEP_HEADING_ID, StepIntro } from "../step-heading";
import { offeredNoItems, plannableTasks, previousThree } from "./plan-choices";

type Props = {
  day: Day;
  /** Today's three are chosen (kept or picked): the results follow. */
  onPlanned: () => void;
  /** "Answer the questions again": the questions step for these tasks, saved answers kept. */
  onAskQuestions: (tasks: Task[]) => void;
};

type PlanKind = "keep" | "pick" | "skip";

/**
 * docs/product.md#plan-your-day-screen: the first screen of a new day until it is planned. Every way
 * out plans the day (POST /api/day/plan), so the step leaves every device at once; "No again today"
 * taps count on their own (docs/decisions/140-plan-step.md).
 */
export function PlanStep({ day, onPlanned, onAskQuestions }: Props) {
  const tasks = useTasks().data ?? [];
  const plan = usePlanDay();
  const { sayNoAgain, pendingId } = useSayNoAgain();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);

  const open = plannableTasks(tasks);
  const yesterdays = previousThree(day, tasks);
  // The day stops naming an item once it is said no to again: the step keeps showing it, marked.
  const [offered, setOffered] = useState(day.previousNoListTaskIds);
  if (day.previousNoListTaskIds.some((id) => !offered.includes(id))) {
    setOffered([...new Set([...offered, ...day.previousNoListTaskIds])]);
  }
  const { items: earlierNo, saidAgain, fromDay } = offeredNoItems(offered, tasks, day.date);
  const stillPicked = picked.filter((id) => open.some((task) => task.id === id));

  function makePlan(kind: PlanKind, priorityTaskIds: number[]) {
    plan.mutate(
      { priorityTaskIds, noListTaskIds: saidAgain },
      {
        onSuccess: () => {
          if (kind === "skip") {
            showInfo("Plan skipped", "Your tasks are as you left them. The plan comes back tomorrow.");
            return;
          }
          showSuccess(
            "Your day is planned",
            kind === "keep" ? "Yesterday's three are today's three." : "Your picks are today's three.",
          );
          onPlanned();
        },
        onError: (err) =>
          showError(
            "Could not plan your day",
            (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
          ),
      },
    );
  }

  function togglePick(id: number) {
    setPicked((old) => (old.includes(id) ? old.filter((other) => other !== id) : [...old, id]));
  }

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="mx-auto max-w-3xl space-y-5">
      <StepIntro
        title="Plan your day"
        lead="A new day has begun. Take a minute to choose what matters today, or skip straight to your tasks."
      />

      <Card className="space-y-2 p-4 text-sm sm:p-5">
        <p className="flex items-start gap-2">
          <History aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />
          <span data-testid="previous-day">{previousDayLine(day.previous, day.date)}</span>
        </p>
        <p className="flex items-start gap-2">
          <Flame aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" />
          <span data-testid="streak">{streakLine(day.streak, day.bestStreak)}</span>
        </p>
      </Card>

      <PlanSection id="plan-open-heading" title="Still open" count={day.carriedOver.length}>
        {day.carriedOver.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Nothing carried over: a fresh start.</p>
        ) : (
          <ul aria-labelledby="plan-open-heading" className="divide-y divide-slate-100 dark:divide-slate-800">
            {day.carriedOver.map((task) => (
              <li key={task.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 break-words">{task.title}</span>
                <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
                  <span className="sr-only">, </span>
                  {carriedLabel(task.daysCarried)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PlanSection>

      <PlanSection id="plan-three-heading" title="Today's three">
        <div className="space-y-4">
          {yesterdays.length > 0 ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {threeOf(yesterdays[0]?.priorityDate ?? null, day.date)}
              </p>
              <ol className="list-decimal space-y-1 pl-5 text-sm">
                {yesterdays.map((task) => (
                  <li key={task.id} className="break-words">
                    {task.title}
                  </li>
                ))}
              </ol>
              <Button
                disabled={plan.isPending}
                onClick={() =>
                  makePlan(
                    "keep",
                    yesterdays.map((task) => task.id),
                  )
                }
              >
                Keep yesterday's three
              </Button>
            </div>
          ) : null}
          <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <Button
              variant="outline"
              disabled={plan.isPending || open.length === 0}
              onClick={() => onAskQuestions(open)}
            >
              <ListChecks aria-hidden="true" className="h-4 w-4" />
              Answer the questions again
            </Button>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Your saved answers are kept: change only what changed.
            </p>
          </div>
          <div className="space-y-3">
            <Button
              variant="outline"
              aria-expanded={picking}
              aria-controls="plan-pick"
              disabled={open.length === 0}
              onClick={() => setPicking((old) => !old)}
            >
              Pick by hand
            </Button>
            {picking ? (
              <fieldset id="plan-pick" className="space-y-2">
                <legend className="text-sm text-slate-700 dark:text-slate-300">
                  Choose up to {TOP_PRIORITY_COUNT} tasks for today ({stillPicked.length} chosen).
                </legend>
                <ul className="max-h-80 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-800">
                  {open.map((task) => {
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
                <Button
                  disabled={plan.isPending || stillPicked.length === 0}
                  onClick={() => makePlan("pick", stillPicked)}
                >
                  Make these today's three
                </Button>
              </fieldset>
            ) : null}
          </div>
        </div>
      </PlanSection>

      {earlierNo.length > 0 ? (
        <PlanSection id="plan-no-heading" title={noListTitle(fromDay, day.date)}>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">Say no again to what still tugs at you.</p>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {earlierNo.map((task) => (
              <NoItemRow
                key={task.id}
                id={task.id}
                title={task.title}
                detail={task.noListReason}
                againLabel="No again today"
                pending={pendingId === task.id}
                saidAgain={isTodaysNoListItem(task, day.date)}
                onAgain={() => sayNoAgain(task)}
              />
            ))}
          </ul>
        </PlanSection>
      ) : null}

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="lg" disabled={plan.isPending} onClick={() => makePlan("skip", [])}>
          Skip for today
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400">Your tasks stay as they are.</p>
      </div>
    </section>
  );
}

/** "Yesterday's three, still open:", or "The three of Monday, November 23, still open:". */
function threeOf(markDate: string | null, today: string): string {
  const name = markDate ? dayName(markDate, today) : "Yesterday";
  return name === "Yesterday" ? "Yesterday's three, still open:" : `The three of ${name}, still open:`;
}

/** "Yesterday's "No" List", ""No" List of Monday, November 23", or, every item said again, "Your earlier "No" List". */
function noListTitle(fromDay: string | null, today: string): string {
  if (!fromDay) return `Your earlier "No" List`;
  const name = dayName(fromDay, today);
  return name === "Yesterday" ? `Yesterday's "No" List` : `"No" List of ${name}`;
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
