import { Trans, useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { formatMinutes } from "../../shared/estimate";
import { cn } from "./cn";

/**
 * A task's estimate beside its title, wherever the task is shown after the braindump (the questions,
 * the results, the board): docs/decisions/347-an-estimate-shows-wherever-its-task-does.md. Nothing
 * without one.
 */
export function EstimateBadge({ minutes, className }: { minutes: number | null; className?: string }) {
  const { i18n } = useLingui();
  if (minutes === null) return null;
  return (
    <span
      data-testid="estimate"
      className={cn(
        "ms-1.5 inline-flex items-center gap-0.5 rounded-full bg-slate-100 px-1.5 align-[1px] text-xs font-medium whitespace-nowrap text-slate-700 dark:bg-slate-800 dark:text-slate-300",
        className,
      )}
    >
      <Clock aria-hidden="true" className="h-3 w-3" />
      <span className="sr-only">
        <Trans>, estimate</Trans>{" "}
      </span>
      {formatMinutes(minutes, i18n.locale)}
    </span>
  );
}
