import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Moon, Timer } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatMinutes } from "../../../shared/estimate";
import { DAY_CLOSE_NOTE_MAX, type DayCloseMove } from "../../../shared/schemas/day-close";
import { characterCount } from "../../../shared/text-length";
import { ApiRequestError } from "../../api/client";
import { useDay } from "../../api/day";
import { useCloseDay } from "../../api/day-close";
import { isQueued } from "../../api/send-change";
import { useTasks } from "../../api/tasks";
import { closeDayToasts } from "../../changes/close-day";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Textarea } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { keptWithin } from "../../ui/text-limit";
import { showError, showSuccess } from "../../ui/toast";
import { CloseRoutines } from "./close-routines";
import {
  type CloseGroup,
  closeGroups,
  defaultMoves,
  doneToday,
  firstTaskChoices,
  groupMoves,
  movesToSend,
  routinesToday,
  tomorrowOpen,
} from "./close-tasks";

/** The moves, each by name, in the order the close offers them. */
const MOVES: { to: DayCloseMove; label: MessageDescriptor }[] = [
  { to: "tomorrow", label: msg({ message: "Tomorrow", context: "where a task goes at the day's close" }) },
  { to: "later", label: msg({ message: "Later", context: "where a task goes at the day's close" }) },
  { to: "no", label: msg({ message: "No", context: "where a task goes at the day's close: the No list" }) },
  { to: "done", label: msg({ message: "Done", context: "where a task goes at the day's close" }) },
  { to: "delete", label: msg({ message: "Delete", context: "where a task goes at the day's close" }) },
];

/**
 * `/close`: "Close your day" (docs/decisions/291-the-evening-close.md). What was done today, where
 * each open task of today goes, one line of what is on the person's mind and, if they like,
 * tomorrow's first task; all sent as one change, which waits on the device when offline.
 */
export function CloseDayPage() {
  const day = useDay().data;
  const tasks = useTasks().data;
  if (!day || !tasks) return <Spinner className="py-24" />;
  return <CloseDayForm key={day.date} />;
}

function CloseDayForm() {
  const navigate = useNavigate();
  const day = useDay().data;
  const tasks = useTasks().data ?? [];
  const close = useCloseDay();
  const noteId = useId();
  const firstId = useId();
  const [groups] = useState(() => (day ? closeGroups(tasks, day) : []));
  const open = groups.flatMap((group) => group.tasks);
  const [moves, setMoves] = useState<Record<number, DayCloseMove>>(() => defaultMoves(open, day?.date ?? ""));
  const [note, setNote] = useState("");
  const [first, setFirst] = useState<number | null>(null);
  const { t, i18n } = useLingui();
  if (!day) return null;
  const done = doneToday(tasks, day);
  const routines = routinesToday(tasks, day);
  const firstChoices = firstTaskChoices(open, moves);
  const stillFirst = firstChoices.some((task) => task.id === first) ? first : null;
  const doneCount = done.length;
  const focused = formatMinutes(day.focusMinutes, i18n.locale);
  const charactersLeft = DAY_CLOSE_NOTE_MAX - characterCount(note);

  function submit() {
    close.mutate(
      {
        note,
        moves: movesToSend(open, moves),
        tomorrowFirst: stillFirst,
      },
      {
        onSuccess: (answer) => {
          const words = closeDayToasts.closed(isQueued(answer));
          showSuccess(words.title, words.description);
          navigate("/");
        },
        onError: (err) => {
          const words = closeDayToasts.failed(err instanceof ApiRequestError ? err.serverMessage : undefined);
          showError(words.title, words.description);
        },
      },
    );
  }

  return (
    <section aria-labelledby="close-day-heading" className="mx-auto max-w-3xl space-y-4">
      <div className="space-y-1">
        <h1 id="close-day-heading" tabIndex={-1} className="flex items-center gap-2 text-2xl font-bold">
          <Moon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-indigo-300" />
          <Trans>Close your day</Trans>
        </h1>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>See what you did, decide where the rest goes, and leave the day behind.</Trans>
        </p>
      </div>

      <Card className="space-y-3 p-4 sm:p-5">
        <h2 className="text-lg font-semibold">
          <Trans>Done today</Trans>
        </h2>
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="close-summary">
          <Timer aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300" />
          {day.focusMinutes > 0
            ? plural(doneCount, {
                one: `# task done, ${focused} focused.`,
                other: `# tasks done, ${focused} focused.`,
              })
            : plural(doneCount, {
                one: "# task done, no focus time yet.",
                other: "# tasks done, no focus time yet.",
              })}
        </p>
        {done.length > 0 ? (
          <ul className="space-y-1">
            {done.map((task) => (
              <li key={task.id} className="flex items-start gap-2 text-sm">
                <CheckCircle2
                  aria-hidden="true"
                  className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                />
                <span className="min-w-0 break-words">{task.title}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>

      {routines.length > 0 ? (
        <Card className="space-y-3 p-4 sm:p-5" data-testid="close-routines">
          <h2 className="text-lg font-semibold">
            <Trans>Today's routines</Trans>
          </h2>
          <CloseRoutines routines={routines} />
        </Card>
      ) : null}

      <Card className="space-y-3 p-4 sm:p-5">
        <h2 className="text-lg font-semibold">
          <Trans>Still open</Trans>
        </h2>
        {open.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>Nothing is left open.</Trans>
          </p>
        ) : (
          groups.map((group) => (
            <CloseGroupSection
              key={group.key}
              group={group}
              moves={moves}
              onMoveAll={(to) =>
                setMoves((old) => ({ ...old, ...Object.fromEntries(group.tasks.map((task) => [task.id, to])) }))
              }
            >
              {group.tasks.map((task) => (
                <li key={task.id} className="py-3">
                  <fieldset className="space-y-2">
                    <legend className="text-sm font-medium break-words">{task.title}</legend>
                    <div className="flex flex-wrap gap-2">
                      {MOVES.map(({ to, label }) => {
                        const chosen = moves[task.id] === to;
                        const disabled = to === "tomorrow" && !chosen && !tomorrowOpen(moves, task.id);
                        return (
                          <label
                            key={to}
                            className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${
                              chosen
                                ? "border-brand-600 bg-brand-50 font-medium text-brand-800 dark:border-indigo-400 dark:bg-indigo-950/60 dark:text-indigo-100"
                                : "border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200"
                            } ${disabled ? "opacity-60" : ""}`}
                          >
                            <input
                              type="radio"
                              className="h-4 w-4 accent-brand-600"
                              name={`close-${task.id}`}
                              value={to}
                              checked={chosen}
                              disabled={disabled}
                              onChange={() => setMoves((old) => ({ ...old, [task.id]: to }))}
                            />
                            {t(label)}
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                </li>
              ))}
            </CloseGroupSection>
          ))
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <Trans>
            Tomorrow keeps the star for the morning (three at most); Later takes it off; No puts the task on tomorrow's
            "No" List.
          </Trans>
        </p>
      </Card>

      <Card className="space-y-4 p-4 sm:p-5">
        <div className="space-y-1.5">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            <Trans context="the evening close's note">What's on your mind?</Trans>
          </label>
          <Textarea
            id={noteId}
            rows={2}
            value={note}
            aria-describedby={`${noteId}-count`}
            onChange={(event) => setNote(keptWithin(event.target.value, note, DAY_CLOSE_NOTE_MAX))}
          />
          <p id={`${noteId}-count`} className="text-xs text-slate-600 dark:text-slate-400">
            <Plural
              value={charactersLeft}
              one="Optional. # character left; you'll see it tomorrow morning."
              other="Optional. # characters left; you'll see it tomorrow morning."
            />
          </p>
        </div>
        {firstChoices.length > 0 ? (
          <div className="space-y-1.5">
            <label htmlFor={firstId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
              <Trans>Tomorrow's first task</Trans>
            </label>
            <select
              id={firstId}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              value={stillFirst ?? ""}
              onChange={(event) => setFirst(event.target.value === "" ? null : Number(event.target.value))}
            >
              <option value="">
                <Trans context="no first task for tomorrow">None</Trans>
              </option>
              {firstChoices.map((task) => (
                <option key={task.id} value={task.id}>
                  {task.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" disabled={close.isPending} onClick={submit}>
          {close.isPending ? <Trans>Closing...</Trans> : <Trans>Close the day</Trans>}
        </Button>
        <Link to="/" className={buttonClasses("outline", "lg")}>
          <Trans>Not now</Trans>
        </Link>
      </div>
    </section>
  );
}

/**
 * One group of the close's open tasks under its heading, with a way to move the whole group at
 * once (docs/decisions/333-the-close-covers-every-open-task.md); each task can still be moved apart.
 */
function CloseGroupSection({
  group,
  moves,
  onMoveAll,
  children,
}: {
  group: CloseGroup;
  moves: Record<number, DayCloseMove>;
  onMoveAll: (to: DayCloseMove) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const { t } = useLingui();
  const count = group.tasks.length;
  const groupTitle = t(group.title);
  const labelOf = (to: DayCloseMove) => {
    const label = MOVES.find((move) => move.to === to)?.label;
    return label ? t(label) : to;
  };
  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid={`close-group-${group.key}`}>
      <h3 id={headingId} className="flex items-center gap-2 pt-2 text-base font-semibold">
        {groupTitle}
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {count}
        </span>
      </h3>
      {count > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span>
            <Plural value={count} one="All #:" other="All #:" />
          </span>
          {groupMoves(group.tasks, moves).map((to) => {
            const move = labelOf(to);
            return (
              <Button
                key={to}
                size="sm"
                variant="outline"
                aria-label={plural(count, {
                  one: `${groupTitle}: move all # to ${move}`,
                  other: `${groupTitle}: move all # to ${move}`,
                })}
                aria-pressed={group.tasks.every((task) => moves[task.id] === to)}
                onClick={() => onMoveAll(to)}
              >
                {move}
              </Button>
            );
          })}
        </div>
      ) : null}
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">{children}</ul>
    </section>
  );
}
