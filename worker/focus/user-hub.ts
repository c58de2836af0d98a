import { DurableObject } from "cloudflare:workers";
import {
  LIVE_PING,
  LIVE_PONG,
  LIVE_PROTOCOL,
  LIVE_SESSION_ENDED,
  LIVE_SUPERSEDED,
  type SessionEndReason,
} from "../../shared/live";
import type { TimerSnapshot, TimerState } from "../../shared/schemas/focus";
import { clientFrameSchema, parseFrame, type ServerFrame } from "../../shared/schemas/live";
import { elapsedMs, endInstant } from "../../shared/timer";
import type { Pause } from "../analytics/focus-hours";
import { SignInRecords } from "../auth/revocations";
import { liveSessionQuery } from "../auth/sessions";
import {
  type ReminderSettings,
  reminderDueAt,
  sendPlanReminder,
  storeReminder,
  takeDueReminder,
} from "../day/reminder";
import { createDb } from "../db/client";
import type { Bindings } from "../env";
import { pushToUser } from "../push/send";
import { timerFinishedMessage } from "../push/timer-notice";
import { frameTooLarge, sendIfOpen, socketsOverCap } from "./live-socket-limits";
import { closeFocusSession, completeFocusSession } from "./sessions";
import * as machine from "./timer-machine";

/** A refused transition crosses RPC as data (custom error classes do not), and the route answers 409. */
export type HubResult = { ok: true; snapshot: TimerSnapshot } | { ok: false; message: string };

/**
 * Whose hub this is: the alarm needs the user, their time zone and day start hour (absent from
 * owners stored before days had one: 04:00) to write to D1 with nobody asking.
 */
type Owner = { userId: string; timeZone: string; dayStartHour?: number };

/** What each hibernatable socket remembers across hibernation. */
type SocketAttachment = { sessionId: string; connectedAt: number };

/** What a change of tasks did, for the hub's one call about it (UserHub.tasksChanged). */
export type TasksChange = {
  /** The tab that made the change (the X-Onething-Tab header it sent), or null when unknown. */
  tab: string | null;
  /** Tasks that are gone (deleted, cleared from the "No" list) or "all" of them (Clear Tasks). */
  removedTasks?: readonly number[] | "all";
  /** Start Fresh: the timer goes back to idle whatever it is about. */
  resetTimer?: boolean;
  /**
   * The change also changed the state of the person's day (planned, a "No" item said again, a task
   * reopened): the one frame is `day-changed`, which devices read as a change of tasks too.
   */
  dayChanged?: boolean;
};

export type StartFocusInput = Owner & {
  taskId: number;
  taskTitle: string;
  sessionId: number;
  durationMs: number;
};

const TIMER_KEY = "timer";
const OWNER_KEY = "owner";
/** The finished pauses of the current focus run, so its minutes go to the hours actually focused. */
const PAUSES_KEY = "pauses";
const MAX_PAUSES = 200;
/** How long after a failed completion (D1 unreachable) the alarm tries again. */
export const ALARM_RETRY_MS = 30_000;
/** Set by the Worker's /api/live route after checking the ticket and the session: whose socket it is. */
export const LIVE_SESSION_HEADER = "X-Onething-Session";
export const LIVE_USER_HEADER = "X-Onething-User";

/**
 * One per user (`USER_HUB.getByName(userId)`): owns the live focus timer and the WebSockets of the
 * user's open tabs and devices.
 *
 * The timer lives in this object's SQLite storage (synchronous KV), so it survives eviction and
 * restarts; remaining time is always derived from the stored instants. One alarm sits at the end
 * instant and completes the run even when no tab is open. There are no timers in here: they would
 * keep the object awake and forfeit WebSocket hibernation.
 */
export class UserHub extends DurableObject<Bindings> {
  /** Transitions run one at a time: some await D1, and the input gate only covers storage calls. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Revoked sessions and redeemed live tickets: sign-in's records, kept in this object's storage. */
  private readonly signIn: SignInRecords;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.signIn = new SignInRecords(ctx.storage.kv);
    // Answered by the runtime itself, so keep-alive pings never wake a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  // ---- RPC ------------------------------------------------------------------------------------

  async state(): Promise<TimerSnapshot> {
    return this.snapshot(this.load());
  }

  async start(input: StartFocusInput): Promise<HubResult> {
    return this.serial(async () => {
      const { userId, timeZone, dayStartHour, ...run } = input;
      const result = machine.start(this.load(), { kind: "focus", ...run }, Date.now());
      if (result.ok) {
        this.ctx.storage.kv.put(OWNER_KEY, { userId, timeZone, dayStartHour } satisfies Owner);
        this.ctx.storage.kv.delete(PAUSES_KEY);
      }
      return this.commit(result);
    });
  }

  async startBreak(owner: Owner): Promise<HubResult> {
    return this.serial(async () => {
      const result = machine.startBreak(this.load(), Date.now());
      if (result.ok) this.ctx.storage.kv.put(OWNER_KEY, owner);
      return this.commit(result);
    });
  }

  async pause(): Promise<HubResult> {
    return this.serial(async () => this.commit(machine.pause(this.load(), Date.now())));
  }

  async resume(): Promise<HubResult> {
    return this.serial(async () => {
      const before = this.load();
      const now = Date.now();
      const result = machine.resume(before, now);
      if (result.ok && before.pausedAt !== null) {
        // The newest ones only: a bounded value, whatever the clicking; older pauses then count as focus.
        this.ctx.storage.kv.put(PAUSES_KEY, [...this.pauses(), { from: before.pausedAt, to: now }].slice(-MAX_PAUSES));
      }
      return this.commit(result);
    });
  }

  /** Stop early: the session is completed in D1 with the minutes actually focused. */
  async end(): Promise<HubResult> {
    return this.serial(() => this.endNow());
  }

  /**
   * POST /api/timer/reset: back to idle, no alarm, and no one remembered as owner. A focus run
   * under way is discarded: its session is closed with nothing counted, so no later PATCH
   * .../complete can credit it (docs/decisions/060-reset-focus-run-closed-deleted.md).
   */
  async reset(): Promise<HubResult> {
    return this.serial(() => this.resetNow());
  }

  /**
   * A change of the user's tasks, stored already: ONE call per change. What it did to the timer
   * first (see TasksChange), then `tasks-changed` (or `day-changed`) to every socket, naming the tab that made the
   * change, so that tab skips its own echo (it refetched on its own:
   * docs/decisions/161-tab-skips-own-live-echo.md).
   */
  async tasksChanged(change: TasksChange): Promise<void> {
    return this.serial(async () => {
      const { removedTasks } = change;
      try {
        if (change.resetTimer) await this.resetNow();
        else if (removedTasks === "all") await this.releaseAllTasks();
        else if (removedTasks) await this.releaseTasksAmong(removedTasks);
      } finally {
        // The tasks changed whatever became of the timer (a D1 failure while ending its run).
        this.broadcast({ type: change.dayChanged ? "day-changed" : "tasks-changed", tab: change.tab });
      }
    });
  }

  async acknowledge(keepTask = false): Promise<HubResult> {
    return this.serial(async () => this.commit(machine.acknowledge(this.load(), keepTask)));
  }

  /**
   * PATCH /api/focus-sessions/{id}/complete for the session this timer is running: it ends like
   * "End Session". Answers false when the session is not the one under way here.
   */
  async endSession(sessionId: number): Promise<boolean> {
    return this.serial(async () => {
      const state = this.load();
      if (state.sessionId !== sessionId || (state.status !== "running" && state.status !== "paused")) return false;
      await this.endNow();
      return true;
    });
  }

  /**
   * These sign-in sessions were just revoked: sign-in's records remember them (SignInRecords), and
   * their sockets are closed: a revoked session must not keep receiving the user's timer and task
   * changes.
   */
  async closeSessions(sessionIds: readonly string[], why?: SessionEndReason): Promise<number> {
    this.signIn.revoke(sessionIds, Date.now(), why);
    const ended = new Set(sessionIds);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as SocketAttachment | null;
      if (attachment && ended.has(attachment.sessionId)) {
        closeSessionEnded(ws, why);
        closed += 1;
      }
    }
    return closed;
  }

  /** Why this revoked sign-in session ended, when closeSessions was given a reason (docs/decisions/177-signed-out-told-why.md). */
  async sessionEndReason(sessionId: string): Promise<SessionEndReason | null> {
    return this.signIn.endReason(sessionId);
  }

  /** Whether this sign-in session was revoked (closeSessions, wipe) and its token has not expired yet. */
  async sessionRevoked(sessionId: string): Promise<boolean> {
    return this.signIn.isRevoked(sessionId);
  }

  /**
   * Account deletion: every socket is closed, the alarm removed and the storage emptied, so nothing
   * of the user stays here and no later alarm can write rows for them. Only the ids of the
   * sessions just revoked are kept, until their tokens expire (see closeSessions).
   */
  async wipe(revokedSessionIds: readonly string[] = []): Promise<void> {
    return this.serial(async () => {
      for (const ws of this.ctx.getWebSockets()) closeSessionEnded(ws);
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.deleteAll();
      this.signIn.revoke(revokedSessionIds);
    });
  }

  /** GET /api/live: true the first time a ticket is shown, false after (SignInRecords). */
  async redeemTicket(ticketId: string, expiresAt: number): Promise<boolean> {
    return this.signIn.redeemTicket(ticketId, expiresAt);
  }

  /**
   * The day's settings changed (zone, start hour, the morning nudge; null: no nudge): the shared
   * alarm follows (worker/day/reminder.ts), and every tab reads the day again (no tab skips it: the
   * form that made the change may not be the one showing the day).
   */
  async daySettingsChanged(settings: ReminderSettings | null): Promise<void> {
    return this.serial(async () => {
      storeReminder(this.ctx.storage.kv, settings, Date.now());
      await this.armAlarm();
      this.broadcast({ type: "day-changed" });
    });
  }

  // ---- the alarm ------------------------------------------------------------------------------

  /**
   * The one alarm serves the timer's end instant and the morning nudge, whichever is sooner
   * (docs/decisions/137-one-alarm-for-timer-and-reminder.md); each part checks whether it is due,
   * and the alarm is pointed at the next of the two afterwards.
   *
   * The timer's part: alarms are delivered at least once and retried when this throws, so every
   * step is idempotent: a stale alarm (paused, reset, already finished) does nothing, an early one
   * re-arms, and the D1 completion happens exactly once (see completeFocusSession). D1 is written
   * before the state moves to "finished", so a crash in between is retried rather than lost.
   */
  override async alarm(): Promise<void> {
    const { finished, reminder } = await this.serial(async () => {
      const now = Date.now();
      // Taken (and moved to its next time) before anything is sent: a repeated alarm finds it taken.
      const reminder = takeDueReminder(this.ctx.storage.kv, now);
      const finished = await this.finishDueRun(now);
      return { finished, reminder };
    });
    // Only after the run is stored as finished: a retried or repeated alarm finds it finished and
    // returns above, so no run is pushed twice
    // (docs/decisions/090-push-sent-only-after-run-stored.md).
    const owner = this.ctx.storage.kv.get<Owner>(OWNER_KEY);
    if (finished && owner) await pushToUser(this.env, owner.userId, timerFinishedMessage(finished));
    if (reminder) await sendPlanReminder(this.env, reminder.userId, new Date());
  }

  /** The timer's part of the alarm: completes a run whose end instant has passed, then re-arms. */
  private async finishDueRun(now: number): Promise<TimerState | null> {
    const state = this.load();
    const endsAt = endInstant(state);
    if (state.status !== "running" || endsAt === null || now < endsAt) {
      await this.armAlarm();
      return null;
    }
    try {
      await this.recordCompletion(state, state.durationMs, new Date(endsAt));
    } catch (err) {
      // The runtime's own retries give up after a few attempts, and a run left "running" past
      // its end would never finish. So the hub schedules its own retry and reports success; the
      // completion is idempotent, so however often it runs it counts once.
      console.error("focus completion failed; retrying later", err);
      await this.armAlarm(Date.now() + ALARM_RETRY_MS);
      return null;
    }
    await this.commit(machine.finishElapsed(state, now));
    return state;
  }

  /**
   * Points the one alarm at the sooner of the running timer's end (or `timerDue`, a retry) and the
   * morning nudge; none of them: no alarm.
   */
  private async armAlarm(timerDue?: number): Promise<void> {
    const state = this.load();
    const due = [
      timerDue ?? (state.status === "running" ? endInstant(state) : null),
      reminderDueAt(this.ctx.storage.kv),
    ].filter((at): at is number => at !== null);
    if (due.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...due));
  }

  // ---- the live channel -----------------------------------------------------------------------

  /** GET /api/live after the Worker checked the ticket, the session and the Origin. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade.", { status: 426 });
    }
    const sessionId = request.headers.get(LIVE_SESSION_HEADER) ?? "";
    const { 0: client, 1: server } = new WebSocketPair();
    // acceptWebSocket (not server.accept()) lets the object hibernate while sockets stay open.
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ sessionId, connectedAt: Date.now() } satisfies SocketAttachment);
    this.closeSocketsOverCap();
    // A revocation between the Worker's session check and the accept above closed the sockets it
    // could see, not this one; checked again now that closeSessions would find it.
    if (await this.sessionEnded(sessionId, request.headers.get(LIVE_USER_HEADER) ?? "")) closeSessionEnded(server);
    // Closed as one of the oldest by a newer open meanwhile: it answers 101 and closes with 4429.
    else sendIfOpen(server, JSON.stringify(this.timerFrame(this.load())));
    return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (frameTooLarge(message)) {
      ws.close(1009, "frame too large");
      return;
    }
    const frame = parseFrame(clientFrameSchema, message);
    if (frame?.type === "sync") ws.send(JSON.stringify(this.timerFrame(this.load())));
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    try {
      ws.close();
    } catch {
      // Already closed by the runtime's automatic close reply.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws);
  }

  // ---- internals ------------------------------------------------------------------------------

  /** A person's sockets are capped: when a new one goes over, the oldest close (./live-socket-limits.ts). */
  private closeSocketsOverCap(): void {
    const open = this.ctx.getWebSockets().flatMap((socket) => {
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      return socket.readyState === WebSocket.OPEN ? [{ socket, connectedAt: attachment?.connectedAt ?? 0 }] : [];
    });
    for (const socket of socketsOverCap(open)) socket.close(LIVE_SUPERSEDED.code, LIVE_SUPERSEDED.reason);
  }

  /** Whether the sign-in session is revoked or expired; if D1 cannot answer, the Worker's check stands. */
  private async sessionEnded(sessionId: string, userId: string): Promise<boolean> {
    try {
      const [row] = await liveSessionQuery(createDb(this.env.DB), sessionId, userId);
      return !row || row.expire.getTime() <= Date.now();
    } catch (err) {
      console.error("could not recheck the live socket's session", err);
      return false;
    }
  }

  private load(): TimerState {
    return this.ctx.storage.kv.get<TimerState>(TIMER_KEY) ?? machine.IDLE_TIMER;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Stores an accepted transition, points the alarm at the new end instant, and tells every socket. */
  private async commit(result: machine.Transition): Promise<HubResult> {
    if (!result.ok) return result;
    const { state } = result;
    this.ctx.storage.kv.put(TIMER_KEY, state);
    await this.armAlarm();
    const snapshot = this.snapshot(state);
    this.broadcast({ type: "timer", ...snapshot });
    return { ok: true, snapshot };
  }

  /** Start Fresh and POST /api/timer/reset (see reset). */
  private async resetNow(): Promise<HubResult> {
    await this.closeRunSession(this.load());
    this.ctx.storage.kv.delete(OWNER_KEY);
    return this.commit({ ok: true, state: machine.reset(this.load()) });
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
      const ended = await this.endNow();
      if (!ended.ok) return;
    }
    await this.commit({ ok: true, state: machine.reset(this.load()) });
  }

  private async endNow(): Promise<HubResult> {
    const before = this.load();
    const now = Date.now();
    const result = machine.end(before, now);
    if (!result.ok) return result;
    const { state } = result;
    const completedAt = new Date(state.finishedAt ?? now);
    await this.recordCompletion(before, elapsedMs(state, now), completedAt);
    return this.commit(result);
  }

  private async closeRunSession(state: TimerState): Promise<void> {
    if (state.kind !== "focus" || state.sessionId === null) return;
    if (state.status !== "running" && state.status !== "paused") return;
    const owner = this.ctx.storage.kv.get<Owner>(OWNER_KEY);
    if (!owner) return;
    await closeFocusSession(createDb(this.env.DB), owner.userId, state.sessionId, new Date());
  }

  /** A focus run completes its session row and counts in analytics; a break records nothing. */
  private async recordCompletion(state: TimerState, focusedMs: number, at: Date): Promise<void> {
    if (state.kind !== "focus" || state.sessionId === null) return;
    const owner = this.ctx.storage.kv.get<Owner>(OWNER_KEY);
    if (!owner) return;
    const db = createDb(this.env.DB);
    // Ending while paused: the pause so far is one too.
    const pauses =
      state.pausedAt === null ? this.pauses() : [...this.pauses(), { from: state.pausedAt, to: at.getTime() }];
    await completeFocusSession(
      db,
      { id: owner.userId, timeZone: owner.timeZone, dayStartHour: owner.dayStartHour },
      state.sessionId,
      focusedMs / 1000,
      at,
      pauses,
    );
  }

  private pauses(): Pause[] {
    return this.ctx.storage.kv.get<Pause[]>(PAUSES_KEY) ?? [];
  }

  private snapshot(state: TimerState): TimerSnapshot {
    return { state, serverNow: Date.now() };
  }

  private timerFrame(state: TimerState): ServerFrame {
    return { type: "timer", ...this.snapshot(state) };
  }

  private broadcast(frame: ServerFrame): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing right now; its close handler cleans up.
      }
    }
  }
}

/**
 * Says so in a frame first, then closes with the code: a proxy in between (local development)
 * may end the connection without passing the close code on, but frames always arrive.
 */
function closeSessionEnded(ws: WebSocket, why?: SessionEndReason): void {
  try {
    ws.send(JSON.stringify({ type: "session-ended", ...(why ? { why } : {}) } satisfies ServerFrame));
    ws.close(LIVE_SESSION_ENDED.code, LIVE_SESSION_ENDED.reason);
  } catch {
    // Already closing.
  }
}
