import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Link } from "react-router";
import type { Task } from "../../../shared/schemas/tasks";
import { sayDone, sayNotDone } from "../../api/done-toasts";
import { useSkipToday } from "../../api/skip-today";
import { useMarkDone } from "../../api/tasks";
import { buttonClasses } from "../../ui/button";
import { RoutineChecklist } from "../../ui/routine-checklist";

/**
 * Today's routines on the evening close (docs/decisions/292-routines-on-the-evening-close.md):
 * which are done, which are open, an open one done in one tap (with Undo, as on the plan step).
 * An open one is offered no Tomorrow/Later/No: it is missed if not done today, and said so.
 */
export function CloseRoutines({ routines }: { routines: readonly Task[] }) {
  const queryClient = useQueryClient();
  const { markDone, pendingId } = useMarkDone({
    onSuccess: (done, task) => sayDone(queryClient, task, done),
    onError: (err, task) => sayNotDone(task, err),
  });
  const skip = useSkipToday();
  const { t } = useLingui();
  const open = routines.filter((task) => !task.isCompleted).length;
  const doneCount = routines.length - open;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="close-routines-summary">
        {open > 0
          ? plural(doneCount, {
              one: `# routine done, ${open} still open. A routine not done today is missed: it does not move to tomorrow.`,
              other: `# routines done, ${open} still open. A routine not done today is missed: it does not move to tomorrow.`,
            })
          : plural(doneCount, { one: "# routine done.", other: "# routines done." })}
      </p>
      <RoutineChecklist
        routines={routines}
        doneButton={(task) => {
          const title = task.title;
          return (
            <button
              type="button"
              aria-label={t`Mark ${title} done`}
              title={t`Mark done`}
              disabled={pendingId === task.id}
              onClick={() => markDone(task)}
              className="group inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md disabled:opacity-50"
            >
              <span className="flex h-5 w-5 items-center justify-center rounded-full border-2 border-slate-400 text-transparent group-hover:border-emerald-600 group-hover:text-emerald-600 dark:border-slate-500 dark:group-hover:border-emerald-400 dark:group-hover:text-emerald-400">
                <Check aria-hidden="true" className="h-3 w-3" strokeWidth={3} />
              </span>
            </button>
          );
        }}
        skip={skip}
      />
      <Link to="/routines" className={buttonClasses("ghost", "sm")}>
        <Trans>Your routines</Trans>
      </Link>
    </div>
  );
}
