import { DurableObject } from "cloudflare:workers";
import type { SessionEndReason } from "../../shared/live-protocol";
import type { TimerSnapshot } from "../../shared/schemas/focus";
import { SignInRecords } from "../auth/sign-in-records";
import { CHANGE_SUBSCRIBERS } from "../change-subscribers";
import { nextDayStartAt } from "../day/day-start";
import { PlanReminder } from "../day/plan-reminder";
import { DayCloseReminder } from "../day-close/close-reminder";
import { createDb } from "../db/client";
import { personDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import { FocusTimer, type HubResult, type StartFocusInput, type TimerOwner } from "../focus/focus-timer";
import type { DaySettings, TasksChange } from "../hub/hub-client";
import type { AfterAlarm, HubHost, ScheduleHandler } from "../hub/hub-part";
import { HubSchedule, SCHEDULE_RETRY_MS, type ScheduleRow } from "../hub/schedule";
import { SCHEDULE_KINDS, type ScheduleKind } from "../hub/storage-keys";
import { beginDay, hubPreparesDay } from "./day-start";
import { HubSockets } from "./hub-sockets";

/**
 * One per person (`USER_HUB.getByName(userId)`, through worker/hub/hub-client.ts): the host of what
 * lives with the person rather than in D1. The host holds the RPC surface, runs calls one at a
 * time, owns the one schedule's alarm and its table of jobs, and the sockets (./hub-sockets.ts); its
 * parts live with their capabilities: the focus timer (worker/focus/focus-timer.ts), the morning
 * nudge (worker/day/plan-reminder.ts) and sign-in's records (worker/auth/sign-in-records.ts). Their
 * storage keys are listed in worker/hub/storage-keys.ts (docs/decisions/205-hub-host-with-parts.md).
 * It sits above the capabilities it hosts, which reach it only through worker/hub/hub-client.ts
 * (docs/decisions/260-hub-host-above-capabilities.md).
 */
export class UserHub extends DurableObject<Bindings> {
  /** Calls run one at a time: some await D1, and the input gate only covers storage calls. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sockets: HubSockets;
  private readonly schedule: HubSchedule;
  private readonly timer: FocusTimer;
  private readonly reminder: PlanReminder;
  private readonly closeReminder: DayCloseReminder;
  private readonly signIn: SignInRecords;
  /**
   * The one table of timed jobs: a kind of schedule row and what runs when it is due
   * (docs/decisions/258-one-schedule-in-the-hub.md). A new timed job is a line here and its rows.
   */
  private readonly jobs: Record<ScheduleKind, ScheduleHandler>;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sockets = new HubSockets(ctx, env);
    this.schedule = new HubSchedule(ctx.storage);
    const host: HubHost = {
      kv: ctx.storage.kv,
      env,
      schedule: this.schedule,
      broadcast: (frame) => this.sockets.broadcast(frame),
    };
    this.timer = new FocusTimer(host, CHANGE_SUBSCRIBERS);
    this.reminder = new PlanReminder(host);
    this.closeReminder = new DayCloseReminder(host);
    this.signIn = new SignInRecords(ctx.storage.kv);
    this.jobs = {
      [SCHEDULE_KINDS.focusEnd]: {
        due: (_row, now) => this.timer.isDue(now),
        run: (_row, now) => this.timer.runDue(now),
      },
      [SCHEDULE_KINDS.planReminder]: { run: (_row, now) => this.reminder.runDue(now) },
      [SCHEDULE_KINDS.dayClose]: { run: (_row, now) => this.closeReminder.runDue(now) },
      [SCHEDULE_KINDS.dayStart]: { run: (row, now) => this.startDay(row as ScheduleRow<DaySettings>, now) },
    };
    // Hubs from before the one schedule kept the nudge under its own key and the timer's end in its state.
    this.reminder.adoptLegacyRow(ctx.storage.kv);
    this.timer.ensureRow();
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
   * The day's settings changed (zone, start hour, the morning nudge): the nudge's row and the next
   * day start follow, and every tab reads the day again (no tab skips it: the form that made the
   * change may not be the one showing the day).
   */
  async daySettingsChanged(settings: DaySettings): Promise<void> {
    return this.serial(async () => {
      const now = Date.now();
      await this.reminder.store(settings, now);
      await this.closeReminder.store(settings, now);
      await this.scheduleDayStart(settings, now);
      this.sockets.broadcast({ type: "day-changed" });
    });
  }

  /**
   * A read began the person's day (worker/hub-host/day-start.ts): the hub prepares it as its own
   * day-start row would have, from the settings the step read from D1.
   */
  async dayBegan(settings: DaySettings): Promise<void> {
    return this.serial(() => this.prepareDay(settings, Date.now()));
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

  // ---- the one schedule ----------------------------------------------------------------------

  /**
   * The alarm rang: every row of the one schedule whose job is due runs, inside the one-at-a-time
   * section, in the order of their instants; a row its job did not write again is done and dropped,
   * a job that throws runs again SCHEDULE_RETRY_MS later; then the alarm points at the earliest row
   * left. What the jobs send (pushes) goes after, so it holds up no other call
   * (docs/decisions/258-one-schedule-in-the-hub.md).
   */
  override async alarm(): Promise<void> {
    const after = await this.serial(async () => {
      const now = Date.now();
      const sends: AfterAlarm[] = [];
      this.timer.ensureRow();
      for (const row of this.schedule.rows()) {
        // A job that ran before may have moved or dropped this row.
        if (this.schedule.row(row.id)?.tag !== row.tag) continue;
        const job = this.jobs[row.kind];
        if (!job) {
          console.error(`the hub's schedule has a row of an unknown kind: ${row.kind}`);
          this.schedule.drop(row.id);
          continue;
        }
        if (!(job.due ? job.due(row, now) : row.at <= now)) continue;
        try {
          const send = await job.run(row, now);
          if (send) sends.push(send);
          if (this.schedule.row(row.id)?.tag === row.tag) this.schedule.drop(row.id);
        } catch (err) {
          console.error(`the hub's ${row.kind} job failed; it runs again later`, err);
          this.schedule.put(row.kind, Date.now() + SCHEDULE_RETRY_MS, row.payload, row.id);
        }
      }
      await this.schedule.arm();
      return sends;
    });
    for (const send of after) await send();
  }

  // ---- the day start (docs/decisions/259-the-day-begins-on-the-server.md) ---------------------

  /**
   * The day-start row's job: the day-start step in D1 (once per person and day, whoever runs it
   * first), then the hub's part of the day from the settings D1 holds (the row's when a read began
   * the day first).
   */
  private async startDay(row: ScheduleRow<DaySettings>, now: number): Promise<AfterAlarm | null> {
    const { userId, timeZone, dayStartHour, home = 0 } = row.payload;
    const result = await beginDay(
      createDb(personDatabase(this.env, home)),
      { userId, timeZone, dayStartHour },
      new Date(now),
    );
    await this.prepareDay(result.begun ? result.settings : row.payload, now);
    return null;
  }

  /** The hub's part of a day that began: a timer about a task the day start removed let go, the day's nudge armed, and the next day start scheduled. */
  private async prepareDay(settings: DaySettings, now: number): Promise<void> {
    await this.timer.letGoOfGoneTask();
    await this.reminder.armForDay(settings, now);
    await this.closeReminder.armForDay(settings, now);
    await this.scheduleDayStart(settings, now);
  }

  /** The person's next day start in their zone and start hour, while the hub has something to prepare then. */
  private async scheduleDayStart(settings: DaySettings, now: number): Promise<void> {
    if (hubPreparesDay(settings)) {
      await this.schedule.set(SCHEDULE_KINDS.dayStart, nextDayStartAt(settings, now), settings);
    } else {
      await this.schedule.cancel(SCHEDULE_KINDS.dayStart);
    }
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
