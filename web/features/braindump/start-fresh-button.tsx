import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/confirm-dialog";

export const START_FRESH_TEXT =
  'This will clear all your tasks including "Remaining Tasks" and history. Are you sure you want to start fresh?';

/** Header button of spec §2 "Start Fresh": a confirmation, then one atomic clear. */
export function StartFreshButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        <span>Start Fresh</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Start Fresh"
        description={START_FRESH_TEXT}
        confirmLabel="Yes, Start Fresh"
        destructive
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}
