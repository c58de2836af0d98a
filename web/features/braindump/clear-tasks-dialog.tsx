import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { Task } from "../../../shared/schemas/tasks";
import { useClearTasks } from "../../api/task-changes";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { clearingLossText } from "../../ui/loss-text";
import { showError, showSuccess } from "../../ui/toast";

export const CLEAR_TASKS_TEXT = msg`Are you sure you want to clear all current tasks and reset all statistics? This will remove them from your lists and reset your analytics.`;

/**
 * The confirmation of "Clear Tasks" (docs/product.md#input-step), then one atomic call. Loaded when
 * the button is first pressed, not with the first screen, as Start Fresh's is.
 */
export function ClearTasksDialog({
  open,
  onOpenChange,
  tasks,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Every task of the list, to name what will be lost. */
  tasks: readonly Task[];
}) {
  const { t } = useLingui();
  const clearTasks = useClearTasks();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!clearTasks.isPending) onOpenChange(next);
      }}
      title={t`Clear Tasks`}
      description={
        <>
          {t(CLEAR_TASKS_TEXT)}
          <span className="mt-2 block font-medium">{clearingLossText(tasks)}</span>
        </>
      }
      confirmLabel={clearTasks.isPending ? t`Clearing...` : t`Clear Tasks`}
      destructive
      pending={clearTasks.isPending}
      onConfirm={() =>
        clearTasks.mutate(undefined, {
          onSuccess: () => {
            onOpenChange(false);
            showSuccess(t`Starting fresh!`, t`All tasks have been cleared.`);
          },
          onError: (err) => {
            console.warn("Clearing tasks failed", err);
            onOpenChange(false);
            showError(t`Error clearing tasks`, t`There was a problem clearing your tasks. Please try again.`);
          },
        })
      }
    />
  );
}
