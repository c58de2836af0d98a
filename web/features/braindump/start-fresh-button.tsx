import { useQuery } from "@tanstack/react-query";
import { Eraser } from "lucide-react";
import { useState } from "react";
import { tasksQueryOptions, useStartFresh } from "../../api/tasks";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { clearingLossText } from "../../ui/loss-text";
import { showError, showSuccess } from "../../ui/toast";
import { announceFreshStart } from "./fresh-start-signal";

export const START_FRESH_TEXT =
  'This will clear all your tasks including "Remaining Tasks" and history. Are you sure you want to start fresh?';

/**
 * Header button of docs/product.md#start-fresh: a confirmation, then one atomic call (tasks, analytics
 * and the timer). The caches are reset and the braindump page starts over; no reload is needed.
 */
export function StartFreshButton() {
  const [open, setOpen] = useState(false);
  const startFresh = useStartFresh();
  // Read when the dialog opens (cached already on most screens), to name what will be lost.
  const tasks = useQuery({ ...tasksQueryOptions, enabled: open });
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="px-2.5 whitespace-nowrap sm:px-3"
        title="Start Fresh"
        onClick={() => setOpen(true)}
      >
        {/* Words from 360 px (an icon alone read as "refresh", docs/decisions/080-nothing-floats-over-phones-page.md); narrower, the
            header has no room for them, and the eraser keeps its name and tooltip. */}
        <Eraser aria-hidden="true" className="h-4 w-4" />
        <span className="max-[359px]:sr-only">Start Fresh</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!startFresh.isPending) setOpen(next);
        }}
        title="Start Fresh"
        description={
          <>
            {START_FRESH_TEXT}
            <span className="mt-2 block font-medium">{clearingLossText(tasks.data)}</span>
          </>
        }
        confirmLabel={startFresh.isPending ? "Starting fresh..." : "Yes, Start Fresh"}
        destructive
        pending={startFresh.isPending}
        onConfirm={() =>
          startFresh.mutate(undefined, {
            onSuccess: () => {
              announceFreshStart();
              setOpen(false);
              showSuccess("Fresh Start", "All tasks and analytics have been completely reset.");
            },
            onError: (err) => {
              console.warn("Start Fresh failed", err);
              showError(
                "Error resetting app",
                "There was a problem resetting your tasks and analytics. Please try again.",
              );
            },
          })
        }
      />
    </>
  );
}
