import { Trans } from "@lingui/react/macro";
import { Repeat } from "lucide-react";
import { Link } from "react-router";
import { useDay } from "../../api/day";
import { useRoutines } from "../../api/routines";
import { buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { RoutineDays, RoutineDaysLegend, routineStreakLine } from "../../ui/routine-days";

/**
 * Each routine's streak and last 30 days on Analytics (docs/product.md#routines); nothing when the
 * person has no routine. Loaded after the cards, with the charts.
 */
export function RoutineStreaks() {
  const routines = useRoutines().data ?? [];
  const today = useDay().data?.date;
  if (routines.length === 0 || !today) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="analytics-routines-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="analytics-routines-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Repeat aria-hidden="true" className="h-5 w-5 text-brand-600 dark:text-indigo-300" />
            <Trans>Routines</Trans>
          </h2>
          <Link to="/routines" className={buttonClasses("ghost", "sm")}>
            <Trans>Edit routines</Trans>
          </Link>
        </div>
        <RoutineDaysLegend />
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {routines.map((routine) => (
            <li key={routine.id} className="space-y-1.5 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="min-w-0 break-words font-medium">{routine.title}</span>
                <span className="text-sm text-slate-700 dark:text-slate-300">{routineStreakLine(routine)}</span>
              </div>
              <RoutineDays routine={routine} today={today} />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
