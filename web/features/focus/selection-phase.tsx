import { Trans, useLingui } from "@lingui/react/macro";
import { Minus, Play, Plus } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { FOCUS_MINUTES } from "../../../shared/constants";
import type { Task } from "../../../shared/schemas/tasks";
import { ApiRequestError } from "../../api/client";
import { useStartFocusSession } from "../../api/timer-actions";
import { Button } from "../../ui/button";
import { inputClasses } from "../../ui/field";
import { Spinner } from "../../ui/spinner";
import { showError } from "../../ui/toast";
import { selectableTasks, startHereTask } from "./selectable-tasks";

export function clampMinutes(minutes: number): number {
  return Math.min(FOCUS_MINUTES.max, Math.max(FOCUS_MINUTES.min, minutes));
}

type Props = {
  tasks: readonly Task[] | undefined;
  tasksLoading: boolean;
  tasksFailed: boolean;
  onRetryTasks: () => void;
  defaultMinutes: number;
  /** The task to preselect: the taskId query parameter, the navigation state, or the last run's. */
  preferredTaskId: number | null;
  offline: boolean;
};

/** Phase one: pick a task and a duration, then start a session on the server's timer. */
export function SelectionPhase({
  tasks,
  tasksLoading,
  tasksFailed,
  onRetryTasks,
  defaultMinutes,
  preferredTaskId,
  offline,
}: Props) {
  const { t } = useLingui();
  const selectId = useId();
  const durationId = useId();
  const noTaskId = useId();
  const options = useMemo(() => selectableTasks(tasks ?? []), [tasks]);
  const [picked, setPicked] = useState("");
  // A task completed, deleted or moved to the "No" list on another device leaves the list: then
  // nothing is selected (the select would otherwise show another task while holding the old one).
  const selected = options.some((task) => String(task.id) === picked) ? picked : "";
  const [minutes, setMinutes] = useState(defaultMinutes);
  const [draft, setDraft] = useState(String(defaultMinutes));

  // Preselect once, when the tasks have loaded, and only a task that can be picked: the one asked
  // for, else the START HERE task (docs/product.md#selection-phase).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !tasks) return;
    preselected.current = true;
    const preferred = options.some((task) => task.id === preferredTaskId) ? preferredTaskId : startHereTask(options);
    if (preferred !== null) setPicked(String(preferred));
  }, [tasks, options, preferredTaskId]);

  const start = useStartFocusSession({
    onError: (err) => {
      const message = err instanceof ApiRequestError ? err.serverMessage : undefined;
      showError(t`Error starting focus session`, message ?? t`Failed to start focus session. Please try again.`);
    },
  });

  function setBoth(next: number) {
    setMinutes(next);
    setDraft(String(next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (start.isPending || offline) return;
    if (!selected) {
      showError(t`No task selected`, t`Please select a task to focus on.`);
      return;
    }
    // The input's own min and max apply (docs/product.md#selection-phase); typed values are not clamped otherwise.
    if (!event.currentTarget.reportValidity()) return;
    start.mutate({ taskId: Number(selected), duration: Math.round(minutes * 60) });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-6">
      <div className="space-y-2">
        <label htmlFor={selectId} className="block font-medium text-slate-800 text-sm dark:text-slate-200">
          <Trans>What will you focus on?</Trans>
        </label>
        {tasksLoading ? (
          <Spinner label={t`Loading your tasks`} showLabel className="justify-start py-2" />
        ) : (
          <select
            id={selectId}
            value={selected}
            onChange={(event) => setPicked(event.target.value)}
            disabled={options.length === 0}
            className={`${inputClasses} h-11`}
          >
            <option value="" disabled>
              <Trans>Select a task</Trans>
            </option>
            {options.map((task) => (
              <option key={task.id} value={task.id}>
                {task.isPriority ? `★ ${task.title}` : task.title}
              </option>
            ))}
          </select>
        )}
        {tasksFailed ? (
          <p className="text-red-700 text-sm dark:text-red-400">
            <Trans>
              Your tasks could not be loaded.{" "}
              <button type="button" onClick={onRetryTasks} className="font-medium underline">
                Try again
              </button>
            </Trans>
          </p>
        ) : null}
        {!tasksLoading && !tasksFailed && options.length === 0 ? (
          <p className="text-slate-600 text-sm dark:text-slate-400">
            <Trans>
              No open tasks yet.{" "}
              <Link to="/" className="font-medium text-brand-700 underline dark:text-brand-100">
                Add some on Braindump &amp; Prioritize
              </Link>
              .
            </Trans>
          </p>
        ) : null}
      </div>

      <div className="space-y-2">
        <label htmlFor={durationId} className="block font-medium text-slate-800 text-sm dark:text-slate-200">
          <Trans>Focus duration (minutes):</Trans>
        </label>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Decrease duration`}
            className="shrink-0"
            onClick={() => setBoth(clampMinutes(minutes - FOCUS_MINUTES.step))}
            disabled={minutes <= FOCUS_MINUTES.min}
          >
            <Minus aria-hidden="true" className="h-4 w-4" />
          </Button>
          <input
            id={durationId}
            type="number"
            inputMode="numeric"
            min={FOCUS_MINUTES.min}
            max={FOCUS_MINUTES.max}
            step={FOCUS_MINUTES.step}
            value={draft}
            onChange={(event) => {
              const input = event.currentTarget;
              // docs/product.md#selection-phase: an empty input resets to 25; a value that is not a number is ignored.
              if (input.validity.badInput) return;
              if (input.value.trim() === "") {
                setDraft("");
                setMinutes(FOCUS_MINUTES.default);
                return;
              }
              const value = Number(input.value);
              if (!Number.isFinite(value)) return;
              setDraft(input.value);
              setMinutes(value);
            }}
            onBlur={() => {
              if (draft === "") setDraft(String(minutes));
            }}
            className={`${inputClasses} h-10 min-w-0 flex-1 text-center text-base tabular-nums`}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={t`Increase duration`}
            className="shrink-0"
            onClick={() => setBoth(clampMinutes(minutes + FOCUS_MINUTES.step))}
            disabled={minutes >= FOCUS_MINUTES.max}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>

      <Button
        type="submit"
        size="lg"
        // aria-disabled, not disabled: assistive technology hears the button is unavailable, and a
        // press still reaches onSubmit, which says why (the "No task selected" toast of docs/product.md#selection-phase).
        className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        aria-disabled={!selected || start.isPending || offline}
        aria-describedby={selected ? undefined : noTaskId}
        aria-busy={start.isPending}
      >
        {start.isPending ? (
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        ) : (
          <Play aria-hidden="true" className="h-4 w-4" />
        )}
        <Trans>Start Focus Session</Trans>
      </Button>
      {selected ? null : (
        <p id={noTaskId} className="-mt-3 text-center text-slate-600 text-sm dark:text-slate-400">
          <Trans>No task selected</Trans>
        </p>
      )}
    </form>
  );
}
