import { useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";

type Props = Omit<ComponentProps<typeof Button>, "children" | "title" | "variant" | "size"> & { taskTitle: string };

/** The bin button of a task row, named after the task it deletes (Current Tasks, the plan's carried tasks). */
export function DeleteTaskButton({ taskTitle, className, ...props }: Props) {
  const { t } = useLingui();
  const title = taskTitle;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(
        "h-9 w-9 shrink-0 text-slate-600 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-400",
        className,
      )}
      aria-label={t`Delete ${title}`}
      title={t`Delete`}
      {...props}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}
