import { useLingui } from "@lingui/react/macro";
import { ESTIMATE_MAX_MINUTES, formatMinutes } from "../../../../shared/estimate";
import type { Task } from "../../../../shared/schemas/tasks";
import { ApiRequestError } from "../../../api/client";
import { useUpdateTask } from "../../../api/task-changes";
import { showError } from "../../../ui/toast";

/** The lengths offered on a task row, in minutes (any other 5–480 comes from a braindump's "~"). */
const OFFERED = [5, 10, 15, 20, 30, 45, 60, 90, 120, 150, 180, 240, 300, 360, ESTIMATE_MAX_MINUTES];

/**
 * A task's estimate set on its row (docs/decisions/290-estimates-written-at-the-end-of-a-line.md):
 * a native select, so every engine, keyboard and screen reader has it as it is.
 */
export default function EstimateSelect({ task }: { task: Pick<Task, "id" | "title" | "estimateMinutes"> }) {
  const { t, i18n } = useLingui();
  const update = useUpdateTask();
  const title = task.title;
  const value = task.estimateMinutes;
  const options = value !== null && !OFFERED.includes(value) ? [...OFFERED, value].sort((a, b) => a - b) : OFFERED;
  return (
    <select
      aria-label={t`Estimate for "${title}"`}
      data-estimate={task.id}
      className="mt-1 block rounded-md border border-slate-200 bg-white px-1.5 py-0.5 text-xs text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
      value={value ?? ""}
      disabled={update.isPending}
      onChange={(event) => {
        const estimateMinutes = event.target.value === "" ? null : Number(event.target.value);
        update.mutate(
          { id: task.id, patch: { estimateMinutes } },
          {
            onError: (err) =>
              showError(
                t`Could not set the estimate of "${title}"`,
                (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
              ),
          },
        );
      }}
    >
      <option value="">{t`No estimate`}</option>
      {options.map((minutes) => (
        <option key={minutes} value={minutes}>
          ~{formatMinutes(minutes, i18n.locale)}
        </option>
      ))}
    </select>
  );
}
