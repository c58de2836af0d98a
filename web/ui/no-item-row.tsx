import { Ban, Check } from "lucide-react";
import { Button } from "./button";

/**
 * One earlier "No" item with its one-tap "say no again": on the plan step ("No again today") and
 * under "Earlier" on the "No" List screen ("Again today"). `saidAgain` shows that it was, in place
 * of the button.
 */
export function NoItemRow({
  id,
  title,
  detail,
  againLabel,
  pending,
  saidAgain = false,
  onAgain,
}: {
  id: number;
  title: string;
  detail: string | null;
  againLabel: string;
  pending: boolean;
  saidAgain?: boolean;
  onAgain: () => void;
}) {
  const titleId = `no-item-${id}`;
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-medium break-words">
          {title}
        </p>
        {detail ? <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">{detail}</p> : null}
      </div>
      {saidAgain ? (
        <span className="flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
          <Check aria-hidden="true" className="h-4 w-4" /> Said no again
        </span>
      ) : (
        <Button variant="outline" size="sm" aria-describedby={titleId} disabled={pending} onClick={onAgain}>
          {againLabel}
        </Button>
      )}
    </li>
  );
}
