import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, LayoutGrid, Target } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { TOP_PRIORITY_COUNT } from "../../../shared/constants";
import { addDays } from "../../../shared/day";
import type { Task } from "../../../shared/schemas/tasks";
import { scoreAnswers } from "../../../shared/scoring";
import { useDay } from "../../api/day";
import { useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { dayName } from "../../ui/day-words";
import { EstimateBadge } from "../../ui/estimate-badge";
import { Spinner } from "../../ui/spinner";
import { TASKS_GONE_TEXT } from "./braindump-copy";
import { MarkDoneButton } from "./mark-done-button";
import PlanSizeLine from "./plan-size/plan-size-line";
import { STEP_HEADING_ID, StepIntro } from "./step-heading";
import { rankForResults } from "./todays-ranking";

/** Where today's three on the results came from (docs/decisions/186-honest-words.md). */
export type ThreeSource = "answers" | "kept" | "picked";

type Props = {
  /** Ids best first as Analyze ranked them; null: every open task, ranked by its saved answers. */
  ranking: number[] | null;
  /** How today's three were just chosen; null when the results are opened from "View Priorities". */
  source: ThreeSource | null;
  onOrganize: () => void;
  onStartOver: () => void;
  /** Back to the plan step, while today is not planned (docs/product.md#plan-your-day-screen). */
  onPlan: () => void;
};

const START = msg`Start with the first one and give it your full attention.`;
/** The lead's first sentence by where the three came from; START follows it. */
const LEADS: Record<ThreeSource | "saved", MessageDescriptor> = {
  answers: msg`Based on your answers, these matter most today.`,
  kept: msg`Kept from your last plan: these are today's three.`,
  picked: msg`Picked by hand: these are today's three.`,
  saved: msg`Today's three first, then your tasks by your saved answers.`,
};

/**
 * A scoring reason's words on screen, by the reason the rule gives (shared/scoring.ts, whose
 * English is also the API's description): a reason not listed here shows as it is.
 */
const REASON_WORDS: Record<string, MessageDescriptor> = {
  Urgent: msg({ message: "Urgent", context: "a reason a task ranks high" }),
  Important: msg({ message: "Important", context: "a reason a task ranks high" }),
  "Aligned with goals": msg`Aligned with goals`,
  "Unblocks other tasks": msg`Unblocks other tasks`,
  "Small effort": msg`Small effort`,
  "Medium effort": msg`Medium effort`,
  "Large effort but important": msg`Large effort but important`,
  "Large effort": msg`Large effort`,
  "Provides relief/progress": msg`Provides relief/progress`,
  "Resources available now": msg`Resources available now`,
};

/** Why a task ranks where it does: its score and the answers that made it. */
function ScoreExplanation({ task, className }: { task: Task; className?: string }) {
  const { t, i18n } = useLingui();
  const { score, reasons } = scoreAnswers(task.answers);
  const why = new Intl.ListFormat(i18n.locale, { style: "short", type: "unit" }).format(
    reasons.map((reason) => {
      const words = REASON_WORDS[reason];
      return words ? t(words) : reason;
    }),
  );
  return (
    <p className={cn("text-xs text-slate-600 dark:text-slate-400", className)}>
      <span className="font-semibold text-slate-700 dark:text-slate-300">
        <Trans>Score {score}</Trans>
      </span>
      {reasons.length > 0 ? (
        <Trans context="after a task's score">: {why}</Trans>
      ) : Object.keys(task.answers).length > 0 ? (
        <Trans>: answered no to every question</Trans>
      ) : (
        <Trans>: no answers yet</Trans>
      )}
    </p>
  );
}

/** docs/product.md#results-step: the top three (the first marked START HERE), then the remaining tasks. */
export function ResultsStep({ ranking, source, onOrganize, onStartOver, onPlan }: Props) {
  const { t } = useLingui();
  const tasks = useTasks({ refetchOnWindowFocus: true });
  const day = useDay().data;
  const navigate = useNavigate();
  // Arriving here (from the plan, the questions or View Priorities), the keyboard is on the heading,
  // whatever another step's render did with the focus meanwhile (a plan also re-renders the braindump).
  useEffect(() => {
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, []);

  if (tasks.data === undefined) {
    // Only when the list never loaded (the earlier steps read it): loading again, or failed.
    if (tasks.isFetching || tasks.isPending)
      return <Spinner className="py-24" label={t`Loading priorities...`} showLabel />;
    return (
      <Card role="alert" className="space-y-3 p-6 text-center">
        <p className="text-slate-700 dark:text-slate-300">
          <Trans>Your tasks could not be loaded.</Trans>
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => void tasks.refetch()}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="outline" onClick={onStartOver}>
            <Trans>Start Over</Trans>
          </Button>
        </div>
      </Card>
    );
  }

  const byId = new Map((tasks.data ?? []).map((task) => [task.id, task]));
  // Just analyzed: today's ranking, as the server answered it. Else the saved answers, today's three first.
  const saved = ranking ? null : rankForResults(tasks.data, day);
  const ranked = ranking ? ranking.flatMap((id) => byId.get(id) ?? []) : (saved?.ranked ?? []);
  const earlierDay = saved?.earlierDay ?? null;
  const top = ranked.slice(0, TOP_PRIORITY_COUNT);
  const remaining = ranked.slice(TOP_PRIORITY_COUNT);
  const focusWithQuery = (task: Task) => navigate(`/focus-timer?taskId=${task.id}`);
  const start = t(START);
  const lead = t(LEADS[source ?? (ranking ? "answers" : "saved")]);
  const earlierLead = () => {
    if (!earlierDay || !day) return null;
    if (earlierDay === addDays(day.date, -1)) {
      return t`These are the priorities you set yesterday. Today is not planned yet: choose today's three, or keep these.`;
    }
    const name = dayName(earlierDay, day.date);
    return t`These are the priorities you set on ${name}. Today is not planned yet: choose today's three, or keep these.`;
  };

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="space-y-6">
      <StepIntro title={t`Your Priority Tasks`} lead={earlierLead() ?? `${lead} ${start}`} />
      {earlierDay ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onPlan}>
            <Trans>Plan your day</Trans>
          </Button>
        </div>
      ) : null}

      {day && top.length > 0 ? (
        <PlanSizeLine
          three={top}
          usual={{ minutes: day.usualFocusMinutes, days: day.usualFocusDays }}
          chosenFirstId={day.yesterday?.firstTaskId ?? null}
        />
      ) : null}
      {top.length === 0 ? (
        <Card className="p-6 text-center text-slate-700 dark:text-slate-300">{t(TASKS_GONE_TEXT)}</Card>
      ) : (
        <ol className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {top.map((task, index) => {
            const first = index === 0;
            const titleId = `priority-title-${task.id}`;
            return (
              <li key={task.id}>
                <Card
                  className={cn(
                    "relative flex h-full flex-col gap-3 p-5",
                    first && "border-brand-500 ring-2 ring-brand-500 dark:border-brand-500",
                    task.isCompleted && "opacity-60",
                  )}
                >
                  <div className="flex items-center gap-2">
                    {task.isCompleted ? null : <MarkDoneButton task={task} />}
                    <span
                      className={cn(
                        "flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold",
                        first
                          ? "bg-brand-600 text-white"
                          : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
                      )}
                    >
                      <span className="sr-only">
                        <Trans context="before a top task's rank">Priority</Trans>{" "}
                      </span>
                      {index + 1}
                    </span>
                    {first ? (
                      <span className="ms-auto rounded-full bg-brand-600 px-2.5 py-1 text-xs font-bold tracking-wider text-white">
                        <Trans>START HERE</Trans>
                      </span>
                    ) : null}
                  </div>
                  <h2
                    id={titleId}
                    className={cn("text-lg font-semibold break-words", task.isCompleted && "line-through")}
                  >
                    {task.title}
                    <EstimateBadge minutes={task.estimateMinutes} />
                  </h2>
                  <ScoreExplanation task={task} />
                  <div className="mt-auto pt-2">
                    {task.isCompleted ? (
                      <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
                        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />{" "}
                        <Trans context="a task that is finished">Done</Trans>
                      </p>
                    ) : (
                      <Button
                        className="w-full"
                        variant={first ? "primary" : "outline"}
                        aria-describedby={titleId}
                        onClick={() => focusWithQuery(task)}
                      >
                        <Target aria-hidden="true" className="h-4 w-4" />
                        {first ? t`Just Do This One` : t`Focus On This`}
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ol>
      )}

      {remaining.length > 0 ? (
        <Card>
          <section aria-labelledby="remaining-heading">
            <h2
              id="remaining-heading"
              className="border-b border-slate-200 px-5 py-4 text-lg font-semibold dark:border-slate-800"
            >
              <Trans>Remaining Tasks</Trans>
            </h2>
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {remaining.map((task) => {
                const titleId = `remaining-title-${task.id}`;
                return (
                  <li key={task.id} className="flex items-center gap-2 px-3 py-2 sm:px-5">
                    {task.isCompleted ? (
                      <span aria-hidden="true" className="h-9 w-9 shrink-0" />
                    ) : (
                      <MarkDoneButton task={task} />
                    )}
                    <div className="min-w-0 flex-1">
                      <span
                        id={titleId}
                        className={cn("block break-words text-sm", task.isCompleted && "line-through opacity-60")}
                      >
                        {task.title}
                        <EstimateBadge minutes={task.estimateMinutes} />
                      </span>
                      <ScoreExplanation task={task} />
                    </div>
                    {task.isCompleted ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-describedby={titleId}
                        onClick={() => navigate("/focus-timer", { state: { taskId: task.id } })}
                      >
                        <Trans context="a button that starts the focus timer on a task">Focus</Trans>
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        </Card>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button size="lg" onClick={onOrganize}>
          <LayoutGrid aria-hidden="true" className="h-4 w-4" />
          <Trans>Organize Tasks</Trans>
        </Button>
        <Button size="lg" variant="outline" onClick={onStartOver}>
          <Trans>Start Over</Trans>
        </Button>
      </div>
    </section>
  );
}
