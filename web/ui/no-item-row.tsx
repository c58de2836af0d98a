import { Ban } from "lucide-react";
import type { ReactNode } from "react";

/**
 * One earlier "No" item with what to do about it: on the plan step ("No again today") and under
 * "Earlier" on the "No" List screen ("Again today"). `titleId` names the title for the action's
 * aria-describedby.
 */
export function NoItemRow({
  titleId,
  title,
  detail,
  action,
}: {
  titleId: string;
  title: string;
  detail: string | null;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-medium break-words">
          {title}
        </p>
        {detail ? <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">{detail}</p> : null}
      </div>
      {action}
    </li>
  );
}
