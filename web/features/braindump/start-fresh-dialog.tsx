import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useStartFresh } from "../../api/task-changes";
import { tasksQueryOptions } from "../../api/tasks";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { clearingLossText } from "../../ui/loss-text";
import { showError, showSuccess } from "../../ui/toast";

/** What Start Fresh does with routines (docs/decisions/283-routines-in-start-fresh-export-and-deletion.md). */
const ROUTINES_STAY = msg`Your routines stay, with their streaks: today's routine tasks go with the rest and come back on their next day.`;
const START_FRESH_TEXT = msg`This will clear all your tasks including "Remaining Tasks" and history. Are you sure you want to start fresh?`;

/**
 * The confirmation of docs/product.md#start-fresh, then one atomic call (tasks, analytics and the
 * timer). The caches are reset and the braindump page starts over; no reload is needed. Loaded
 * when the header's button is first pressed, not with the first screen.
 */
export function StartFreshDialog({
  open,
  onOpenChange,
  onStarted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The braindump page starts over (web/features/braindump/fresh-start-signal.ts). */
  onStarted: () => void;
}) {
  const { t } = useLingui();
  const startFresh = useStartFresh();
  // Read when the dialog opens (cached already on most screens), to name what will be lost.
  const tasks = useQuery({ ...tasksQueryOptions, enabled: open });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!startFresh.isPending) onOpenChange(next);
      }}
      title={t`Start Fresh`}
      description={
        <>
          {t(START_FRESH_TEXT)}
          <span className="mt-2 block font-medium">{clearingLossText(tasks.data)}</span>
          {/* docs/product.md#routines: what Start Fresh does with routines. */}
          <span className="mt-2 block">{t(ROUTINES_STAY)}</span>
        </>
      }
      confirmLabel={startFresh.isPending ? t`Starting fresh...` : t`Yes, Start Fresh`}
      destructive
      pending={startFresh.isPending}
      onConfirm={() =>
        startFresh.mutate(undefined, {
          onSuccess: () => {
            onStarted();
            onOpenChange(false);
            showSuccess(t`Fresh Start`, t`All tasks and analytics have been completely reset.`);
          },
          onError: (err) => {
            console.warn("Start Fresh failed", err);
            showError(
              t`Error resetting app`,
              t`There was a problem resetting your tasks and analytics. Please try again.`,
            );
          },
        })
      }
    />
  );
}
