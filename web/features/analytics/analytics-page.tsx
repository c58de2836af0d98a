import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Gauge, RotateCcw, Timer } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import {
  type AnalyticsPeriod,
  completedFromEarlier,
  openTasksByList,
  periodRange,
  productivityScore,
  zeroRecord,
} from "../../../shared/analytics";
import { dayOf } from "../../../shared/day";
import type { AnalyticsRecord } from "../../../shared/schemas/analytics";
import { useAccountInfo } from "../../api/account";
import {
  forgetAnalyticsReset,
  invalidateAnalyticsRanges,
  readAnalyticsReset,
  useAnalyticsRange,
  useAnalyticsTimeZone,
  useAnalyticsToday,
  useResetAnalytics,
  useToday,
} from "../../api/analytics";
import { useCurrentUser } from "../../api/auth";
import { useTasks } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { Spinner } from "../../ui/spinner";
import { statsResetLossText } from "../../ui/stats-reset-loss-text";
import { StreakCards, WeekDays } from "./day-streaks";
import { PlannedVsFocused } from "./planned-vs-focused";

// The charts are a separate chunk: the cards show first, the charts follow.
const AnalyticsCharts = lazy(() => import("./analytics-charts").then((m) => ({ default: m.AnalyticsCharts })));
// Each routine's streak and last 30 days (docs/product.md#routines): its own chunk too.
const RoutineStreaks = lazy(() => import("./routine-streaks").then((m) => ({ default: m.RoutineStreaks })));

const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
];

const COUNTERS = [
  "totalTasksCreated",
  "tasksCompleted",
  "priorityTasksCompleted",
  "focusSessionsCompleted",
  "totalFocusMinutes",
] as const;

const sameCounters = (a: AnalyticsRecord, b: AnalyticsRecord) => COUNTERS.every((key) => a[key] === b[key]);

export function AnalyticsPage() {
  const queryClient = useQueryClient();
  const timeZone = useAnalyticsTimeZone();
  const todayDate = useToday();
  const firstDay = useFirstDay();
  const [period, setPeriod] = useState<AnalyticsPeriod>("day");
  const [confirmOpen, setConfirmOpen] = useState(false);

  // docs/product.md#browser-storage: a reset leaves a flag and a zeroed record for this screen, which consumes and removes
  // them. The record only stands in (dated today) until the server's answer arrives.
  const [resetRecord] = useState(() => {
    const stored = readAnalyticsReset();
    return stored?.date === todayDate ? stored : undefined;
  });
  useEffect(() => {
    forgetAnalyticsReset();
  }, []);

  const todayQuery = useAnalyticsToday(todayDate, resetRecord);
  const { startDate, endDate } = periodRange(period, todayDate);
  const rangeQuery = useAnalyticsRange(startDate, endDate);
  const reset = useResetAnalytics();

  const tasks = useTasks();
  const openByList = tasks.data ? openTasksByList(tasks.data) : undefined;
  const today = todayQuery.data ?? zeroRecord("", todayDate);
  const records = rangeQuery.data ?? [];

  // Today's record is refreshed by task and focus changes elsewhere in the app; when the cached
  // range disagrees with it about today, the range is stale too.
  const rangeToday = records.find((record) => record.date === today.date);
  const rangeIsStale = Boolean(todayQuery.data && rangeToday && !sameCounters(todayQuery.data, rangeToday));
  useEffect(() => {
    if (rangeIsStale) void invalidateAnalyticsRanges(queryClient);
  }, [rangeIsStale, queryClient]);

  const failed = todayQuery.isError || rangeQuery.isError;
  const loading = (todayQuery.isPending && !resetRecord) || rangeQuery.isPending;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Productivity Analytics</h1>
          <TimeZoneNote timeZone={timeZone} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
            <legend className="sr-only">Period</legend>
            {PERIODS.map(({ value, label }) => (
              <button
                key={value}
                type="button"
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                className={cn(
                  "h-9 rounded-md px-4 text-sm font-medium transition-colors",
                  period === value
                    ? "bg-brand-600 text-white"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
                )}
              >
                {label}
              </button>
            ))}
          </fieldset>
          <Button variant="outline" onClick={() => setConfirmOpen(true)} disabled={reset.isPending}>
            <RotateCcw aria-hidden="true" className={cn("h-4 w-4", reset.isPending && "animate-spin")} />
            <span>{reset.isPending ? "Resetting..." : "Reset Stats"}</span>
          </Button>
        </div>
      </div>

      {failed ? (
        <Card role="alert" className="p-6">
          <p className="font-medium">Your analytics could not be loaded.</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {(todayQuery.error ?? rangeQuery.error)?.message}
          </p>
          <Button
            className="mt-4"
            variant="outline"
            onClick={() => {
              void todayQuery.refetch();
              void rangeQuery.refetch();
            }}
          >
            Try again
          </Button>
        </Card>
      ) : loading ? (
        <Spinner className="py-24" label="Loading analytics" showLabel />
      ) : (
        <>
          <TodayCards today={today} routinesToday={tasks.data?.filter((task) => task.routineId !== null).length ?? 0} />
          <StreakCards />
          {period === "week" ? <WeekDays records={records} todayDate={todayDate} firstDay={firstDay} /> : null}
          <Suspense fallback={<Spinner className="py-16" label="Loading charts" showLabel />}>
            <AnalyticsCharts records={records} period={period} todayDate={todayDate} openByList={openByList} />
          </Suspense>
          <Suspense fallback={null}>
            <RoutineStreaks />
          </Suspense>
          <PlannedVsFocused records={records} todayDate={todayDate} />
        </>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Reset Stats"
        description={
          <>
            This deletes all of your analytics records, every day of them. Your tasks stay as they are.
            <span className="mt-2 block font-medium">
              {statsResetLossText(todayQuery.data ?? undefined, tasks.data?.length)}
            </span>
          </>
        }
        confirmLabel="Reset Stats"
        destructive
        onConfirm={() => {
          setConfirmOpen(false);
          reset.mutate();
        }}
      />
    </div>
  );
}

function TimeZoneNote({ timeZone }: { timeZone: string }) {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
      Days and hours follow your time zone, {timeZone.replaceAll("_", " ")}.
      {browserZone && browserZone !== timeZone ? (
        <>
          {" "}
          This device is set to {browserZone.replaceAll("_", " ")};{" "}
          <Link to="/settings" className="font-medium text-brand-700 underline dark:text-indigo-300">
            change it in Settings
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

/**
 * `routinesToday`: the routines' occurrences in the list, all of today's. Before the person has done
 * anything, a day whose count is what its start made shows no score and names the routines, not
 * "0 / 4 created" and a 0 (docs/decisions/348-a-morning-of-routines-is-not-started.md).
 */
function TodayCards({ today, routinesToday }: { today: AnalyticsRecord; routinesToday: number }) {
  const score = productivityScore(today);
  const notStarted =
    routinesToday > 0 &&
    today.tasksCompleted === 0 &&
    today.totalFocusMinutes === 0 &&
    today.focusSessionsCompleted === 0;
  const routines = Math.min(routinesToday, today.totalTasksCreated);
  return (
    <section aria-label="Today" className="grid gap-4 sm:grid-cols-3">
      <StatCard
        icon={<Gauge aria-hidden="true" className="h-5 w-5" />}
        title="Today's Productivity Score"
        value={notStarted ? "—" : String(score)}
        unit={notStarted ? "not started" : "/100"}
        footnote={
          notStarted
            ? "Nothing done yet today: the score starts with your first finished task or focus session."
            : "Half for tasks completed of those created, half for up to 2 hours of focus."
        }
      >
        <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div className="h-full rounded-full bg-brand-600 dark:bg-indigo-400" style={{ width: `${score}%` }} />
        </div>
      </StatCard>
      <StatCard
        icon={<CheckCircle2 aria-hidden="true" className="h-5 w-5" />}
        title="Tasks Completed"
        value={String(today.tasksCompleted)}
        unit={notStarted ? `/ ${today.totalTasksCreated} for today` : `/ ${today.totalTasksCreated} created`}
        footnote={
          notStarted && routines > 0
            ? `${routines} of them ${routines === 1 ? "is a routine" : "are routines"} your day began with.`
            : completedFootnote(today)
        }
      />
      <StatCard
        icon={<Timer aria-hidden="true" className="h-5 w-5" />}
        title="Focus Time Today"
        value={String(today.totalFocusMinutes)}
        unit="minutes"
        footnote={`${today.focusSessionsCompleted} focus ${today.focusSessionsCompleted === 1 ? "session" : "sessions"} completed.`}
      />
    </section>
  );
}

/**
 * Says where completions beyond today's created count come from (tasks made before today or before
 * a reset; a delete counts an open task as completed: docs/product.md#task-rules), so "1 / 0 created" reads
 * as what the person did (docs/decisions/148-analytics-figures-agree.md).
 */
function completedFootnote(today: AnalyticsRecord): string {
  const priority = today.priorityTasksCompleted;
  const priorityText = `${priority} of them ${priority === 1 ? "was a priority task" : "were priority tasks"}.`;
  const carried = today.carriedTasksCompleted ?? 0;
  const carriedText =
    carried > 0
      ? `${carried} ${carried === 1 ? "was" : "were"} carried over from an earlier day and ${carried === 1 ? "counts" : "count"} in the score. `
      : "";
  const earlier = completedFromEarlier(today);
  if (earlier === 0) return `${carriedText}${priorityText}`;
  const earlierText = `${earlier} ${earlier === 1 ? "was" : "were"} created before today's count began (deleting an open task completes it) and ${earlier === 1 ? "adds" : "add"} nothing to the score.`;
  return `${carriedText}${earlierText} ${priorityText}`;
}

function StatCard({
  icon,
  title,
  value,
  unit,
  footnote,
  children,
}: {
  icon: ReactNode;
  title: string;
  value: string;
  unit: string;
  footnote: string;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        <span className="text-brand-600 dark:text-indigo-300">{icon}</span>
        {title}
      </h2>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tabular-nums">{value}</span>
        <span className="text-base text-slate-600 dark:text-slate-300">{unit}</span>
      </p>
      {children}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{footnote}</p>
    </Card>
  );
}

/** The account's first day, as the person's day then (docs/product.md#the-day); null until known. */
function useFirstDay(): string | null {
  const createdAt = useAccountInfo().data?.createdAt;
  const { user } = useCurrentUser();
  if (!createdAt || !user) return null;
  return dayOf(new Date(createdAt), user.timeZone, user.dayStartHour);
}
