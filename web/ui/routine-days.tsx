import { i18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { addDays } from "../../shared/day";
import { stripDaysOf } from "../../shared/routine-strip";
import type { Routine } from "../../shared/schemas/routines";
import { cn } from "./cn";

/*
 * A routine's last 30 days as a strip of squares (docs/product.md#routines): done, skipped,
 * paused, missed, open today, or not one of its days. Shown on the routine's card and on Analytics.
 * An undone day of "N times a week" looks like a day it was not needed: only a week that ended
 * short is missed (docs/decisions/330-a-week-ends-short-not-a-day.md).
 */

const STATE_CLASS = {
  done: "bg-emerald-600 dark:bg-emerald-400",
  // In the dark too a skipped day is a filled grey, far from an empty day's near-black square.
  skipped: "bg-slate-400 dark:bg-slate-400",
  paused: "bg-sky-500 dark:bg-sky-400",
  missed: "bg-red-600 dark:bg-red-400",
  open: "border-2 border-brand-600 dark:border-brand-500",
  undone: "bg-slate-100 dark:bg-slate-800",
} as const;

const STATE_WORD = {
  done: msg({ message: "done", context: "a routine's day" }),
  skipped: msg({ message: "skipped", context: "a routine's day" }),
  paused: msg({ message: "paused", context: "a routine's day" }),
  missed: msg({ message: "missed", context: "a routine's day" }),
  open: msg({ message: "open", context: "a routine's day" }),
  undone: msg({ message: "not done", context: "a routine's day" }),
} as const;

/** "Jun 8" (kept on one line): a date of the person's days, in the shown language unless told another. */
export function shortDate(date: string, language = i18n.locale || "en-US"): string {
  const format = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
  return format.format(new Date(`${date}T12:00:00Z`)).replace(" ", "\u00a0");
}

export function RoutineDays({ routine, today, className }: { routine: Routine; today: string; className?: string }) {
  const kept = stripDaysOf(routine.last30);
  const byDate = new Map(kept.map((day) => [day.date, day]));
  const days = Array.from({ length: 30 }, (_, index) => addDays(today, index - 29));
  const done = kept.filter((day) => day.state === "done").length;
  const { t } = useLingui();
  const title = routine.title;
  return (
    <div className={cn("space-y-1", className)}>
      {/* One row of 30 equal squares at every width, dated at both ends: wrapped, 20 and 10 read as two periods. */}
      <ol
        aria-label={t`${title}: the last 30 days, ${done} done`}
        className="grid max-w-md grid-cols-[repeat(30,minmax(0,1fr))] gap-0.5"
      >
        {days.map((date) => {
          const day = byDate.get(date);
          const when = shortDate(date);
          const state = day ? t(STATE_WORD[day.state]) : "";
          const reason = day?.reason;
          const label = !day
            ? t`${when}: not one of its days`
            : reason
              ? t`${when}: ${state} (${reason})`
              : t({ message: `${when}: ${state}`, context: "a routine's day, then what it was" });
          return (
            <li
              key={date}
              title={label}
              aria-label={label}
              className={cn(
                "aspect-square rounded-sm",
                day ? STATE_CLASS[day.state] : "bg-slate-100 dark:bg-slate-800",
              )}
            />
          );
        })}
      </ol>
      {/* Each square names its date to a screen reader; the ends are dated for the eye. */}
      <p
        aria-hidden="true"
        data-testid="routine-days-dates"
        className="flex max-w-md justify-between text-slate-600 text-xs dark:text-slate-400"
      >
        <span>{shortDate(days[0] ?? today)}</span>
        <span>
          <Trans context="a day's name, alone">Today</Trans>
        </span>
      </p>
    </div>
  );
}

/** "Streak: 4 (best 9)", in weeks for "N times a week". */
export function routineStreakLine(routine: Routine): string {
  const { current, best } = routine.streak;
  if ("timesPerWeek" in routine.repeat) {
    const bestWeeks = plural(best, { one: "# week", other: "# weeks" });
    return plural(current, { one: `Streak: # week (best ${bestWeeks})`, other: `Streak: # weeks (best ${bestWeeks})` });
  }
  const bestDays = plural(best, { one: "# day", other: "# days" });
  return plural(current, { one: `Streak: # day (best ${bestDays})`, other: `Streak: # days (best ${bestDays})` });
}

/** What the strip's squares mean, once above the strips. */
export function RoutineDaysLegend() {
  const { t } = useLingui();
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {(["done", "skipped", "paused", "missed", "open"] as const).map((state) => (
        <li key={state} className="flex items-center gap-1">
          <span className={cn("h-3 w-3 rounded-sm", STATE_CLASS[state])} />
          {state === "open"
            ? t({ message: "today", context: "the legend of a routine's open day" })
            : t(STATE_WORD[state])}
        </li>
      ))}
    </ul>
  );
}
