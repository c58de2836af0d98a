import { Trans, useLingui } from "@lingui/react/macro";
import { Eraser } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/button";
import { announceFreshStart } from "./fresh-start-signal";

// The confirmation and its call load with the first press (the first screen carries only the button).
const StartFreshDialog = lazy(() => import("./start-fresh-dialog").then((m) => ({ default: m.StartFreshDialog })));

/**
 * The button of docs/product.md#start-fresh: opens its confirmation (web/features/braindump/start-fresh-dialog.tsx).
 * From 640 px it is in the header; on a phone it is at the foot of Current Tasks, beside Clear Tasks
 * (docs/decisions/354-a-phone-s-header-keeps-four-controls.md). `place` says which.
 */
export function StartFreshButton({ place }: { place: "header" | "current-tasks" }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so it can close with its animation.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={place === "header" ? "sm" : "md"}
        className={place === "header" ? "whitespace-nowrap px-3 max-sm:hidden" : "sm:hidden"}
        title={t`Start Fresh`}
        onPointerEnter={() => void import("./start-fresh-dialog")}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {/* Words with the eraser: an icon alone read as "refresh" (docs/decisions/080-nothing-floats-over-phones-page.md). */}
        <Eraser aria-hidden="true" className="h-4 w-4" />
        <Trans>Start Fresh</Trans>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <StartFreshDialog open={open} onOpenChange={setOpen} onStarted={announceFreshStart} />
        </Suspense>
      ) : null}
    </>
  );
}
