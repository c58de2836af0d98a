import { FOCUS_SECONDS } from "../../shared/constants";
import type { TimerKind, TimerState } from "../../shared/schemas/focus";
import { endInstant, isDue } from "../../shared/timer";

/**
 * The timer's transitions as pure functions of (state, input, now): the UserHub stores what they
 * return. A refused transition carries the message the API answers with 409.
 */
export type Transition = { ok: true; state: TimerState } | { ok: false; message: string };

export const IDLE_TIMER: TimerState = {
  status: "idle",
  kind: "focus",
  taskId: null,
  taskTitle: null,
  sessionId: null,
  durationMs: 0,
  startedAt: null,
  pausedAt: null,
  pausedTotalMs: 0,
  finishedAt: null,
  finishReason: null,
  version: 0,
};

export const BREAK_MS = FOCUS_SECONDS.break * 1000;

export type StartInput = {
  kind: TimerKind;
  taskId: number | null;
  taskTitle: string | null;
  sessionId: number | null;
  durationMs: number;
};

const ok = (state: TimerState): Transition => ({ ok: true, state });
const refuse = (message: string): Transition => ({ ok: false, message });
const next = (state: TimerState, change: Partial<TimerState>): TimerState => ({
  ...state,
  ...change,
  version: state.version + 1,
});

/** Why a run cannot start now (one under way), or null. */
function busy(state: TimerState, kind: TimerKind): string | null {
  if (state.status === "running") {
    return state.kind === "break" ? "A break is already running." : "A focus session is already running.";
  }
  if (state.status === "paused") {
    return kind === "break"
      ? "A focus session is paused. End it before taking a break."
      : "A focus session is paused. Resume or end it first.";
  }
  return null;
}

export function start(state: TimerState, input: StartInput, now: number): Transition {
  const reason = busy(state, input.kind);
  if (reason) return refuse(reason);
  return ok(
    next(state, {
      status: "running",
      kind: input.kind,
      taskId: input.taskId,
      taskTitle: input.taskTitle,
      sessionId: input.sessionId,
      durationMs: input.durationMs,
      startedAt: now,
      pausedAt: null,
      pausedTotalMs: 0,
      finishedAt: null,
      finishReason: null,
    }),
  );
}

/** The 5-minute break: on the same timer, about the task of the run before it, no session. */
export function startBreak(state: TimerState, now: number): Transition {
  return start(
    state,
    { kind: "break", taskId: state.taskId, taskTitle: state.taskTitle, sessionId: null, durationMs: BREAK_MS },
    now,
  );
}

export function pause(state: TimerState, now: number): Transition {
  if (state.status === "paused") return refuse("The session is already paused.");
  if (state.status === "finished" || isDue(state, now)) return refuse("The session has already finished.");
  if (state.status !== "running") return refuse("There is no running session to pause.");
  return ok(next(state, { status: "paused", pausedAt: now }));
}

export function resume(state: TimerState, now: number): Transition {
  if (state.status === "running") return refuse("The session is already running.");
  if (state.status !== "paused" || state.pausedAt === null) return refuse("There is no paused session to resume.");
  return ok(
    next(state, {
      status: "running",
      pausedAt: null,
      pausedTotalMs: state.pausedTotalMs + Math.max(0, now - state.pausedAt),
    }),
  );
}

/** Stop early: finished at `now`, so the time actually focused is kept. A due run finishes as elapsed. */
export function end(state: TimerState, now: number): Transition {
  if (state.status === "finished") return refuse("The session has already finished.");
  if (state.status === "idle") return refuse("There is no session to end.");
  if (isDue(state, now)) return finishElapsed(state, now);
  // Ending while paused: the pause up to now does not count as focus.
  const pausedTotalMs =
    state.status === "paused" && state.pausedAt !== null
      ? state.pausedTotalMs + Math.max(0, now - state.pausedAt)
      : state.pausedTotalMs;
  return ok(next(state, { status: "finished", pausedAt: null, pausedTotalMs, finishedAt: now, finishReason: "ended" }));
}

/** The alarm's transition: a running run whose end instant has passed. */
export function finishElapsed(state: TimerState, now: number): Transition {
  const endsAt = endInstant(state);
  if (state.status !== "running" || endsAt === null) return refuse("No running session is due.");
  if (now < endsAt) return refuse("The session is not over yet.");
  return ok(next(state, { status: "finished", pausedAt: null, finishedAt: endsAt, finishReason: "elapsed" }));
}

export function reset(state: TimerState): TimerState {
  return { ...IDLE_TIMER, version: state.version + 1 };
}

/** The follow-up choice after "finished" (docs/decisions/011-session-finished-while-away.md); "Need More Time" keeps the task selected. */
export function acknowledge(state: TimerState, keepTask: boolean): Transition {
  if (state.status !== "finished") return refuse("There is no finished session to acknowledge.");
  return ok({
    ...reset(state),
    taskId: keepTask ? state.taskId : null,
    taskTitle: keepTask ? state.taskTitle : null,
  });
}
