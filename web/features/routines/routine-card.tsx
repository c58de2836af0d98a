import { type I18n, type MessageDescriptor, i18n as shownI18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Flame, Pause, Pencil, Play, SkipForward, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Routine } from "../../../shared/schemas/routines";
import { ApiRequestError } from "../../api/client";
import { useDeleteRoutine, usePatchRoutine } from "../../api/routines";
import { isQueued } from "../../api/send-change";
import { useSkipToday } from "../../api/skip-today";
import { useMarkDone } from "../../api/tasks";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cn } from "../../ui/cn";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { RoutineDays, routineStreakLine, shortDate } from "../../ui/routine-days";
import { SkipTodayForm } from "../../ui/skip-today-form";
import { showError, showSuccess } from "../../ui/toast";
import { repeatWords } from "./repeat-words";
import { RoutineForm } from "./routine-form";

const KEPT = msg`It syncs when you're back online.`;
const reasonOf = (i18n: I18n, err: Error) =>
  (err instanceof ApiRequestError && err.serverMessage) || i18n._(msg`Please try again.`);

/** Today, in a word: what became of the routine's day. */
function todayWords(routine: Routine): { text: MessageDescriptor; className: string } {
  if (routine.paused)
    return {
      text: msg({ message: "Paused", context: "a routine's state today" }),
      className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
    };
  switch (routine.today) {
    case "done":
      return {
        text: msg`Done today`,
        className: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200",
      };
    case "skipped":
      return {
        text: msg`Skipped today`,
        className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
      };
    case "open":
      return {
        text: msg`Due today`,
        className: "bg-brand-50 text-brand-700 dark:bg-indigo-950/50 dark:text-brand-100",
      };
    default:
      return {
        text: msg`Not today`,
        className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
      };
  }
}

/** One routine: its rule, today, its streak and last 30 days; done, skip, pause, edit, delete. */
export function RoutineCard({ routine, today }: { routine: Routine; today: string }) {
  const patch = usePatchRoutine();
  const skip = useSkipToday();
  const remove = useDeleteRoutine();
  const { t, i18n } = useLingui();
  const title = routine.title;
  const { markDone, pendingId } = useMarkDone({
    onSuccess: (done) => showSuccess(t`Done: "${title}"`, isQueued(done) ? t(KEPT) : routineStreakAfter(routine)),
    onError: (err) => showError(t`Could not mark "${title}" done`, reasonOf(i18n, err)),
  });
  const [editing, setEditing] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const chip = todayWords(routine);
  const times = "timesPerWeek" in routine.repeat ? routine.repeat.timesPerWeek : null;
  const doneThisWeek = routine.doneThisWeek;
  const nextDates = routine.nextDays
    .slice(0, 3)
    .map((date) => shortDate(date, i18n.locale))
    .join(" · ");

  function setPaused(paused: boolean) {
    patch.mutate(
      { routine, patch: { paused } },
      {
        onSuccess: (answer) =>
          showSuccess(
            paused ? t`Paused: "${title}"` : t`Resumed: "${title}"`,
            isQueued(answer)
              ? t(KEPT)
              : paused
                ? t`No occurrence is made while it is paused; its streak waits.`
                : t`It comes back on its next day.`,
          ),
        onError: (err) =>
          showError(paused ? t`Could not pause "${title}"` : t`Could not resume "${title}"`, reasonOf(i18n, err)),
      },
    );
  }

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={`routine-${routine.id}`} className="space-y-3" data-routine={routine.id}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h3 id={`routine-${routine.id}`} className="break-words font-semibold">
              {routine.title}
            </h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {repeatWords(routine.repeat)}
              {times !== null ? ` · ${t`${doneThisWeek} of ${times} this week`}` : ""}
            </p>
          </div>
          <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium", chip.className)}>
            {t(chip.text)}
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <Flame aria-hidden="true" className="h-4 w-4 text-amber-600 dark:text-amber-400" />
          <span data-testid="routine-streak">{routineStreakLine(routine)}</span>
        </p>
        <RoutineDays routine={routine} today={today} />
        {routine.nextDays.length > 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <Trans>Next: {nextDates}</Trans>
          </p>
        ) : null}
        {editing ? (
          <RoutineForm
            today={today}
            initial={routine}
            submitLabel={t`Save`}
            pending={patch.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(value, done) =>
              patch.mutate(
                { routine, patch: value },
                {
                  onSuccess: (answer) => {
                    done();
                    setEditing(false);
                    const saved = value.title;
                    showSuccess(t`Saved: "${saved}"`, isQueued(answer) ? t(KEPT) : t`A new rule counts from tomorrow.`);
                  },
                  onError: (err) => showError(t`Could not save "${title}"`, reasonOf(i18n, err)),
                },
              )
            }
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            {routine.today === "open" && routine.todayTaskId !== null ? (
              <Button
                size="sm"
                disabled={pendingId === routine.todayTaskId}
                onClick={() => markDone({ id: routine.todayTaskId as number, title: routine.title })}
              >
                <Check aria-hidden="true" className="h-4 w-4" />
                <Trans context="mark a routine's task done">Done</Trans>
              </Button>
            ) : null}
            {routine.today === "open" ? (
              <Button size="sm" variant="outline" aria-expanded={skipping} onClick={() => setSkipping((old) => !old)}>
                <SkipForward aria-hidden="true" className="h-4 w-4" />
                <Trans>Skip today</Trans>
              </Button>
            ) : null}
            <Button size="sm" variant="outline" disabled={patch.isPending} onClick={() => setPaused(!routine.paused)}>
              {routine.paused ? (
                <Play aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pause aria-hidden="true" className="h-4 w-4" />
              )}
              {routine.paused ? <Trans>Resume</Trans> : <Trans context="pause a routine">Pause</Trans>}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              <Trans>Edit</Trans>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              <Trans>Delete</Trans>
            </Button>
          </div>
        )}
        {skipping && !editing ? (
          <SkipTodayForm
            title={routine.title}
            pending={skip.pending}
            onSkip={(reason, skipped) =>
              skip.skipToday(routine, reason, () => {
                skipped();
                setSkipping(false);
              })
            }
          />
        ) : null}
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t`Delete "${title}"?`}
          description={t`Today's open occurrence leaves your list; what you finished stays in Done. Its streak is gone.`}
          confirmLabel={t`Delete routine`}
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(routine, {
              onSuccess: (answer) => {
                setConfirmDelete(false);
                showSuccess(t`Deleted: "${title}"`, isQueued(answer) ? t(KEPT) : t`What you finished stays in Done.`);
              },
              onError: (err) => showError(t`Could not delete "${title}"`, reasonOf(i18n, err)),
            })
          }
        />
      </article>
    </Card>
  );
}

/** The toast after a done: the streak as it will be. */
function routineStreakAfter(routine: Routine): string {
  if ("timesPerWeek" in routine.repeat) {
    const done = routine.doneThisWeek + 1;
    const times = routine.repeat.timesPerWeek;
    return shownI18n._(msg`${done} of ${times} this week.`);
  }
  const next = routine.streak.current + 1;
  return plural(next, { one: "Streak: # day.", other: "Streak: # days." });
}
