import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Coffee, Pause, Play, Square } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { formatClock, progressIcon, progressPercent, remainingMs, serverTime } from "../../../shared/timer";
import { ApiRequestError } from "../../api/client";
import { queryKeys } from "../../api/query-keys";
import { type TimerAction, useTimerAction } from "../../api/timer-actions";
import type { TimerView } from "../../api/timer-cache";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { showError } from "../../ui/toast";
import { FOCUS_MESSAGES, MESSAGE_EVERY_MS, pickMessage } from "./messages";
import { ProgressRing } from "./progress-ring";
import { useNow } from "./use-now";

/** If the server's "finished" has not arrived this long after the end instant, ask for it. */
const OVERDUE_REFETCH_MS = 2_000;

const FAILURES: Partial<Record<TimerAction, MessageDescriptor>> = {
  pause: msg`Could not pause the session`,
  resume: msg`Could not resume the session`,
  end: msg`Could not end the session`,
};

const KEY_CLASSES = "rounded border border-slate-300 px-1 font-mono dark:border-slate-600";

/** Space toggles pause, except where Space already means something (typing, pressing a control). */
function spaceBelongsToTarget(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      "input, textarea, select, button, a[href], [contenteditable=''], [contenteditable='true'], [role='button'], [role='textbox'], [role='combobox'], [role='dialog']",
    ) !== null
  );
}

/** Phase two: the countdown, what it is about, a motivational line, and Pause/Resume and End. */
export function ActivePhase({ view, title, offline }: { view: TimerView; title: string; offline: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { state, offsetMs } = view;
  const running = state.status === "running";
  const isBreak = state.kind === "break";
  const now = serverTime(useNow(running), offsetMs);
  const remaining = remainingMs(state, now);
  const percent = progressPercent(state, now);
  const clock = formatClock(remaining);
  const [message, setMessage] = useState(() => pickMessage());

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setMessage((previous) => pickMessage(previous)), MESSAGE_EVERY_MS);
    return () => clearInterval(id);
  }, [running]);

  const action = useTimerAction({
    onError: (err, { action: name }) => {
      const message = err instanceof ApiRequestError ? err.serverMessage : undefined;
      const failure = FAILURES[name];
      showError(failure ? t(failure) : t`Something went wrong`, message ?? t`Please try again.`);
      // The server may know better (e.g. the run ended elsewhere): show what it holds.
      void queryClient.invalidateQueries({ queryKey: queryKeys.timer });
    },
  });
  const { mutate, isPending } = action;
  const toggle = useCallback(() => {
    if (!isPending) mutate({ action: running ? "pause" : "resume" });
  }, [isPending, mutate, running]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== " " || event.repeat || event.defaultPrevented) return;
      if (event.altKey || event.ctrlKey || event.metaKey || spaceBelongsToTarget(event.target)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  // The remaining time in the tab title, so it shows from other tabs too.
  useEffect(() => {
    const original = document.title;
    return () => {
      document.title = original;
    };
  }, []);
  useEffect(() => {
    const isBreakTitle = state.kind === "break";
    document.title = running
      ? isBreakTitle
        ? t`${clock} · Break — Onething`
        : t`${clock} · Focus — Onething`
      : isBreakTitle
        ? t`Paused ${clock} · Break — Onething`
        : t`Paused ${clock} · Focus — Onething`;
  }, [clock, running, state.kind, t]);

  // The alarm's broadcast normally lands within milliseconds of the end; if it does not, ask.
  const overdue = running && remaining <= 0;
  useEffect(() => {
    if (!overdue) return;
    const id = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.timer }), OVERDUE_REFETCH_MS);
    return () => clearTimeout(id);
  }, [overdue, queryClient]);

  return (
    <div className="space-y-6">
      <ProgressRing percent={percent} clock={clock} icon={progressIcon(percent)} paused={!running} kind={state.kind} />
      {state.status === "paused" ? (
        <p className="text-center font-medium text-amber-700 text-sm dark:text-amber-300">
          <Trans context="the focus timer's state">Paused</Trans>
        </p>
      ) : null}

      <div
        className={cn(
          "rounded-lg border p-4",
          isBreak
            ? "border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/50"
            : "border-brand-100 bg-brand-50 dark:border-slate-700 dark:bg-slate-800/60",
        )}
      >
        <p
          className={cn(
            "flex items-center gap-1.5 font-medium text-sm",
            isBreak ? "text-emerald-800 dark:text-emerald-200" : "text-brand-700 dark:text-brand-100",
          )}
        >
          {isBreak ? <Coffee aria-hidden="true" className="h-4 w-4" /> : null}
          {isBreak ? <Trans>Taking a break from:</Trans> : <Trans>Currently focused on:</Trans>}
        </p>
        {/* A toast keeps off the task and the message (docs/decisions/248-toasts-keep-to-their-screen.md). */}
        <p className="mt-1 break-words font-semibold text-lg text-slate-900 dark:text-slate-50">{title}</p>
      </div>

      <p className="text-center text-slate-700 italic dark:text-slate-300">
        {isBreak ? (
          <Trans>Relax and recharge. Your task will be here when you return.</Trans>
        ) : (
          t(FOCUS_MESSAGES[message] ?? FOCUS_MESSAGES[0])
        )}
      </p>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:w-auto sm:flex-1"
          onClick={toggle}
          disabled={isPending || offline}
          // words-ok: a key's name as ARIA defines it, not shown
          aria-keyshortcuts="Space"
        >
          {running ? <Pause aria-hidden="true" className="h-4 w-4" /> : <Play aria-hidden="true" className="h-4 w-4" />}
          {running ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
        </Button>
        <Button
          variant="destructive"
          size="lg"
          className="w-full sm:w-auto sm:flex-1"
          onClick={() => mutate({ action: "end" })}
          disabled={isPending || offline}
        >
          <Square aria-hidden="true" className="h-4 w-4" />
          <Trans>End Session</Trans>
        </Button>
      </div>
      <p className="keyboard-hint text-center text-slate-600 text-xs dark:text-slate-400">
        {running ? (
          <Trans>
            Press <kbd className={KEY_CLASSES}>Space</kbd> to pause.
          </Trans>
        ) : (
          <Trans>
            Press <kbd className={KEY_CLASSES}>Space</kbd> to resume.
          </Trans>
        )}
      </p>
    </div>
  );
}
