import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { addDays } from "../../../../shared/day";
import { stripDaysOf } from "../../../../shared/routine-strip";
import type { Task } from "../../../../shared/schemas/tasks";
import { useRoutines } from "../../../api/routines";
import { useSkipToday } from "../../../api/skip-today";
import { buttonClasses } from "../../../ui/button";
import { RoutineChecklist } from "../../../ui/routine-checklist";
import { MarkDoneButton } from "../mark-done-button";

/** The routines that missed the day before `today` (not done, not skipped), by title. */
export function useMissedYesterday(today: string): string[] {
  const yesterday = addDays(today, -1);
  return (useRoutines().data ?? []).flatMap((routine) =>
    stripDaysOf(routine.last30).some((day) => day.date === yesterday && day.state === "missed") ? [routine.title] : [],
  );
}

/**
 * The plan's routines (docs/product.md#routines): today's occurrences apart from the three, each
 * done in one tap (with Undo), and what was missed yesterday, said once: nothing is carried.
 */
export function PlanRoutines({ todays, missed }: { todays: readonly Task[]; missed: readonly string[] }) {
  const { i18n } = useLingui();
  const skip = useSkipToday();
  const routines = new Intl.ListFormat(i18n.locale, { style: "short", type: "unit" }).format(missed);
  return (
    <div className="space-y-2">
      {missed.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="missed-yesterday">
          <Trans>Missed yesterday: {routines}</Trans>
        </p>
      ) : null}
      {todays.length > 0 ? (
        <RoutineChecklist routines={todays} doneButton={(task) => <MarkDoneButton task={task} />} skip={skip} />
      ) : null}
      <Link to="/routines" className={buttonClasses("ghost", "sm")}>
        <Trans>Your routines</Trans>
      </Link>
    </div>
  );
}
