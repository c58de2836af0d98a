import type { TimerSnapshot, TimerState } from "../../shared/schemas/focus";
import type { ServerFrame } from "../../shared/schemas/live";
import { elapsedMs, endInstant } from "../../shared/timer";
import type { Pause } from "../analytics/focus-hours";
import { userByIdQuery } from "../auth/users";
import type { ChangeEvent } from "../changes/events";
import type { ChangeSubscriber } from "../changes/pipeline";
import { createDb } from "../db/client";
import { personDatabaseOf } from "../db/person-db";
import type { AfterAlarm, HubHost, HubNews, HubPart, ScheduleHandler } from "../hub/hub-part";
import { HUB_KEYS, SCHEDULE_KINDS } from "../hub/storage-keys";
import { wordsOfPerson } from "../language/words";
import { pushToUser } from "../push/send";
import { timerFinishedMessage } from "../push/timer-notice";
import { closeFocusSession, completeFocusSession } from "./sessions";
import * as machine from "./timer-machine";

/** A refused transition crosses RPC as data (custom error classes do not), and the route answers 409. */
export type HubResult = { ok: true; snapshot: TimerSnapshot } | { ok: false; message: string };

/**
 * Whose timer this is: the alarm needs the user, their time zone and day start hour (absent from
 * owners stored before days had one: 04:00) to write to D1 with nobody asking.
 */
/** `home`: the person database of the owner's rows (docs/decisions/274-the-hub-learns-the-home.md); none: 0. */
export type TimerOwner = { userId: string; timeZone: string; dayStartHour?: number; home?: number };

export type StartFocusInput = TimerOwner & {
  taskId: number;
  taskTitle: string;
  sessionId: number;
  durationMs: number;
};

const MAX_PAUSES = 200;
/** How long after a failed completion (D1 unreachable) the alarm tries again. */
export const ALARM_RETRY_MS = 30_000;

/**
 * The focus timer, a part of the person's hub (worker/hub-host/user-hub.ts): its state lives in the
 * hub's storage, so it survives eviction and restarts, and remaining time is always derived from the
 * stored instants. The transitions themselves are the pure functions of ./timer-machine.ts; this
 * part stores them, completes a focus run's session in D1, and tells every socket.
 *
 * Its row of the hub's one schedule (kind focus-end) is the running timer's end instant: the run is
 * completed there even when no tab is open (docs/decisions/258-one-schedule-in-the-hub.md).
 */
export class FocusTimer implements HubPart<ChangeEvent> {
  /**
   * `subscribers`: what the app adds to a change (worker/change-subscribers.ts), given by the host,
   * so a run's completion goes through the change pipeline like any change; without, the daily
   * records alone follow it.
   */
  constructor(
    private readonly host: HubHost,
    private readonly subscribers?: readonly ChangeSubscriber[],
  ) {}

  snapshot(): TimerSnapshot {
    return { state: this.load(), serverNow: Date.now() };
  }

  frame(): ServerFrame {
    return { type: "timer", ...this.snapshot() };
  }

  async start(input: StartFocusInput): Promise<HubResult> {
    const { userId, timeZone, dayStartHour, home, ...run } = input;
    const result = machine.start(this.load(), { kind: "focus", ...run }, Date.now());
    if (result.ok) {
      this.host.kv.put(HUB_KEYS.timerOwner, { userId, timeZone, dayStartHour, home } satisfies TimerOwner);
      this.host.kv.delete(HUB_KEYS.pauses);
    }
    return this.commit(result);
  }

  async startBreak(owner: TimerOwner): Promise<HubResult> {
    const result = machine.startBreak(this.load(), Date.now());
    if (result.ok) this.host.kv.put(HUB_KEYS.timerOwner, owner);
    return this.commit(result);
  }

  async pause(): Promise<HubResult> {
    return this.commit(machine.pause(this.load(), Date.now()));
  }

  async resume(): Promise<HubResult> {
    const before = this.load();
    const now = Date.now();
    const result = machine.resume(before, now);
    if (result.ok && before.pausedAt !== null) {
      // The newest ones only: a bounded value, whatever the clicking; older pauses then count as focus.
      this.host.kv.put(HUB_KEYS.pauses, [...this.pauses(), { from: before.pausedAt, to: now }].slice(-MAX_PAUSES));
    }
    return this.commit(result);
  }

  /** Stop early: the session is completed in D1 with the minutes actually focused. */
  async end(): Promise<HubResult> {
    const before = this.load();
    const now = Date.now();
    const result = machine.end(before, now);
    if (!result.ok) return result;
    const { state } = result;
    const completedAt = new Date(state.finishedAt ?? now);
    await this.recordCompletion(before, elapsedMs(state, now), completedAt);
    return this.commit(result);
  }

  /**
   * Back to idle, no alarm, and no one remembered as owner. A focus run under way is discarded: its
   * session is closed with nothing counted, so no later PATCH .../complete can credit it
   * (docs/decisions/060-reset-focus-run-closed-deleted.md).
   */
  async reset(): Promise<HubResult> {
    await this.closeRunSession(this.load());
    this.host.kv.delete(HUB_KEYS.timerOwner);
    return this.commit({ ok: true, state: machine.reset(this.load()) });
  }

  async acknowledge(keepTask: boolean): Promise<HubResult> {
    return this.commit(machine.acknowledge(this.load(), keepTask));
  }

  /**
   * PATCH /api/focus-sessions/{id}/complete for the session this timer is running: it ends like
   * "End Session". Answers false when the session is not the one under way here.
   */
  async endSession(sessionId: number): Promise<boolean> {
    const state = this.load();
    if (state.sessionId !== sessionId || (state.status !== "running" && state.status !== "paused")) return false;
    await this.end();
    return true;
  }

  /** Tasks gone from every list (deleted, cleared, a day's start closing yesterday's occurrences) or all of them. */
  readonly follows = ["tasks-removed", "everything-cleared"] as const;

  /**
   * A change of tasks, stored already: Start Fresh sends the timer back to idle whatever it is
   * about, Clear Tasks lets go of any task, and a timer about a removed task lets go of it
   * (docs/decisions/296-a-missed-occurrence-lets-go-of-the-timer.md for a day's start).
   */
  async followChange({ events }: HubNews<ChangeEvent>): Promise<void> {
    const cleared = events.filter((event) => event.type === "everything-cleared");
    if (cleared.some((event) => event.startFresh)) {
      await this.reset();
      return;
    }
    if (cleared.length > 0) return this.releaseAllTasks();
    const removed = events.flatMap((event) => (event.type === "tasks-removed" ? event.taskIds : []));
    if (removed.length > 0) await this.releaseTasksAmong(removed);
  }

  // ---- its row of the hub's schedule ----------------------------------------------------------

  /** Its one kind of row: the running timer's end (due also when the stored run's end has come). */
  readonly jobs: Readonly<Record<string, ScheduleHandler>> = {
    [SCHEDULE_KINDS.focusEnd]: { due: (_row, now) => this.isDue(now), run: (_row, now) => this.runDue(now) },
  };

  /** When the hub wakes and before due rows run: a running timer has its row. */
  mend(): void {
    this.ensureRow();
  }

  /** When its row is due (ms): the running timer's end, or a retry after a failed completion; null: no row. */
  nextDueAt(): number | null {
    return this.host.schedule.row(SCHEDULE_KINDS.focusEnd)?.at ?? null;
  }

  /**
   * A running timer always has its row: one whose state says running without a row (a hub from
   * before the one schedule, or stored state and row parted by a crash) gets it back, at its end.
   */
  ensureRow(): void {
    const state = this.load();
    const endsAt = endInstant(state);
    if (state.status === "running" && endsAt !== null && this.nextDueAt() === null) {
      this.host.schedule.put(SCHEDULE_KINDS.focusEnd, endsAt, null);
    }
  }

  /**
   * Whether the run is due at `now`: its row's instant, or the stored run's end, has come. The end
   * is derived from the stored instants, which are the timer's truth (the row only wakes the hub).
   */
  isDue(now: number): boolean {
    const state = this.load();
    const endsAt = endInstant(state);
    const rowAt = this.nextDueAt();
    return (rowAt !== null && rowAt <= now) || (state.status === "running" && endsAt !== null && endsAt <= now);
  }

  /**
   * Completes a run whose end instant has passed. Alarms are delivered at least once and retried
   * when this throws, so every step is idempotent: a stale alarm (paused, reset, already finished)
   * does nothing, an early one re-arms, and the D1 completion happens exactly once (see
   * completeFocusSession). D1 is written before the state moves to "finished", so a crash in
   * between is retried rather than lost. The push goes only after the run is stored as finished: a
   * retried or repeated alarm finds it finished, so no run is pushed twice
   * (docs/decisions/090-push-sent-only-after-run-stored.md).
   */
  async runDue(now: number): Promise<AfterAlarm | null> {
    const state = this.load();
    const endsAt = endInstant(state);
    if (state.status !== "running" || endsAt === null) {
      await this.host.schedule.cancel(SCHEDULE_KINDS.focusEnd);
      return null;
    }
    if (now < endsAt) {
      await this.host.schedule.set(SCHEDULE_KINDS.focusEnd, endsAt, null);
      return null;
    }
    try {
      await this.recordCompletion(state, state.durationMs, new Date(endsAt));
    } catch (err) {
      // The runtime's own retries give up after a few attempts, and a run left "running" past
      // its end would never finish. So the timer asks for its own retry and reports success; the
      // completion is idempotent, so however often it runs it counts once.
      console.error("focus completion failed; retrying later", err);
      await this.host.schedule.set(SCHEDULE_KINDS.focusEnd, Date.now() + ALARM_RETRY_MS, null);
      return null;
    }
    await this.commit(machine.finishElapsed(state, now));
    const owner = this.owner();
    return owner ? () => this.pushFinished(owner, state) : null;
  }

  // ---- internals ------------------------------------------------------------------------------

  private load(): TimerState {
    return this.host.kv.get<TimerState>(HUB_KEYS.timer) ?? machine.IDLE_TIMER;
  }

  private owner(): TimerOwner | undefined {
    return this.host.kv.get<TimerOwner>(HUB_KEYS.timerOwner);
  }

  private pauses(): Pause[] {
    return this.host.kv.get<Pause[]>(HUB_KEYS.pauses) ?? [];
  }

  /** Stores an accepted transition, moves its schedule row to the new end instant, and tells every socket. */
  private async commit(result: machine.Transition): Promise<HubResult> {
    if (!result.ok) return result;
    const { state } = result;
    this.host.kv.put(HUB_KEYS.timer, state);
    const endsAt = state.status === "running" ? endInstant(state) : null;
    if (endsAt === null) await this.host.schedule.cancel(SCHEDULE_KINDS.focusEnd);
    else await this.host.schedule.set(SCHEDULE_KINDS.focusEnd, endsAt, null);
    const snapshot: TimerSnapshot = { state, serverNow: Date.now() };
    this.host.broadcast({ type: "timer", ...snapshot });
    return { ok: true, snapshot };
  }

  /**
   * Clear Tasks: every task is gone, so a timer about one (running, paused, finished or a task
   * kept for "Need More Time") goes back to idle. Nothing is recorded: the cleared statistics
   * start from zero. A timer about no task is left alone.
   */
  private async releaseAllTasks(): Promise<void> {
    const state = this.load();
    if (state.taskId !== null) await this.commit({ ok: true, state: machine.reset(state) });
  }

  /**
   * Tasks were deleted, or cleared from the "No" list (hidden for good). A timer about one of
   * them could no longer end well ("Completed" would mark a task that is gone), so it goes back
   * to idle; a run under way is ended first, so the minutes focused so far stay on its session
   * (docs/decisions/008-deleting-task-has-focus-sessions.md). A timer about another task, or
   * none, is left alone.
   */
  private async releaseTasksAmong(taskIds: readonly number[]): Promise<void> {
    const state = this.load();
    if (state.taskId === null || !taskIds.includes(state.taskId)) return;
    if (state.status === "running" || state.status === "paused") {
      const ended = await this.end();
      if (!ended.ok) return;
    }
    await this.commit({ ok: true, state: machine.reset(this.load()) });
  }

  private async closeRunSession(state: TimerState): Promise<void> {
    if (state.kind !== "focus" || state.sessionId === null) return;
    if (state.status !== "running" && state.status !== "paused") return;
    const owner = this.owner();
    if (!owner) return;
    await closeFocusSession(
      createDb(personDatabaseOf(this.host.env, owner.home)),
      owner.userId,
      state.sessionId,
      new Date(),
    );
  }

  /**
   * The run's end pushed in the language the person's row holds as it is sent (a change of language
   * since the run began counts: docs/decisions/397-the-server-speaks-the-person-s-language.md).
   * Best effort, like the push itself: a failed read is logged and nothing is sent.
   */
  private async pushFinished(owner: TimerOwner, state: TimerState): Promise<number> {
    const { env } = this.host;
    try {
      const [person] = await userByIdQuery(createDb(personDatabaseOf(env, owner.home)), owner.userId);
      if (!person) return 0;
      return await pushToUser(env, owner.userId, timerFinishedMessage(state, wordsOfPerson(person)));
    } catch (err) {
      console.error("could not send the timer's end", err);
      return 0;
    }
  }

  /** A focus run completes its session row and counts in analytics; a break records nothing. */
  private async recordCompletion(state: TimerState, focusedMs: number, at: Date): Promise<void> {
    if (state.kind !== "focus" || state.sessionId === null) return;
    const owner = this.owner();
    if (!owner) return;
    // Ending while paused: the pause so far is one too.
    const pauses =
      state.pausedAt === null ? this.pauses() : [...this.pauses(), { from: state.pausedAt, to: at.getTime() }];
    await completeFocusSession(
      createDb(personDatabaseOf(this.host.env, owner.home)),
      { id: owner.userId, timeZone: owner.timeZone, dayStartHour: owner.dayStartHour },
      state.sessionId,
      focusedMs / 1000,
      at,
      pauses,
      ...(this.subscribers ? [this.subscribers] : []),
    );
  }
}
