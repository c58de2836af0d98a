import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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

const PERIODS: { value: AnalyticsPeriod; label: MessageDescriptor }[] = [
  { value: "day", label: msg({ message: "Day", context: "the analytics' period" }) },
  { value: "week", label: msg({ message: "Week", context: "the analytics' period" }) },
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
  const { t } = useLingui();
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
          <h1 className="text-2xl font-bold">
            <Trans>Productivity Analytics</Trans>
          </h1>
          <TimeZoneNote timeZone={timeZone} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
            <legend className="sr-only">
              <Trans context="the analytics' period">Period</Trans>
            </legend>
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
                {t(label)}
              </button>
            ))}
          </fieldset>
          <Button variant="outline" onClick={() => setConfirmOpen(true)} disabled={reset.isPending}>
            <RotateCcw aria-hidden="true" className={cn("h-4 w-4", reset.isPending && "animate-spin")} />
            <span>{reset.isPending ? <Trans>Resetting...</Trans> : <Trans>Reset Stats</Trans>}</span>
          </Button>
        </div>
      </div>

      {failed ? (
        <Card role="alert" className="p-6">
          <p className="font-medium">
            <Trans>Your analytics could not be loaded.</Trans>
          </p>
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
            <Trans>Try again</Trans>
          </Button>
        </Card>
      ) : loading ? (
        <Spinner className="py-24" label={t`Loading analytics`} showLabel />
      ) : (
        <>
          <TodayCards today={today} routinesToday={tasks.data?.filter((task) => task.routineId !== null).length ?? 0} />
          <StreakCards />
          {period === "week" ? <WeekDays records={records} todayDate={todayDate} firstDay={firstDay} /> : null}
          <Suspense fallback={<Spinner className="py-16" label={t`Loading charts`} showLabel />}>
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
        title={t`Reset Stats`}
        description={
          <>
            <Trans>This deletes all of your analytics records, every day of them. Your tasks stay as they are.</Trans>
            <span className="mt-2 block font-medium">
              {statsResetLossText(todayQuery.data ?? undefined, tasks.data?.length)}
            </span>
          </>
        }
        confirmLabel={t`Reset Stats`}
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
  const zone = timeZone.replaceAll("_", " ");
  const deviceZone = browserZone?.replaceAll("_", " ");
  return (
    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
      <Trans>Days and hours follow your time zone, {zone}.</Trans>
      {browserZone && browserZone !== timeZone ? (
        <>
          {" "}
          <Trans>
            This device is set to {deviceZone};{" "}
            <Link to="/settings" className="font-medium text-brand-700 underline dark:text-indigo-300">
              change it in Settings
            </Link>
            .
          </Trans>
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
  const { t } = useLingui();
  const created = today.totalTasksCreated;
  const sessions = today.focusSessionsCompleted;
  const score = productivityScore(today);
  const notStarted =
    routinesToday > 0 &&
    today.tasksCompleted === 0 &&
    today.totalFocusMinutes === 0 &&
    today.focusSessionsCompleted === 0;
  const routines = Math.min(routinesToday, today.totalTasksCreated);
  return (
    <section
      aria-label={t({ message: "Today", context: "the analytics' cards of today" })}
      className="grid gap-4 sm:grid-cols-3"
    >
      <StatCard
        icon={<Gauge aria-hidden="true" className="h-5 w-5" />}
        title={t`Today's Productivity Score`}
        value={notStarted ? "—" : String(score)}
        unit={notStarted ? t`not started` : "/100"}
        footnote={
          notStarted
            ? t`Nothing done yet today: the score starts with your first finished task or focus session.`
            : t`Half for tasks completed of those created, half for up to 2 hours of focus.`
        }
      >
        <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div className="h-full rounded-full bg-brand-600 dark:bg-indigo-400" style={{ width: `${score}%` }} />
        </div>
      </StatCard>
      <StatCard
        icon={<CheckCircle2 aria-hidden="true" className="h-5 w-5" />}
        title={t`Tasks Completed`}
        value={String(today.tasksCompleted)}
        unit={notStarted ? t`/ ${created} for today` : t`/ ${created} created`}
        footnote={
          notStarted && routines > 0
            ? plural(routines, {
                one: "# of them is a routine your day began with.",
                other: "# of them are routines your day began with.",
              })
            : completedFootnote(today)
        }
      />
      <StatCard
        icon={<Timer aria-hidden="true" className="h-5 w-5" />}
        title={t`Focus Time Today`}
        value={String(today.totalFocusMinutes)}
        unit={t({ message: "minutes", context: "the unit of the focus time today" })}
        footnote={plural(sessions, { one: "# focus session completed.", other: "# focus sessions completed." })}
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
  const priorityText = plural(priority, {
    one: "# of them was a priority task.",
    other: "# of them were priority tasks.",
  });
  const carried = today.carriedTasksCompleted ?? 0;
  const carriedText =
    carried > 0
      ? plural(carried, {
          one: "# was carried over from an earlier day and counts in the score.",
          other: "# were carried over from an earlier day and count in the score.",
        })
      : null;
  const earlier = completedFromEarlier(today);
  const earlierText =
    earlier > 0
      ? plural(earlier, {
          one: "# was created before today's count began (deleting an open task completes it) and adds nothing to the score.",
          other:
            "# were created before today's count began (deleting an open task completes it) and add nothing to the score.",
        })
      : null;
  // Each sentence is its own message; the footnote lists those that apply.
  return [carriedText, earlierText, priorityText].filter((text) => text !== null).join(" ");
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
