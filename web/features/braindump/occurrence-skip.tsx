import type { ReactNode } from "react";
import { useSkipToday } from "../../api/skip-today";
import { SkipTodayToggle } from "../../ui/skip-today-form";

/**
 * "Skip" on a routine's open occurrence in Current Tasks, as on the plan and the evening close
 * (docs/decisions/374-the-task-list-s-routine-row-offers-skip.md): in the row's grid, beside its
 * estimate and wrapping under it where the row is narrow, the form on a line of its own below.
 */
export default function OccurrenceSkip({
  title,
  routineId,
  estimate,
}: {
  title: string;
  routineId: number;
  estimate: ReactNode;
}) {
  const skip = useSkipToday();
  return (
    <SkipTodayToggle
      title={title}
      pending={skip.pending}
      formClassName="col-span-3 row-start-3 pb-2 pt-1"
      place={(button, form) => (
        <>
          <div className="col-start-1 row-start-2 flex flex-wrap items-center gap-x-1">
            {estimate}
            {button}
          </div>
          {form}
        </>
      )}
      onSkip={(reason, skipped) => skip.skipToday({ id: routineId, title }, reason, skipped)}
    />
  );
}
