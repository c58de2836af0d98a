import type { ReactNode } from "react";
import { type AnalyticsPeriod, busiestHour, sumHourly } from "../../../shared/analytics";
import type { AnalyticsRecord, CategoryBreakdown } from "../../../shared/schemas/analytics";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { countOf } from "../../ui/plural";
import { ColumnChart } from "./column-chart";

const COLORS = {
  created: "bg-slate-500 dark:bg-slate-400",
  completed: "bg-emerald-600 dark:bg-emerald-400",
  focus: "bg-brand-600 dark:bg-indigo-400",
  hour: "bg-sky-700 dark:bg-sky-400",
  busiest: "bg-brand-600 dark:bg-fuchsia-400",
};

const CATEGORY_ROWS: { key: keyof CategoryBreakdown; label: string; color: string }[] = [
  { key: "urgent", label: "Urgent", color: "bg-red-600 dark:bg-red-400" },
  { key: "later", label: "Later", color: "bg-sky-700 dark:bg-sky-400" },
  { key: "delegate", label: "Delegate", color: "bg-amber-600 dark:bg-amber-400" },
  { key: "no_list", label: '"No" List', color: "bg-slate-500 dark:bg-slate-400" },
];

// Dates are calendar dates (no instant), so they are formatted as UTC to stay on the same day.
const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: "short", timeZone: "UTC" });
const longDateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});
const asDate = (date: string) => new Date(`${date}T12:00:00Z`);

function shortDayLabel(date: string, todayDate: string) {
  if (date === todayDate) return "Today";
  return `${weekdayFormat.format(asDate(date))}\n${Number(date.slice(8))}`;
}

const hourName = (hour: number) => `${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;

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
  const periodName = period === "day" ? "today" : "in the last 7 days";
  const dayColumn = (record: AnalyticsRecord, values: number[]) => ({
    label: shortDayLabel(record.date, todayDate),
    name: longDateFormat.format(asDate(record.date)),
    values,
  });
  const total = (pick: (record: AnalyticsRecord) => number) => records.reduce((sum, record) => sum + pick(record), 0);
  const created = total((r) => r.totalTasksCreated);
  const completed = total((r) => r.tasksCompleted);
  const minutes = total((r) => r.totalFocusMinutes);
  const sessions = total((r) => r.focusSessionsCompleted);
  const hourly = sumHourly(records);
  const busiest = busiestHour(hourly);
  // The lists now: from the live tasks, so a statistics reset (which empties the records) does not
  // empty them; the last record's breakdown only until the tasks are loaded.
  const breakdown = openByList ?? records.at(-1)?.categoryBreakdown ?? { urgent: 0, later: 0, delegate: 0, no_list: 0 };

  return (
    <section aria-labelledby="analytics-charts-heading" className="space-y-4">
      <h2 id="analytics-charts-heading" className="text-lg font-semibold">
        {period === "day" ? "Today in detail" : "The last 7 days"}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Tasks created vs completed"
          summary={`${countOf(created, "task", "tasks")} created and ${completed} completed ${periodName}.`}
        >
          <ColumnChart
            caption={`Tasks created and completed per day, ${periodName}`}
            columnHeader="Day"
            series={[
              { name: "Created", color: COLORS.created },
              { name: "Completed", color: COLORS.completed },
            ]}
            columns={records.map((r) => dayColumn(r, [r.totalTasksCreated, r.tasksCompleted]))}
            showValues
            emptyText="No tasks created or completed yet."
          />
        </ChartCard>

        <ChartCard
          title="Focus minutes"
          summary={`${countOf(minutes, "minute", "minutes")} of focus in ${countOf(sessions, "session", "sessions")} ${periodName}.`}
        >
          <ColumnChart
            caption={`Focus minutes per day, ${periodName}`}
            columnHeader="Day"
            series={[{ name: "Focus minutes", color: COLORS.focus }]}
            columns={records.map((r) => dayColumn(r, [r.totalFocusMinutes]))}
            showValues
            emptyText="No focus sessions completed yet."
          />
        </ChartCard>

        <ChartCard title="Tasks by list" summary={categorySummary(breakdown)}>
          <CategoryBars breakdown={breakdown} />
        </ChartCard>

        <ChartCard
          title="Activity by hour of day"
          summary={
            busiest === null
              ? `No completed tasks or focus time ${periodName} yet.`
              : `Most productive hour ${periodName}: ${hourName(busiest)}. Each bar adds tasks completed and focus minutes.`
          }
        >
          <ColumnChart
            caption={`Tasks completed plus focus minutes per hour of day, ${periodName}`}
            columnHeader="Hour"
            series={[{ name: "Activity", color: COLORS.hour }]}
            highlightColor={COLORS.busiest}
            columns={hourly.map((value, hour) => ({
              label: hour % 3 === 0 ? String(hour).padStart(2, "0") : "",
              name: hourName(hour),
              values: [value],
              highlight: hour === busiest,
            }))}
            emptyText="No activity yet."
          />
        </ChartCard>
      </div>
    </section>
  );
}

function categorySummary(breakdown: CategoryBreakdown) {
  const open = breakdown.urgent + breakdown.later + breakdown.delegate + breakdown.no_list;
  if (open === 0) return "No open tasks in your lists.";
  return `${countOf(open, "open task", "open tasks")} across your lists.`;
}

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
  const largest = Math.max(1, ...CATEGORY_ROWS.map((row) => breakdown[row.key]));
  return (
    <ul className="mt-4 space-y-4">
      {CATEGORY_ROWS.map((row) => (
        <li key={row.key}>
          <div className="flex items-baseline justify-between text-sm">
            <span>{row.label}</span>
            <span className="font-semibold tabular-nums">{breakdown[row.key]}</span>
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
