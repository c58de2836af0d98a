import { Trans } from "@lingui/react/macro";
import { Sunrise } from "lucide-react";
import { Button } from "../../ui/button";

/**
 * A new day began while the person was busy here, or they set the plan aside
 * (docs/decisions/188-new-day-waits.md): said in a line with the way to it, never by taking the
 * screen.
 */
export function NewDayNotice({ onPlan }: { onPlan: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-indigo-200 bg-brand-50 px-4 py-3 text-sm text-slate-800 dark:border-indigo-800 dark:bg-indigo-950/50 dark:text-slate-100"
    >
      <Sunrise aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />
      <span className="flex-1">
        <Trans>A new day has begun.</Trans>
      </span>
      <Button size="sm" onClick={onPlan}>
        <Trans>Plan your day</Trans>
      </Button>
    </div>
  );
}
