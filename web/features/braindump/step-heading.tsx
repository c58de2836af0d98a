import { type ReactNode, useEffect } from "react";
import { cn } from "../../ui/cn";

/** The id every step gives its heading, so focus can move there when the step changes. */
export const STEP_HEADING_ID = "braindump-step-heading";

let focusPending = false;

/**
 * Moves focus to the current step's heading: now if it is shown, else as soon as it mounts (a
 * step whose code is still loading).
 */
export function focusStepHeading() {
  const heading = document.getElementById(STEP_HEADING_ID);
  focusPending = !heading;
  heading?.focus();
}

/** The h1 of a braindump step; focusable by script only (it is where focus lands on a step change). */
export function StepHeading({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (!focusPending) return;
    focusPending = false;
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, []);
  return (
    <h1 id={STEP_HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {children}
    </h1>
  );
}

/** A step's heading over the paragraph that says what to do on it. */
export function StepIntro({
  title,
  lead,
  leadClassName,
}: {
  title: ReactNode;
  lead: ReactNode;
  leadClassName?: string;
}) {
  return (
    <div className="space-y-2">
      <StepHeading>{title}</StepHeading>
      <p className={cn(leadClassName, "text-slate-700 dark:text-slate-300")}>{lead}</p>
    </div>
  );
}
