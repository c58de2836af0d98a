import { CheckCircle2, LayoutGrid, Target } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { TOP_PRIORITY_COUNT } from "../../../shared/constants";
import type { Task } from "../../../shared/schemas/tasks";
import { scoreAnswers } from "../../../shared/scoring";
import { useDay } from "../../api/day";
import { useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { onDay } from "../../ui/day-words";
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

const START = "Start with the first one and give it your full attention.";
const LEADS: Record<ThreeSource | "saved", string> = {
  answers: `Based on your answers, these matter most today. ${START}`,
  kept: `Kept from your last plan: these are today's three. ${START}`,
  picked: `Picked by hand: these are today's three. ${START}`,
  saved: `Today's three first, then your tasks by your saved answers. ${START}`,
};

/** Why a task ranks where it does: its score and the answers that made it. */
function ScoreExplanation({ task, className }: { task: Task; className?: string }) {
  const { score, reasons } = scoreAnswers(task.answers);
  return (
    <p className={cn("text-xs text-slate-600 dark:text-slate-400", className)}>
      <span className="font-semibold text-slate-700 dark:text-slate-300">Score {score}</span>
      {reasons.length > 0
        ? `: ${reasons.join(", ")}`
        : Object.keys(task.answers).length > 0
          ? ": answered no to every question"
          : ": no answers yet"}
    </p>
  );
}

/** docs/product.md#results-step: the top three (the first marked START HERE), then the remaining tasks. */
export function ResultsStep({ ranking, source, onOrganize, onStartOver, onPlan }: Props) {
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
      return <Spinner className="py-24" label="Loading priorities..." showLabel />;
    return (
      <Card role="alert" className="space-y-3 p-6 text-center">
        <p className="text-slate-700 dark:text-slate-300">Your tasks could not be loaded.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" onClick={() => void tasks.refetch()}>
            Try again
          </Button>
          <Button variant="outline" onClick={onStartOver}>
            Start Over
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

  return (
    <section aria-labelledby={STEP_HEADING_ID} className="space-y-6">
      <StepIntro
        title="Your Priority Tasks"
        lead={
          earlierDay && day
            ? `These are the priorities you set ${onDay(earlierDay, day.date)}. Today is not planned yet: choose today's three, or keep these.`
            : LEADS[source ?? (ranking ? "answers" : "saved")]
        }
      />
      {earlierDay ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onPlan}>Plan your day</Button>
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
        <Card className="p-6 text-center text-slate-700 dark:text-slate-300">{TASKS_GONE_TEXT}</Card>
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
                      <span className="sr-only">Priority </span>
                      {index + 1}
                    </span>
                    {first ? (
                      <span className="ms-auto rounded-full bg-brand-600 px-2.5 py-1 text-xs font-bold tracking-wider text-white">
                        START HERE
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
                        <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Done
                      </p>
                    ) : (
                      <Button
                        className="w-full"
                        variant={first ? "primary" : "outline"}
                        aria-describedby={titleId}
                        onClick={() => focusWithQuery(task)}
                      >
                        <Target aria-hidden="true" className="h-4 w-4" />
                        {first ? "Just Do This One" : "Focus On This"}
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
              Remaining Tasks
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
                        Focus
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
          Organize Tasks
        </Button>
        <Button size="lg" variant="outline" onClick={onStartOver}>
          Start Over
        </Button>
      </div>
    </section>
  );
}
