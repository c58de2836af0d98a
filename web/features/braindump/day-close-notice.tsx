import { Moon } from "lucide-react";
import { Link } from "react-router";
import type { Day } from "../../../shared/schemas/day";
import { ApiRequestError } from "../../api/client";
import { useReopenDay } from "../../api/day-close";
import { Button, buttonClasses } from "../../ui/button";
import { showError, showSuccess } from "../../ui/toast";

/**
 * On the braindump (docs/decisions/291-the-evening-close.md): from the person's close time, the way
 * to "Close your day"; once closed, that the day is closed, its line, and a way to reopen it.
 */
export default function DayCloseNotice({ day }: { day: Day }) {
  const reopen = useReopenDay();
  const box =
    "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-indigo-200 bg-brand-50 px-4 py-3 text-sm text-slate-800 dark:border-indigo-800 dark:bg-indigo-950/50 dark:text-slate-100";
  const icon = <Moon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />;
  if (day.closed) {
    return (
      <div role="status" className={box} data-testid="day-closed">
        {icon}
        <div className="min-w-0 flex-1">
          <p className="font-medium">Your day is closed.</p>
          {day.closeNote ? <p className="break-words text-slate-700 dark:text-slate-300">“{day.closeNote}”</p> : null}
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={reopen.isPending}
          onClick={() =>
            reopen.mutate(undefined, {
              onSuccess: () => showSuccess("Your day is open again", "Close it again when you're done."),
              onError: (err) =>
                showError(
                  "Could not reopen your day",
                  (err instanceof ApiRequestError && err.serverMessage) || "Please try again.",
                ),
            })
          }
        >
          Reopen the day
        </Button>
      </div>
    );
  }
  if (day.closeOfferedFrom === null || Date.now() < Date.parse(day.closeOfferedFrom)) return null;
  return (
    <div role="status" className={box} data-testid="close-offer">
      {icon}
      <span className="flex-1">The evening is here.</span>
      <Link to="/close" className={buttonClasses("primary", "sm")}>
        Close your day
      </Link>
    </div>
  );
}
