import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { LIMITS } from "../../../shared/constants";
import { addDays } from "../../../shared/day";
import { nextDueDays } from "../../../shared/routines";
import {
  EVERY_DAYS_MAX,
  EVERY_DAYS_MIN,
  type Repeat,
  repeatSchema,
  TIMES_PER_WEEK_MAX,
  TIMES_PER_WEEK_MIN,
  WEEK_DAYS,
  type WeekDay,
} from "../../../shared/schemas/routines";
import { textOfIssue } from "../../api/field-errors";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { Field, inputClasses } from "../../ui/field";
import { shortDate } from "../../ui/routine-days";
import { keptWithin } from "../../ui/text-limit";
import { repeatWords } from "./repeat-words";
import { weekDayName, weekDaysInOrder } from "./week-days";

/** The rules, in the order the form offers them. */
const KINDS = [
  { value: "day", label: msg`Every day` },
  { value: "weekday", label: msg`Every weekday (Mon–Fri)` },
  { value: "week", label: msg`On given days of the week` },
  { value: "days", label: msg`Every N days` },
  { value: "month", label: msg`On a day of the month` },
  { value: "times", label: msg`N times a week, any days` },
] as const satisfies readonly { value: string; label: MessageDescriptor }[];
type Kind = (typeof KINDS)[number]["value"];

type Draft = { kind: Kind; days: WeekDay[]; everyDays: string; monthDay: string; times: string };

function draftOf(repeat: Repeat | undefined): Draft {
  const draft: Draft = { kind: "day", days: [], everyDays: "2", monthDay: "1", times: "3" };
  if (!repeat) return draft;
  if ("everyDays" in repeat) return { ...draft, kind: "days", everyDays: String(repeat.everyDays) };
  if ("timesPerWeek" in repeat) return { ...draft, kind: "times", times: String(repeat.timesPerWeek) };
  if (repeat.every === "week") return { ...draft, kind: "week", days: repeat.days };
  if (repeat.every === "month") return { ...draft, kind: "month", monthDay: String(repeat.day) };
  return { ...draft, kind: repeat.every };
}

function repeatOf(draft: Draft): unknown {
  switch (draft.kind) {
    case "day":
    case "weekday":
      return { every: draft.kind };
    case "week":
      // The rule keeps the schema's order, Monday first, whatever order the picker shows.
      return { every: "week", days: WEEK_DAYS.filter((day) => draft.days.includes(day)) };
    case "days":
      return { everyDays: Number(draft.everyDays) };
    case "month":
      return { every: "month", day: Number(draft.monthDay) };
    case "times":
      return { timesPerWeek: Number(draft.times) };
  }
}

type Props = {
  /** The person's day (GET /api/day): the next days are counted from it. */
  today: string;
  initial?: { title: string; repeat: Repeat };
  /** A new routine's title to start from (made from a task's row). */
  defaultTitle?: string;
  submitLabel: string;
  pending: boolean;
  /** Made or saved: the form is emptied when it makes new ones. */
  onSubmit: (value: { title: string; repeat: Repeat }, done: () => void) => void;
  onCancel?: () => void;
};

/** A routine's title and rule, with its next days as the rule says (docs/product.md#routines). */
export function RoutineForm({ today, initial, defaultTitle, submitLabel, pending, onSubmit, onCancel }: Props) {
  const { t, i18n } = useLingui();
  const [title, setTitle] = useState(initial?.title ?? defaultTitle ?? "");
  const [draft, setDraft] = useState(() => draftOf(initial?.repeat));
  const [error, setError] = useState<string | undefined>();
  const parsed = repeatSchema.safeParse(repeatOf(draft));
  const repeat = parsed.success ? parsed.data : null;
  // A new routine's days count from today (today among them); an edited rule's from tomorrow.
  const next = repeat
    ? initial
      ? nextDueDays(repeat, today, addDays(today, 1), 4)
      : nextDueDays(repeat, addDays(today, -1), today, 4)
    : [];
  const rule = repeat ? repeatWords(repeat) : null;
  const nextDates = next.map((date) => shortDate(date, i18n.locale)).join(" · ");
  const everyMin = EVERY_DAYS_MIN;
  const everyMax = EVERY_DAYS_MAX;
  const timesMin = TIMES_PER_WEEK_MIN;
  const timesMax = TIMES_PER_WEEK_MAX;
  const set = (change: Partial<Draft>) => {
    setDraft((old) => ({ ...old, ...change }));
    setError(undefined);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setError(t`A routine needs a title.`);
    if (!parsed.success) return setError(textOfIssue(parsed.error.issues[0]?.message) ?? t`Choose a rule.`);
    onSubmit({ title: trimmed, repeat: parsed.data }, () => {
      if (!initial) {
        setTitle("");
        setDraft(draftOf(undefined));
      }
    });
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field label={t`Title`}>
        {(props) => (
          <input
            dir="auto"
            {...props}
            className={inputClasses}
            value={title}
            placeholder={t`Take the medicine`}
            onChange={(event) => {
              setTitle(keptWithin(event.target.value, title, LIMITS.titleMax));
              setError(undefined);
            }}
          />
        )}
      </Field>
      <Field label={t`Repeats`}>
        {(props) => (
          <select
            {...props}
            className={inputClasses}
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as Kind })}
          >
            {KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {t(kind.label)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {draft.kind === "week" ? (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans>Days</Trans>
          </legend>
          <div className="flex flex-wrap gap-1.5">
            {weekDaysInOrder(i18n.locale).map((day) => {
              const on = draft.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  onClick={() => set({ days: on ? draft.days.filter((d) => d !== day) : [...draft.days, day] })}
                  className={cn(
                    "h-10 min-w-12 rounded-lg border px-2 text-sm font-medium",
                    on
                      ? "border-brand-600 bg-brand-600 text-white"
                      : "border-slate-300 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
                  )}
                >
                  {weekDayName(day, i18n.locale)}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {draft.kind === "days" ? (
        <NumberField
          label={t`Every how many days (${everyMin}–${everyMax})`}
          value={draft.everyDays}
          min={EVERY_DAYS_MIN}
          max={EVERY_DAYS_MAX}
          onChange={(everyDays) => set({ everyDays })}
        />
      ) : null}
      {draft.kind === "month" ? (
        <NumberField
          label={t`Day of the month (1–31)`}
          hint={t`29, 30 or 31 fall on the month's last day in shorter months.`}
          value={draft.monthDay}
          min={1}
          max={31}
          onChange={(monthDay) => set({ monthDay })}
        />
      ) : null}
      {draft.kind === "times" ? (
        <NumberField
          label={t`Times a week (${timesMin}–${timesMax})`}
          hint={t`It shows every day until it is done that many times in the week (Monday to Sunday).`}
          value={draft.times}
          min={TIMES_PER_WEEK_MIN}
          max={TIMES_PER_WEEK_MAX}
          onChange={(times) => set({ times })}
        />
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="routine-next-days">
        {rule === null
          ? (textOfIssue(parsed.error?.issues[0]?.message) ?? "")
          : repeat !== null && "timesPerWeek" in repeat
            ? t`${rule}: any days, until done.`
            : t`${rule}. Next: ${nextDates}`}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function NumberField({
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  min: number;
  max: number;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          className={inputClasses}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
