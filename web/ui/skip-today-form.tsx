import { Trans, useLingui } from "@lingui/react/macro";
import { SkipForward } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { SKIP_REASON_MAX } from "../../shared/schemas/routines";
import { Button } from "./button";
import { inputClasses } from "./field";
import { keptWithin } from "./text-limit";

type Skip = (reason: string | null, skipped: () => void) => void;

/**
 * "Skip today" with a reason if the person wants (docs/product.md#routines): the one form the
 * Routines page, the plan's routines and the evening close show.
 */
export function SkipTodayForm({ title, pending, onSkip }: { title: string; pending: boolean; onSkip: Skip }) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      aria-label={t`Skip "${title}" today`}
      onSubmit={(event) => {
        event.preventDefault();
        onSkip(reason.trim() || null, () => setReason(""));
      }}
    >
      <label className="min-w-0 flex-1 space-y-1 text-sm">
        <span className="block font-medium text-slate-800 dark:text-slate-200">
          <Trans>Why (if you want to say)</Trans>
        </span>
        <input
          dir="auto"
          className={inputClasses}
          value={reason}
          placeholder={t`Travelling`}
          onChange={(event) => setReason(keptWithin(event.target.value, reason, SKIP_REASON_MAX))}
        />
      </label>
      <Button type="submit" size="md" disabled={pending}>
        <Trans>Skip today</Trans>
      </Button>
    </form>
  );
}

type Place = (button: ReactNode, form: ReactNode) => ReactNode;
const besideEachOther: Place = (button, form) => (
  <>
    {button}
    {form}
  </>
);

/**
 * A row's "Skip" for a routine's open occurrence: it opens the form under the row. A row that lays
 * its controls out itself says where the button and the form go (`place`, `formClassName`).
 */
export function SkipTodayToggle({
  title,
  pending,
  onSkip,
  place = besideEachOther,
  formClassName = "basis-full pb-2 ps-11",
}: {
  title: string;
  pending: boolean;
  onSkip: Skip;
  place?: Place;
  formClassName?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return place(
    <Button
      size="sm"
      variant="ghost"
      aria-expanded={open}
      aria-controls={open ? formId : undefined}
      aria-label={t`Skip "${title}" today`}
      onClick={() => setOpen((old) => !old)}
    >
      <SkipForward aria-hidden="true" className="h-4 w-4" />
      <Trans context="a routine's button">Skip</Trans>
    </Button>,
    open ? (
      <div id={formId} className={formClassName}>
        <SkipTodayForm
          title={title}
          pending={pending}
          onSkip={(reason, skipped) =>
            onSkip(reason, () => {
              skipped();
              setOpen(false);
            })
          }
        />
      </div>
    ) : null,
  );
}
