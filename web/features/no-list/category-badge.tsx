import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Star } from "lucide-react";
import type { Category } from "../../../shared/constants";
import { cn } from "../../ui/cn";

const LOOK: Record<Exclude<Category, "no_list">, { label: MessageDescriptor; className: string }> = {
  urgent: {
    label: msg({ message: "Urgent", context: "the board's column" }),
    className: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  },
  later: {
    label: msg({ message: "Later", context: "the board's column" }),
    className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  },
  delegate: {
    label: msg({ message: "Delegate", context: "the board's column" }),
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  },
};

/** Where a task sits today, so the person sees what they are about to say no to. */
export function CategoryBadge({ category, isPriority }: { category: Category | null; isPriority: boolean }) {
  const { t } = useLingui();
  // A task with no category is shown under later (docs/product.md#task); no_list tasks are never in the builder.
  const look = LOOK[category === "urgent" || category === "delegate" ? category : "later"];
  return (
    <span className="flex shrink-0 items-center gap-1.5">
      {isPriority ? (
        <span title={t`Priority task`} className="text-amber-600 dark:text-amber-400">
          <Star aria-hidden="true" className="h-4 w-4 fill-current" />
          <span className="sr-only">{t`Priority task`}</span>
        </span>
      ) : null}
      <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", look.className)}>{t(look.label)}</span>
    </span>
  );
}
