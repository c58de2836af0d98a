import { useLingui } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";

/** The pencil button that opens the editor, named after the task it edits. */
export function EditTitleButton({
  title,
  className,
  onClick,
}: {
  title: string;
  className?: string;
  onClick: () => void;
}) {
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("shrink-0", className)}
      aria-label={t`Edit ${title}`}
      title={t`Edit title`}
      onClick={onClick}
    >
      <Pencil aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}
