import { Check, Flame, Pause, Pencil, Play, SkipForward, Trash2 } from "lucide-react";
import { useState } from "react";
import { describeRepeat } from "../../../shared/routines";
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
import { RoutineForm } from "./routine-form";

const KEPT = "It syncs when you're back online.";
const reasonOf = (err: Error) => (err instanceof ApiRequestError && err.serverMessage) || "Please try again.";

/** Today, in a word: what became of the routine's day. */
function todayWords(routine: Routine): { text: string; className: string } {
  if (routine.paused)
    return { text: "Paused", className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200" };
  switch (routine.today) {
    case "done":
      return {
        text: "Done today",
        className: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200",
      };
    case "skipped":
      return { text: "Skipped today", className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200" };
    case "open":
      return { text: "Due today", className: "bg-brand-50 text-brand-700 dark:bg-indigo-950/50 dark:text-brand-100" };
    default:
      return { text: "Not today", className: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300" };
  }
}

/** One routine: its rule, today, its streak and last 30 days; done, skip, pause, edit, delete. */
export function RoutineCard({ routine, today }: { routine: Routine; today: string }) {
  const patch = usePatchRoutine();
  const skip = useSkipToday();
  const remove = useDeleteRoutine();
  const { markDone, pendingId } = useMarkDone({
    onSuccess: (done) => showSuccess(`Done: "${routine.title}"`, isQueued(done) ? KEPT : routineStreakAfter(routine)),
    onError: (err) => showError(`Could not mark "${routine.title}" done`, reasonOf(err)),
  });
  const [editing, setEditing] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const chip = todayWords(routine);
  const times = "timesPerWeek" in routine.repeat ? routine.repeat.timesPerWeek : null;

  function setPaused(paused: boolean) {
    patch.mutate(
      { routine, patch: { paused } },
      {
        onSuccess: (answer) =>
          showSuccess(
            paused ? `Paused: "${routine.title}"` : `Resumed: "${routine.title}"`,
            isQueued(answer)
              ? KEPT
              : paused
                ? "No occurrence is made while it is paused; its streak waits."
                : "It comes back on its next day.",
          ),
        onError: (err) => showError(`Could not ${paused ? "pause" : "resume"} "${routine.title}"`, reasonOf(err)),
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
              {describeRepeat(routine.repeat)}
              {times !== null ? ` · ${routine.doneThisWeek} of ${times} this week` : ""}
            </p>
          </div>
          <span className={cn("shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium", chip.className)}>
            {chip.text}
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
          <Flame aria-hidden="true" className="h-4 w-4 text-amber-600 dark:text-amber-400" />
          <span data-testid="routine-streak">{routineStreakLine(routine)}</span>
        </p>
        <RoutineDays routine={routine} today={today} />
        {routine.nextDays.length > 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Next: {routine.nextDays.slice(0, 3).map(shortDate).join(" · ")}
          </p>
        ) : null}
        {editing ? (
          <RoutineForm
            today={today}
            initial={routine}
            submitLabel="Save"
            pending={patch.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(value, done) =>
              patch.mutate(
                { routine, patch: value },
                {
                  onSuccess: (answer) => {
                    done();
                    setEditing(false);
                    showSuccess(
                      `Saved: "${value.title}"`,
                      isQueued(answer) ? KEPT : "A new rule counts from tomorrow.",
                    );
                  },
                  onError: (err) => showError(`Could not save "${routine.title}"`, reasonOf(err)),
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
                Done
              </Button>
            ) : null}
            {routine.today === "open" ? (
              <Button size="sm" variant="outline" aria-expanded={skipping} onClick={() => setSkipping((old) => !old)}>
                <SkipForward aria-hidden="true" className="h-4 w-4" />
                Skip today
              </Button>
            ) : null}
            <Button size="sm" variant="outline" disabled={patch.isPending} onClick={() => setPaused(!routine.paused)}>
              {routine.paused ? (
                <Play aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pause aria-hidden="true" className="h-4 w-4" />
              )}
              {routine.paused ? "Resume" : "Pause"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
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
          title={`Delete "${routine.title}"?`}
          description="Today's open occurrence leaves your list; what you finished stays in Done. Its streak is gone."
          confirmLabel="Delete routine"
          destructive
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(routine, {
              onSuccess: (answer) => {
                setConfirmDelete(false);
                showSuccess(
                  `Deleted: "${routine.title}"`,
                  isQueued(answer) ? KEPT : "What you finished stays in Done.",
                );
              },
              onError: (err) => showError(`Could not delete "${routine.title}"`, reasonOf(err)),
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
    return `${done} of ${routine.repeat.timesPerWeek} this week.`;
  }
  const next = routine.streak.current + 1;
  return `Streak: ${next} ${next === 1 ? "day" : "days"}.`;
}
