import { Trans, useLingui } from "@lingui/react/macro";
import { Hourglass } from "lucide-react";
import { formatMinutes } from "../../../shared/estimate";
import type { AnalyticsRecord } from "../../../shared/schemas/analytics";
import { Card } from "../../ui/card";
import { dayName } from "../../ui/day-words";

/**
 * Planned vs focused time per day (docs/decisions/294-a-plan-sized-to-the-person.md): the estimates
 * of each day's three as planned beside the minutes focused, newest first, as words with bars.
 */
export function PlannedVsFocused({ records, todayDate }: { records: readonly AnalyticsRecord[]; todayDate: string }) {
  const { t } = useLingui();
  const time = (minutes: number) =>
    minutes === 0 ? t({ message: "none", context: "no time planned or focused" }) : formatMinutes(minutes);
  const days = records
    .filter((record) => (record.plannedMinutes ?? 0) > 0 || record.totalFocusMinutes > 0)
    .sort((a, b) => (a.date < b.date ? 1 : -1));
  const most = Math.max(1, ...days.flatMap((day) => [day.plannedMinutes ?? 0, day.totalFocusMinutes]));
  return (
    <Card className="space-y-3 p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Hourglass aria-hidden="true" className="h-5 w-5 text-brand-600 dark:text-indigo-300" />
        <Trans>Planned vs focused</Trans>
      </h2>
      {days.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>
            No planned or focused time in this period. Add estimates to today's three ("~45m") to see them here.
          </Trans>
        </p>
      ) : (
        <ul className="space-y-3" data-testid="planned-vs-focused">
          {days.map((day) => {
            const planned = day.plannedMinutes ?? 0;
            const dayText = dayName(day.date, todayDate);
            const plannedTime = time(planned);
            const focusedTime = time(day.totalFocusMinutes);
            return (
              <li key={day.date} className="space-y-1 text-sm">
                <p>
                  <Trans>
                    <span className="font-medium">{dayText}</span>: planned {plannedTime}, focused {focusedTime}
                  </Trans>
                </p>
                <div aria-hidden="true" className="space-y-1">
                  <div className="h-2 rounded-full bg-amber-500" style={{ width: `${(planned / most) * 100}%` }} />
                  <div
                    className="h-2 rounded-full bg-brand-600 dark:bg-indigo-400"
                    style={{ width: `${(day.totalFocusMinutes / most) * 100}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="flex gap-4 text-xs text-slate-600 dark:text-slate-400">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2 w-4 rounded-full bg-amber-500" />
          <Trans context="the chart's legend: time planned">Planned</Trans>
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2 w-4 rounded-full bg-brand-600 dark:bg-indigo-400" />
          <Trans context="the chart's legend: time focused">Focused</Trans>
        </span>
      </p>
    </Card>
  );
}
