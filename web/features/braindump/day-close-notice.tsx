import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const reopen = useReopenDay();
  const box =
    "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-indigo-200 bg-brand-50 px-4 py-3 text-sm text-slate-800 dark:border-indigo-800 dark:bg-indigo-950/50 dark:text-slate-100";
  const icon = <Moon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />;
  if (day.closed) {
    return (
      <div role="status" className={box} data-testid="day-closed">
        {icon}
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            <Trans>Your day is closed.</Trans>
          </p>
          {day.closeNote ? <p className="break-words text-slate-700 dark:text-slate-300">“{day.closeNote}”</p> : null}
        </div>
        <Button
          size="sm"
          variant="outline"
          disabled={reopen.isPending}
          onClick={() =>
            reopen.mutate(undefined, {
              onSuccess: () => showSuccess(t`Your day is open again`, t`Close it again when you're done.`),
              onError: (err) =>
                showError(
                  t`Could not reopen your day`,
                  (err instanceof ApiRequestError && err.serverMessage) || t`Please try again.`,
                ),
            })
          }
        >
          <Trans>Reopen the day</Trans>
        </Button>
      </div>
    );
  }
  if (day.closeOfferedFrom === null || Date.now() < Date.parse(day.closeOfferedFrom)) return null;
  return (
    <div role="status" className={box} data-testid="close-offer">
      {icon}
      <span className="flex-1">
        <Trans>The evening is here.</Trans>
      </span>
      <Link to="/close" className={buttonClasses("primary", "sm")}>
        <Trans>Close your day</Trans>
      </Link>
    </div>
  );
}
