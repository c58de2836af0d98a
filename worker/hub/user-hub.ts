import { DurableObject } from "cloudflare:workers";
import type { SessionEndReason } from "../../shared/live-protocol";
import type { TimerSnapshot } from "../../shared/schemas/focus";
import { SignInRecords } from "../auth/sign-in-records";
import { PlanReminder, type ReminderSettings } from "../day/plan-reminder";
import type { Bindings } from "../env";
import {
  FocusTimer,
  type HubResult,
  type StartFocusInput,
  type TimerAfterTasksChange,
  type TimerOwner,
} from "../focus/focus-timer";
import { machineInstant } from "../test-clock";
import type { AfterAlarm, HubHost, TimedPart } from "./hub-part";
import { HubSockets } from "./hub-sockets";

/** What a change of tasks did, for the hub's one call about it (UserHub.tasksChanged). */
export type TasksChange = TimerAfterTasksChange & {
  /** The tab that made the change (the X-Onething-Tab header it sent), or null when unknown. */
  tab: string | null;
  /**
   * The change also changed the state of the person's day (planned, a "No" item said again, a task
   * reopened): the one frame is `day-changed`, which devices read as a change of tasks too.
   */
  dayChanged?: boolean;
};

/**
 * One per person (`USER_HUB.getByName(userId)`, through worker/hub/hub-client.ts): the host of what
 * lives with the person rather than in D1. The host holds the RPC surface, runs calls one at a
 * time, owns the one alarm and the sockets (./hub-sockets.ts); its parts live with their
 * capabilities: the focus timer (worker/focus/focus-timer.ts), the morning nudge
 * (worker/day/plan-reminder.ts) and sign-in's records (worker/auth/sign-in-records.ts). Their
 * storage keys are listed in ./storage-keys.ts (docs/decisions/205-hub-host-with-parts.md).
 */
export class UserHub extends DurableObject<Bindings> {
  /** Calls run one at a time: some await D1, and the input gate only covers storage calls. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sockets: HubSockets;
  private readonly timer: FocusTimer;
  private readonly reminder: PlanReminder;
  private readonly signIn: SignInRecords;
  /** The parts that share the one alarm, in the order it runs them. */
  private readonly timed: readonly TimedPart[];

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sockets = new HubSockets(ctx, env);
    const host: HubHost = {
      kv: ctx.storage.kv,
      env,
      armAlarm: () => this.armAlarm(),
      broadcast: (frame) => this.sockets.broadcast(frame),
    };
    this.timer = new FocusTimer(host);
    this.reminder = new PlanReminder(env, ctx.storage.kv);
    this.signIn = new SignInRecords(ctx.storage.kv);
    this.timed = [this.timer, this.reminder];
  }

  // ---- the focus timer (RPC) ------------------------------------------------------------------

  async state(): Promise<TimerSnapshot> {
    return this.timer.snapshot();
  }

  async start(input: StartFocusInput): Promise<HubResult> {
    return this.serial(() => this.timer.start(input));
  }

  async startBreak(owner: TimerOwner): Promise<HubResult> {
    return this.serial(() => this.timer.startBreak(owner));
  }

  async pause(): Promise<HubResult> {
    return this.serial(() => this.timer.pause());
  }

  async resume(): Promise<HubResult> {
    return this.serial(() => this.timer.resume());
  }

  async end(): Promise<HubResult> {
    return this.serial(() => this.timer.end());
  }

  /** POST /api/timer/reset (FocusTimer.reset). */
  async reset(): Promise<HubResult> {
    return this.serial(() => this.timer.reset());
  }

  async acknowledge(keepTask = false): Promise<HubResult> {
    return this.serial(() => this.timer.acknowledge(keepTask));
  }

  async endSession(sessionId: number): Promise<boolean> {
    return this.serial(() => this.timer.endSession(sessionId));
  }

  /**
   * A change of the user's tasks, stored already: ONE call per change. What it did to the timer
   * first (see TasksChange), then `tasks-changed` (or `day-changed`) to every socket, naming the tab
   * that made the change, so that tab skips its own echo (it refetched on its own:
   * docs/decisions/161-tab-skips-own-live-echo.md).
   */
  async tasksChanged(change: TasksChange): Promise<void> {
    return this.serial(async () => {
      try {
        await this.timer.followTasksChange(change);
      } finally {
        // The tasks changed whatever became of the timer (a D1 failure while ending its run).
        this.sockets.broadcast({ type: change.dayChanged ? "day-changed" : "tasks-changed", tab: change.tab });
      }
    });
  }

  // ---- the day (RPC) --------------------------------------------------------------------------

  /**
   * The day's settings changed (zone, start hour, the morning nudge; null: no nudge): the alarm
   * follows, and every tab reads the day again (no tab skips it: the form that made the change may
   * not be the one showing the day).
   */
  async daySettingsChanged(settings: ReminderSettings | null): Promise<void> {
    return this.serial(async () => {
      this.reminder.store(settings, Date.now());
      await this.armAlarm();
      this.sockets.broadcast({ type: "day-changed" });
    });
  }

  // ---- sign-in (RPC) --------------------------------------------------------------------------

  /**
   * These sign-in sessions were just revoked: sign-in's records remember them, and their sockets
   * are closed: a revoked session must not keep receiving the user's timer and task changes.
   */
  async closeSessions(sessionIds: readonly string[], why?: SessionEndReason): Promise<number> {
    this.signIn.revoke(sessionIds, Date.now(), why);
    return this.sockets.closeSessions(sessionIds, why);
  }

  /** Why this revoked sign-in session ended, when closeSessions was given a reason (docs/decisions/177-signed-out-told-why.md). */
  async sessionEndReason(sessionId: string): Promise<SessionEndReason | null> {
    return this.signIn.endReason(sessionId);
  }

  /** Whether this sign-in session was revoked (closeSessions, wipe) and its token has not expired yet. */
  async sessionRevoked(sessionId: string): Promise<boolean> {
    return this.signIn.isRevoked(sessionId);
  }

  /** GET /api/live: true the first time a ticket is shown, false after. */
  async redeemTicket(ticketId: string, expiresAt: number): Promise<boolean> {
    return this.signIn.redeemTicket(ticketId, expiresAt);
  }

  /**
   * Account deletion: every socket is closed, the alarm removed and the storage emptied, so nothing
   * of the user stays here and no later alarm can write rows for them. Only the ids of the
   * sessions just revoked are kept, until their tokens expire (see closeSessions).
   */
  async wipe(revokedSessionIds: readonly string[] = []): Promise<void> {
    return this.serial(async () => {
      this.sockets.closeAll();
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.deleteAll();
      this.signIn.revoke(revokedSessionIds);
    });
  }

  // ---- the one alarm --------------------------------------------------------------------------

  /**
   * The one alarm serves every timed part (docs/decisions/137-one-alarm-for-timer-and-reminder.md):
   * each does what is due, inside the one-at-a-time section, then the alarm points at the next
   * due instant; what they send (pushes) goes after, so it holds up no other call.
   */
  override async alarm(): Promise<void> {
    const after = await this.serial(async () => {
      const now = Date.now();
      const sends: AfterAlarm[] = [];
      for (const part of this.timed) {
        const send = await part.runDue(now);
        if (send) sends.push(send);
      }
      await this.armAlarm();
      return sends;
    });
    for (const send of after) await send();
  }

  /** Points the one alarm at the earliest instant a part says is next due; none: no alarm. */
  private async armAlarm(): Promise<void> {
    const due = this.timed.map((part) => part.nextDueAt()).filter((at): at is number => at !== null);
    if (due.length === 0) await this.ctx.storage.deleteAlarm();
    // The alarm rings on the machine's clock, which a browser-test build's may run ahead of (worker/test-clock.ts).
    else await this.ctx.storage.setAlarm(machineInstant(Math.min(...due)));
  }

  // ---- the sockets (./hub-sockets.ts) ---------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    return this.sockets.accept(request, () => this.timer.frame());
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.sockets.receive(ws, message, () => this.timer.frame());
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    this.sockets.closed(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.sockets.closed(ws);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
