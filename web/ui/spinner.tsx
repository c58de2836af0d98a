import { useLingui } from "@lingui/react/macro";
import { cn } from "./cn";

/** An accessible loading indicator; `label` is read by screen readers and shown when `showLabel`. */
export function Spinner({
  label,
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3", className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-500/30 border-t-brand-600"
      />
      <span className={showLabel ? "text-slate-600 dark:text-slate-300" : "sr-only"}>{label ?? t`Loading`}</span>
    </div>
  );
}
