import { Eraser } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "../../ui/button";
import { announceFreshStart } from "./fresh-start-signal";

// The confirmation and its call load with the first press (the first screen carries only the button).
const StartFreshDialog = lazy(() => import("./start-fresh-dialog").then((m) => ({ default: m.StartFreshDialog })));

/** Header button of docs/product.md#start-fresh: opens its confirmation (web/features/braindump/start-fresh-dialog.tsx). */
export function StartFreshButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so it can close with its animation.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="px-2.5 whitespace-nowrap sm:px-3"
        title="Start Fresh"
        onPointerEnter={() => void import("./start-fresh-dialog")}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {/* Words from 360 px (an icon alone read as "refresh", docs/decisions/080-nothing-floats-over-phones-page.md); narrower, the
            header has no room for them, and the eraser keeps its name and tooltip. */}
        <Eraser aria-hidden="true" className="h-4 w-4" />
        <span className="max-[359px]:sr-only">Start Fresh</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <StartFreshDialog open={open} onOpenChange={setOpen} onStarted={announceFreshStart} />
        </Suspense>
      ) : null}
    </>
  );
}
