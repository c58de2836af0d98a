import { Trans } from "@lingui/react/macro";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { Task } from "../../shared/schemas/tasks";
import { SkipTodayToggle } from "./skip-today-form";

/**
 * Today's routines as the plan step and the evening close list them (docs/product.md#routines): a
 * done one checked, an open one after the screen's button that does it in one tap (with Undo) and,
 * its "Skip" (with a reason if the person wants).
 */
export function RoutineChecklist({
  routines,
  doneButton,
  skip,
}: {
  routines: readonly Task[];
  doneButton: (task: Task) => ReactNode;
  /** Skips the day of the task's routine (web/api/skip-today.ts). */
  skip: {
    pending: boolean;
    skipToday: (routine: { id: number; title: string }, reason: string | null, skipped: () => void) => void;
  };
}) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {routines.map((task) => (
        <li key={task.id} className="flex flex-wrap items-center gap-x-2 py-1">
          {task.isCompleted ? (
            <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center text-emerald-600 dark:text-emerald-400">
              <Check aria-hidden="true" className="h-4 w-4" strokeWidth={3} />
            </span>
          ) : (
            doneButton(task)
          )}
          <span className="min-w-0 flex-1 break-words text-sm">
            {task.title}
            {task.isCompleted ? (
              <span className="sr-only">
                <Trans context="a routine in a checklist">, done</Trans>
              </span>
            ) : null}
          </span>
          {task.isCompleted || task.routineId === null ? null : (
            <SkipTodayToggle
              title={task.title}
              pending={skip.pending}
              onSkip={(reason, skipped) =>
                skip.skipToday({ id: task.routineId as number, title: task.title }, reason, skipped)
              }
            />
          )}
        </li>
      ))}
    </ul>
  );
}
