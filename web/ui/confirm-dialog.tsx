import { lazy, Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog-content";

// The dialog library loads when a confirmation first opens, not with the screen behind it.
const ConfirmDialogContent = lazy(() =>
  import("./confirm-dialog-content").then((m) => ({ default: m.ConfirmDialogContent })),
);

/** An accessible confirmation (focus trapped, Escape cancels, focus returns to the opener). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
