import { DurableObject } from "cloudflare:workers";
import type { SessionEndReason } from "../../shared/live-protocol";
import type { TimerSnapshot } from "../../shared/schemas/focus";
import { SignInRecords } from "../auth/sign-in-records";
import { CHANGE_SUBSCRIBERS } from "../change-subscribers";
import type { ChangeNews } from "../changes/events";
import type { Bindings } from "../env";
import { FocusTimer, type HubResult, type StartFocusInput, type TimerOwner } from "../focus/focus-timer";
import type { HubHost } from "../hub/hub-part";
import { HubSchedule } from "../hub/schedule";
import { HostedParts } from "./hosted-parts";
import { hubParts, liveFrameOf } from "./hub-parts";
import { HubSockets } from "./hub-sockets";

/**
 * One per person (`USER_HUB.getByName(userId)`, through worker/hub/hub-client.ts): the host of what
 * lives with the person rather than in D1. The host holds the RPC surface, runs calls one at a
 * time, owns the one schedule's alarm and the sockets (./hub-sockets.ts); its parts, one list
 * (./hub-parts.ts: the focus timer, sign-in's records, the pushes at a wall time), live with their
 * capabilities, and what it does with them is ./hosted-parts.ts (docs/decisions/380-the-hub-hosts-parts.md).
 * Their storage keys are listed in worker/hub/storage-keys.ts (docs/decisions/205-hub-host-with-parts.md).
 * It sits above the capabilities it hosts, which reach it only through worker/hub/hub-client.ts
 * (docs/decisions/260-hub-host-above-capabilities.md).
 */
export class UserHub extends DurableObject<Bindings> {
  /** Calls run one at a time: some await D1, and the input gate only covers storage calls. */
  private tail: Promise<unknown> = Promise.resolve();
  private readonly sockets: HubSockets;
  private readonly timer: FocusTimer;
  private readonly signIn: SignInRecords;
  private readonly parts: HostedParts;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sockets = new HubSockets(ctx, env);
    const schedule = new HubSchedule(ctx.storage);
    const host: HubHost = {
      kv: ctx.storage.kv,
      env,
      schedule,
      broadcast: (frame) => this.sockets.broadcast(frame),
    };
    this.timer = new FocusTimer(host, CHANGE_SUBSCRIBERS);
    this.signIn = new SignInRecords(ctx.storage.kv);
    this.parts = new HostedParts(
      env,
      schedule,
      hubParts(host, { timer: this.timer, signIn: this.signIn, sockets: this.sockets }),
    );
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

  // ---- a change (RPC) ------------------------------------------------------------------------

  /**
   * A change, committed already, told once with its events (worker/changes/tell-hub.ts,
   * docs/decisions/381-one-message-from-a-change-to-the-hub.md). An account deleted wipes the hub;
   * otherwise each part follows what it follows (the timer first), and every socket gets the one
   * frame the change sends (./hub-parts.ts: liveFrameOf), whatever became of the parts.
   */
  async changed(news: ChangeNews): Promise<void> {
    return this.serial(async () => {
      if (news.events.some((event) => event.type === "account-deleted")) return this.wipe(news);
      try {
        await this.parts.follow(news, Date.now());
      } finally {
        const frame = liveFrameOf(news);
        if (frame) this.sockets.broadcast(frame);
      }
    });
  }

  // ---- sign-in (RPC) --------------------------------------------------------------------------

  /** Why this revoked sign-in session ended, when its `sessions-ended` gave a reason (docs/decisions/177-signed-out-told-why.md). */
  async sessionEndReason(sessionId: string): Promise<SessionEndReason | null> {
    return this.signIn.endReason(sessionId);
  }

  /** Whether this sign-in session was revoked (a `sessions-ended`, an account deleted) and its token has not expired yet. */
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
   * sessions the deletion revoked are kept, until their tokens expire.
   */
  private async wipe({ events }: ChangeNews): Promise<void> {
    this.sockets.closeAll();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.signIn.revoke(events.flatMap((event) => (event.type === "sessions-ended" ? event.sessionIds : [])));
  }

  // ---- the one schedule (./hosted-parts.ts) ----------------------------------------------------

  /** The alarm rang: the due rows run inside the one-at-a-time section; what they send goes after. */
  override async alarm(): Promise<void> {
    const after = await this.serial(() => this.parts.runDue(Date.now()));
    for (const send of after) await send();
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
