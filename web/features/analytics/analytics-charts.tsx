import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type AnalyticsPeriod, busiestHour, sumHourly } from "../../../shared/analytics";
import type { AnalyticsRecord, CategoryBreakdown } from "../../../shared/schemas/analytics";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { ColumnChart } from "./column-chart";

const COLORS = {
  created: "bg-slate-500 dark:bg-slate-400",
  completed: "bg-emerald-600 dark:bg-emerald-400",
  focus: "bg-brand-600 dark:bg-indigo-400",
  hour: "bg-sky-700 dark:bg-sky-400",
  busiest: "bg-brand-600 dark:bg-fuchsia-400",
};

const CATEGORY_ROWS: { key: keyof CategoryBreakdown; label: MessageDescriptor; color: string }[] = [
  {
    key: "urgent",
    label: msg({ message: "Urgent", context: "the board's column" }),
    color: "bg-red-600 dark:bg-red-400",
  },
  {
    key: "later",
    label: msg({ message: "Later", context: "the board's column" }),
    color: "bg-sky-700 dark:bg-sky-400",
  },
  {
    key: "delegate",
    label: msg({ message: "Delegate", context: "the board's column" }),
    color: "bg-amber-600 dark:bg-amber-400",
  },
  { key: "no_list", label: msg`"No" List`, color: "bg-slate-500 dark:bg-slate-400" },
];

// Dates are calendar dates (no instant), so they are formatted as UTC to stay on the same day; in
// the shown language (docs/decisions/395-messages-in-lingui-catalogs.md).
const asDate = (date: string) => new Date(`${date}T12:00:00Z`);

/** The names of days and hours as the shown language writes them. */
function chartFormats(i18n: I18n) {
  const { locale } = i18n;
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const dayOfMonth = new Intl.DateTimeFormat(locale, { day: "numeric", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const clock = new Intl.DateTimeFormat(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  const twoDigits = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2 });
  const hourAt = (hour: number) => clock.format(new Date(Date.UTC(2000, 0, 1, hour % 24)));
  return {
    shortDayLabel: (date: string, todayDate: string) =>
      date === todayDate
        ? i18n._(msg({ message: "Today", context: "a chart's column" }))
        : `${weekday.format(asDate(date))}\n${dayOfMonth.format(asDate(date))}`,
    longDate: (date: string) => longDate.format(asDate(date)),
    /** "09:00–10:00" */
    hourName: (hour: number) => `${hourAt(hour)}–${hourAt(hour + 1)}`,
    hourLabel: (hour: number) => twoDigits.format(hour),
  };
}

export function AnalyticsCharts({
  records,
  period,
  todayDate,
  openByList,
}: {
  records: AnalyticsRecord[];
  period: AnalyticsPeriod;
  todayDate: string;
  /** The lists as they are now, from the live tasks (Reset Stats leaves them alone). */
  openByList: CategoryBreakdown | undefined;
}) {
  const { t, i18n } = useLingui();
  const { shortDayLabel, longDate, hourName, hourLabel } = chartFormats(i18n);
  const isDay = period === "day";
  const dayColumn = (record: AnalyticsRecord, values: number[]) => ({
    label: shortDayLabel(record.date, todayDate),
    name: longDate(record.date),
    values,
  });
  const total = (pick: (record: AnalyticsRecord) => number) => records.reduce((sum, record) => sum + pick(record), 0);
  const created = total((r) => r.totalTasksCreated);
  const completed = total((r) => r.tasksCompleted);
  const minutes = total((r) => r.totalFocusMinutes);
  const sessions = total((r) => r.focusSessionsCompleted);
  const hourly = sumHourly(records);
  const busiest = busiestHour(hourly);
  const busiestName = busiest === null ? "" : hourName(busiest);
  // The lists now: from the live tasks, so a statistics reset (which empties the records) does not
  // empty them; the last record's breakdown only until the tasks are loaded.
  const breakdown = openByList ?? records.at(-1)?.categoryBreakdown ?? { urgent: 0, later: 0, delegate: 0, no_list: 0 };
  const focusMinutes = plural(minutes, { one: "# minute", other: "# minutes" });
  const focusSessions = plural(sessions, { one: "# session", other: "# sessions" });
  const open = openTasks(breakdown);

  return (
    <section aria-labelledby="analytics-charts-heading" className="space-y-4">
      <h2 id="analytics-charts-heading" className="text-lg font-semibold">
        {isDay ? t`Today in detail` : t`The last 7 days`}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t`Tasks created vs completed`}
          summary={
            isDay
              ? plural(created, {
                  one: `# task created and ${completed} completed today.`,
                  other: `# tasks created and ${completed} completed today.`,
                })
              : plural(created, {
                  one: `# task created and ${completed} completed in the last 7 days.`,
                  other: `# tasks created and ${completed} completed in the last 7 days.`,
                })
          }
        >
          <ColumnChart
            caption={
              isDay
                ? t`Tasks created and completed per day, today`
                : t`Tasks created and completed per day, in the last 7 days`
            }
            columnHeader={t({ message: "Day", context: "a chart's column header" })}
            series={[
              { name: t({ message: "Created", context: "a chart's series" }), color: COLORS.created },
              { name: t({ message: "Completed", context: "a chart's series" }), color: COLORS.completed },
            ]}
            columns={records.map((r) => dayColumn(r, [r.totalTasksCreated, r.tasksCompleted]))}
            showValues
            emptyText={t`No tasks created or completed yet.`}
          />
        </ChartCard>

        <ChartCard
          title={t`Focus minutes`}
          summary={
            isDay
              ? t`${focusMinutes} of focus in ${focusSessions} today.`
              : t`${focusMinutes} of focus in ${focusSessions} in the last 7 days.`
          }
        >
          <ColumnChart
            caption={isDay ? t`Focus minutes per day, today` : t`Focus minutes per day, in the last 7 days`}
            columnHeader={t({ message: "Day", context: "a chart's column header" })}
            series={[{ name: t`Focus minutes`, color: COLORS.focus }]}
            columns={records.map((r) => dayColumn(r, [r.totalFocusMinutes]))}
            showValues
            emptyText={t`No focus sessions completed yet.`}
          />
        </ChartCard>

        <ChartCard
          title={t`Tasks by list`}
          summary={
            open === 0
              ? t`No open tasks in your lists.`
              : plural(open, { one: "# open task across your lists.", other: "# open tasks across your lists." })
          }
        >
          <CategoryBars breakdown={breakdown} />
        </ChartCard>

        <ChartCard
          title={t`Activity by hour of day`}
          summary={
            busiest === null
              ? isDay
                ? t`No completed tasks or focus time today yet.`
                : t`No completed tasks or focus time in the last 7 days yet.`
              : isDay
                ? t`Most productive hour today: ${busiestName}. Each bar adds tasks completed and focus minutes.`
                : t`Most productive hour in the last 7 days: ${busiestName}. Each bar adds tasks completed and focus minutes.`
          }
        >
          <ColumnChart
            caption={
              isDay
                ? t`Tasks completed plus focus minutes per hour of day, today`
                : t`Tasks completed plus focus minutes per hour of day, in the last 7 days`
            }
            columnHeader={t({ message: "Hour", context: "a chart's column header" })}
            series={[{ name: t({ message: "Activity", context: "a chart's series" }), color: COLORS.hour }]}
            highlightColor={COLORS.busiest}
            columns={hourly.map((value, hour) => ({
              label: hour % 3 === 0 ? hourLabel(hour) : "",
              name: hourName(hour),
              values: [value],
              highlight: hour === busiest,
            }))}
            emptyText={t`No activity yet.`}
          />
        </ChartCard>
      </div>
    </section>
  );
}

const openTasks = (breakdown: CategoryBreakdown) =>
  breakdown.urgent + breakdown.later + breakdown.delegate + breakdown.no_list;

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 mb-2 text-sm text-slate-600 dark:text-slate-300">{summary}</p>
      {children}
    </Card>
  );
}

function CategoryBars({ breakdown }: { breakdown: CategoryBreakdown }) {
  const { t, i18n } = useLingui();
  const count = new Intl.NumberFormat(i18n.locale);
  const largest = Math.max(1, ...CATEGORY_ROWS.map((row) => breakdown[row.key]));
  return (
    <ul className="mt-4 space-y-4">
      {CATEGORY_ROWS.map((row) => (
        <li key={row.key}>
          <div className="flex items-baseline justify-between text-sm">
            <span>{t(row.label)}</span>
            <span className="font-semibold tabular-nums">{count.format(breakdown[row.key])}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-3 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
            <div
              className={cn("h-full rounded-full", row.color)}
              style={{ width: `${(breakdown[row.key] / largest) * 100}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
