import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, Check } from "lucide-react";
import { useEffect, useRef } from "react";
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
  const { t } = useLingui();
  const titleId = `no-item-${id}`;
  const rowRef = useRef<HTMLLIElement>(null);
  const tapped = useRef(false);
  // Said again after a tap here: the keyboard goes on to the next item still offered, or stays on this row's note.
  useEffect(() => {
    if (!saidAgain || !tapped.current) return;
    tapped.current = false;
    const row = rowRef.current;
    let next = row?.nextElementSibling;
    while (next && !next.querySelector("button")) next = next.nextElementSibling;
    (next?.querySelector<HTMLElement>("button") ?? row?.querySelector<HTMLElement>("[data-said-again]"))?.focus();
  }, [saidAgain]);
  return (
    <li ref={rowRef} className="flex flex-wrap items-start gap-3 py-3">
      <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-medium break-words">
          {title}
        </p>
        {detail ? <p className="mt-0.5 text-sm break-words text-slate-600 dark:text-slate-400">{detail}</p> : null}
      </div>
      {saidAgain ? (
        <span
          data-said-again
          tabIndex={-1}
          className="flex items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400"
        >
          <Check aria-hidden="true" className="h-4 w-4" /> <Trans>Said no again</Trans>
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t({ message: `${againLabel}: ${title}`, context: "a button's words, then the item it is for" })}
          disabled={pending}
          onClick={() => {
            tapped.current = true;
            onAgain();
          }}
        >
          {againLabel}
        </Button>
      )}
    </li>
  );
}
