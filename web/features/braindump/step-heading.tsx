import type { ReactNode } from "react";

/** The id every step gives its heading, so focus can move there when the step changes. */
export const STEP_HEADING_ID = "braindump-step-heading";

/** The h1 of a braindump step; focusable by script only (it is where focus lands on a step change). */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h1 id={STEP_HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {children}
    </h1>
  );
}
