import type { ReactNode } from "react";
import type { Task } from "../../../shared/schemas/tasks";
import { useSkipToday } from "../../api/skip-today";
import { SkipTodayToggle } from "../../ui/skip-today-form";

/**
 * "Skip" on a routine's open occurrence in Current Tasks, as on the plan and the evening close
 * (docs/decisions/374-the-task-list-s-routine-row-offers-skip.md): beside the row's estimate, in
 * `className`'s place, wrapping under it where the row is narrow; the form opens in `formClassName`'s.
 */
export default function OccurrenceSkip({
  task,
  beside,
  className,
  formClassName,
}: {
  task: Pick<Task, "title"> & { routineId: number };
  beside: ReactNode;
  className: string;
  formClassName: string;
}) {
  const skip = useSkipToday();
  return (
    <SkipTodayToggle
      title={task.title}
      pending={skip.pending}
      formClassName={formClassName}
      place={(button, form) => (
        <>
          <div className={className}>
            {beside}
            {button}
          </div>
          {form}
        </>
      )}
      onSkip={(reason, skipped) => skip.skipToday({ id: task.routineId, title: task.title }, reason, skipped)}
    />
  );
}
