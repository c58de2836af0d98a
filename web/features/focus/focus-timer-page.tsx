import { Trans, useLingui } from "@lingui/react/macro";
import { WifiOff } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { FOCUS_MINUTES } from "../../../shared/constants";
import type { TimerState } from "../../../shared/schemas/focus";
import { remainingMs, serverTime } from "../../../shared/timer";
import { useCurrentUser } from "../../api/auth";
import { useDay } from "../../api/day";
import { useTasks } from "../../api/tasks";
import { useTimer } from "../../api/timer";
import { useTimerAction } from "../../api/timer-actions";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { pageScroller } from "../../ui/page-scroller";
import { Spinner } from "../../ui/spinner";
import { ActivePhase } from "./active-phase";
import { BreakOverPhase } from "./break-over-phase";
import { claimEndAlert, launchConfetti, notifySessionEnded, playChime } from "./celebrate";
import { CompletePhase } from "./complete-phase";
import { endOfRun, minuteMilestone, minutesLeft, transitionAnnouncement } from "./milestones";
import { nextPriorityTask } from "./next-task";
import { NotifyButton } from "./notify-button";
import { readTimerCache, saveTimerCache } from "./offline-cache";
import { SelectionPhase } from "./selection-phase";

type Phase = "selection" | "active" | "complete";

export function phaseOf(state: TimerState, dayStartsAt?: number): Phase {
  if (state.status === "idle") return "selection";
  // A run that finished on an earlier day is not offered again: a new day starts at selection
  // (docs/decisions/188-new-day-waits.md).
  if (state.status === "finished" && dayStartsAt !== undefined && finishedBefore(state, dayStartsAt))
    return "selection";
  if (state.status === "finished") return "complete";
  return "active";
}

function finishedBefore(state: TimerState, instant: number): boolean {
  return state.finishedAt !== null && state.finishedAt < instant;
}

/** A positive whole task id from the address or the navigation state, else null. */
function taskIdFrom(value: unknown): number | null {
  const id = typeof value === "string" ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * What screen readers hear (spec: milestones, not every second): start, pause and resume, each
 * five minutes, the last minute, and the end.
 */
function useMilestones(state: TimerState | undefined, offsetMs: number): string {
  const [text, setText] = useState("");
  const previous = useRef<TimerState | undefined>(undefined);
  const lastMinute = useRef<number | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    const said = transitionAnnouncement(before, state);
    if (said) setText(said);
  }, [state]);

  const running = state?.status === "running";
  useEffect(() => {
    if (!running || !state) {
      lastMinute.current = null;
      return;
    }
    const check = () => {
      const minutes = minutesLeft(remainingMs(state, serverTime(Date.now(), offsetMs)));
      const said = minuteMilestone(lastMinute.current, minutes);
      lastMinute.current = minutes;
      if (said) setText(said);
    };
    check();
    const id = setInterval(check, 1000);
    return () => clearInterval(id);
  }, [running, state, offsetMs]);

  return text;
}

/** Celebrates a run this tab saw finishing: confetti, and for a run that ran out, a chime and a notification. */
function useEndOfRun(state: TimerState | undefined, title: string) {
  const previous = useRef<TimerState | undefined>(undefined);
  const titleRef = useRef(title);
  titleRef.current = title;
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    const end = endOfRun(before, state, titleRef.current);
    if (!end) return;
    if (end.confetti) void launchConfetti();
    if (end.alert && claimEndAlert(end.alert.runId)) {
      playChime();
      notifySessionEnded(end.alert.title, end.alert.body, end.alert.tag);
    }
  }, [state]);
}

/** docs/product.md#focus-timer-screen: selection, active and complete, following the server's timer. */
export function FocusTimerPage() {
  const { t } = useLingui();
  const timer = useTimer();
  const tasks = useTasks();
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const location = useLocation();

  // Offline with a run cached on this device: show it rather than nothing (docs/product.md#the-timer "on load").
  const cached = timer.isError && !timer.data ? readTimerCache() : null;
  const view = timer.data ?? cached ?? undefined;
  const offline = !timer.data && cached !== null;
  const state = view?.state;

  useEffect(() => {
    if (timer.data) saveTimerCache(timer.data);
  }, [timer.data]);

  const task = state?.taskId != null ? tasks.data?.find((t) => t.id === state.taskId) : undefined;
  const title = task?.title ?? state?.taskTitle ?? t`Selected task`;
  const announcement = useMilestones(state, view?.offsetMs ?? 0);
  useEndOfRun(state, title);

  const dayStartsAt = useDay().data?.startsAt;
  const startsAt = dayStartsAt ? Date.parse(dayStartsAt) : undefined;
  const phase = state ? phaseOf(state, startsAt) : null;
  // The earlier day's finished run is let go on the hub too, so a new run can start from selection.
  const { mutateAsync: timerAction } = useTimerAction();
  const staleFinish = state?.status === "finished" && startsAt !== undefined && finishedBefore(state, startsAt);
  useEffect(() => {
    if (staleFinish && !offline) void timerAction({ action: "acknowledge", body: { keepTask: false } }).catch(() => {});
  }, [staleFinish, offline, timerAction]);
  // The taskId of the address or the navigation state picks the task of the first selection
  // only; once a run has been shown, the hub decides ("Need More Time" keeps the task, "Next
  // Task" clears it), whatever the address still says.
  const ranSinceLoad = useRef(false);
  useEffect(() => {
    if (phase === "active" || phase === "complete") ranSinceLoad.current = true;
  }, [phase]);
  // A new phase is read from its top, as a new screen is (web/shell/scroll-restoration.tsx): the
  // page scrolled down to End Session would otherwise show the next phase, and the header above
  // it, cut off at the top. Before the paint, so it never shows scrolled.
  const shownPhase = useRef(phase);
  useLayoutEffect(() => {
    if (shownPhase.current !== null && phase !== null && phase !== shownPhase.current) pageScroller().scrollTo(0, 0);
    shownPhase.current = phase;
  }, [phase]);
  const addressTaskId = ranSinceLoad.current
    ? null
    : (taskIdFrom(searchParams.get("taskId")) ?? taskIdFrom((location.state as { taskId?: unknown } | null)?.taskId));
  /** Chosen by "Next Task" or a break's end: the next priority task (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md). */
  const [nextTaskId, setNextTaskId] = useState<number | null>(null);
  const chooseNextTask = () => setNextTaskId(nextPriorityTask(tasks.data ?? [], state?.taskId ?? null));
  const preferredTaskId = addressTaskId ?? nextTaskId ?? (state?.status === "idle" ? state.taskId : null);
  const defaultMinutes =
    user && user.defaultFocusMinutes >= FOCUS_MINUTES.min && user.defaultFocusMinutes <= FOCUS_MINUTES.max
      ? user.defaultFocusMinutes
      : FOCUS_MINUTES.default;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div className="space-y-1 text-center">
        <h1 className="font-bold text-2xl text-slate-900 sm:text-3xl dark:text-slate-50">
          <Trans>One-Thing Focus Timer</Trans>
        </h1>
        <p className="text-slate-600 dark:text-slate-400">
          <Trans>Select one task to focus on uninterrupted.</Trans>
        </p>
      </div>

      {offline ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-950 dark:text-amber-200"
        >
          <WifiOff aria-hidden="true" className="h-4 w-4" />
          <Trans>Offline: showing the timer saved on this device.</Trans>
        </p>
      ) : null}

      <Card className="p-5 sm:p-8" data-phase={phase ?? "loading"}>
        {timer.isLoading ? (
          <Spinner label={t`Loading your timer`} showLabel className="py-16" />
        ) : !view || !state ? (
          <div className="space-y-4 py-8 text-center">
            <p className="text-slate-700 dark:text-slate-300">
              <Trans>Your timer could not be loaded.</Trans>
            </p>
            <Button variant="outline" onClick={() => void timer.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : phase === "selection" ? (
          <SelectionPhase
            tasks={tasks.data}
            tasksLoading={tasks.isLoading}
            tasksFailed={tasks.isError}
            onRetryTasks={() => void tasks.refetch()}
            defaultMinutes={defaultMinutes}
            preferredTaskId={preferredTaskId}
            offline={offline}
          />
        ) : phase === "active" ? (
          <ActivePhase key={`${state.startedAt}`} view={view} title={title} offline={offline} />
        ) : state.kind === "break" ? (
          <BreakOverPhase offline={offline} onBackToSelection={chooseNextTask} />
        ) : (
          <CompletePhase view={view} title={title} task={task} offline={offline} onNextTask={chooseNextTask} />
        )}
      </Card>

      {phase === "selection" || phase === "active" ? <NotifyButton /> : null}

      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="focus-announcer">
        {announcement}
      </div>
    </div>
  );
}
