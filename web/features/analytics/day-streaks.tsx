import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CalendarCheck, Flame, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AnalyticsRecord } from "../../../shared/schemas/analytics";
import { useDay } from "../../api/day";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { dayName } from "../../ui/day-words";

/** docs/product.md#analytics-screen: the current and best streak (GET /api/day), and the way to the Done screen. */
export function StreakCards() {
  const { t } = useLingui();
  const day = useDay().data;
  if (!day) return null;
  return (
    <section aria-label={t`Streaks`} className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <StreakCard
        icon={<Flame aria-hidden="true" className="h-5 w-5 text-amber-600 dark:text-amber-400" />}
        title={t`Current streak`}
        testId="current-streak"
        days={day.streak}
        footnote={t`Days in a row with a task or a focus session finished.`}
      />
      <StreakCard
        icon={<Trophy aria-hidden="true" className="h-5 w-5 text-amber-600 dark:text-amber-400" />}
        title={t`Best streak`}
        testId="best-streak"
        days={day.bestStreak}
        footnote={t`Your longest run so far.`}
      />
      <Card className="col-span-2 flex flex-col justify-between gap-3 p-5 sm:col-span-1">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>Everything you finished, kept day by day.</Trans>
        </p>
        <Link to="/done" className={cn(buttonClasses("outline"), "self-start")}>
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          <Trans>See what you finished</Trans>
        </Link>
      </Card>
    </section>
  );
}

function StreakCard(props: { icon: ReactNode; title: string; testId: string; days: number; footnote: string }) {
  const days = props.days;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-300">
        {props.icon}
        {props.title}
      </h2>
      <p className="mt-3 text-3xl font-bold tabular-nums sm:text-4xl" data-testid={props.testId}>
        <Plural value={days} one="# day" other="# days" />
      </p>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{props.footnote}</p>
    </Card>
  );
}

/**
 * The Week view's days side by side (docs/product.md#analytics-screen): each day's done count and
 * focus minutes beside whether that day was planned, skipped or neither, from the account's first day.
 */
export function WeekDays({
  records,
  todayDate,
  firstDay,
}: {
  records: readonly AnalyticsRecord[];
  todayDate: string;
  /** The account's first day: the days before it are not listed as "Not planned". */
  firstDay: string | null;
}) {
  const days = firstDay ? records.filter((record) => record.date >= firstDay) : records;
  if (days.length === 0) return null;
  return (
    <Card className="overflow-x-auto p-5">
      <table className="w-full min-w-72 text-sm">
        <caption className="mb-2 text-start font-semibold">
          <Trans>Each day: done, focus and the plan</Trans>
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-start text-slate-600 dark:border-slate-800 dark:text-slate-300">
            <th scope="col" className="py-2 pe-3 font-medium">
              <Trans context="a table's column header">Day</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans context="a table's column header: tasks done">Done</Trans>
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              <Trans context="a table's column header: focus minutes">Focus min</Trans>
            </th>
            <th scope="col" className="py-2 ps-3 font-medium">
              <Trans context="a table's column header">Plan</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {[...days].reverse().map((record) => (
            <tr key={record.date}>
              <th scope="row" className="py-2 pe-3 text-start font-normal">
                {dayName(record.date, todayDate)}
              </th>
              <td className="px-3 py-2 text-end tabular-nums">{record.tasksCompleted}</td>
              <td className="px-3 py-2 text-end tabular-nums">{record.totalFocusMinutes}</td>
              <td className="py-2 ps-3">
                {record.planned ? (
                  <span className="font-medium text-emerald-700 dark:text-emerald-400">
                    <Trans context="a day was planned">Planned</Trans>
                  </span>
                ) : record.skipped ? (
                  <span className="text-slate-700 dark:text-slate-300">
                    <Trans context="a day's plan was skipped">Skipped</Trans>
                  </span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">
                    <Trans>Not planned</Trans>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
