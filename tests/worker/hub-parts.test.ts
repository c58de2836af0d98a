import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nextWallTimeAt } from "../../shared/day-close";
import type { ServerFrame } from "../../shared/schemas/live";
import { SignInRecords } from "../../worker/auth/sign-in-records";
import { SESSION_TTL_MS } from "../../worker/auth/tokens";
import { dailyPushPart } from "../../worker/day/daily-push";
import { MORNING_NUDGE } from "../../worker/day/plan-reminder";
import { FocusTimer } from "../../worker/focus/focus-timer";
import { BREAK_MS } from "../../worker/focus/timer-machine";
import type { HubHost, PersonRow } from "../../worker/hub/hub-part";
import { HubSchedule } from "../../worker/hub/schedule";

/*
 * The hub's parts on their own (worker/hub-host/user-hub.ts hosts them): each is given real Durable Object
 * storage, from a hub of a name no other test uses, and no host but what it needs (the one schedule
 * of that storage: worker/hub/schedule.ts).
 */

/** Runs `work` with the storage of a fresh hub. */
function withStorage<T>(work: (kv: SyncKvStorage, storage: DurableObjectStorage) => T | Promise<T>): Promise<T> {
  const stub = env.USER_HUB.getByName(`parts-${crypto.randomUUID()}`);
  return runInDurableObject(stub, (_hub, state) => work(state.storage.kv, state.storage));
}

describe("sign-in's records", () => {
  it("remember a revoked session until its token expires", async () => {
    await withStorage((kv) => {
      const records = new SignInRecords(kv);
      const now = Date.now();
      records.revoke(["a"], now);
      expect(records.isRevoked("a")).toBe(true);
      expect(records.isRevoked("b")).toBe(false);
      // A later revocation drops the ones whose tokens have expired.
      records.revoke(["b"], now + SESSION_TTL_MS + 1);
      expect(records.isRevoked("a")).toBe(false);
      expect(records.isRevoked("b")).toBe(true);
    });
  });

  it("redeem a live ticket once", async () => {
    await withStorage((kv) => {
      const records = new SignInRecords(kv);
      const now = Date.now();
      expect(records.redeemTicket("t", now + 60_000, now)).toBe(true);
      expect(records.redeemTicket("t", now + 60_000, now)).toBe(false);
      // Past its expiry it is forgotten (and could not be verified anyway).
      expect(records.redeemTicket("t", now + 200_000, now + 120_000)).toBe(true);
    });
  });
});

describe("the morning nudge's part", () => {
  const person = {
    id: "nobody",
    home: 0,
    timeZone: "UTC",
    dayStartHour: 4,
    planReminderEnabled: true,
    planReminderTime: "08:00",
  } as PersonRow;
  const off = { ...person, planReminderEnabled: false };
  const nextDueAt = (schedule: HubSchedule) => schedule.row(MORNING_NUDGE.kind)?.at ?? null;

  it("is due at the nudge's next local time, and off when turned off", async () => {
    await withStorage(async (_kv, storage) => {
      const schedule = new HubSchedule(storage);
      const nudge = dailyPushPart({ env, schedule }, MORNING_NUDGE);
      const now = Date.UTC(2026, 0, 5, 6, 0);
      expect(nextDueAt(schedule)).toBeNull();
      await nudge.settingsChanged?.(person, now);
      expect(nextDueAt(schedule)).toBe(nextWallTimeAt("08:00", "UTC", now));
      await nudge.settingsChanged?.(off, now);
      expect(nextDueAt(schedule)).toBeNull();
    });
  });

  it("takes a due nudge once and moves it to the next day", async () => {
    await withStorage(async (_kv, storage) => {
      const schedule = new HubSchedule(storage);
      const nudge = dailyPushPart({ env, schedule }, MORNING_NUDGE);
      const job = nudge.jobs?.[MORNING_NUDGE.kind];
      const now = Date.UTC(2026, 0, 5, 6, 0);
      await nudge.settingsChanged?.(person, now);
      const due = Date.UTC(2026, 0, 5, 8, 0);
      const row = () => schedule.row(MORNING_NUDGE.kind);
      const first = row();
      if (!job || !first) throw new Error("no nudge row");
      expect(await job.run(first, due - 1)).toBeNull();
      expect(await job.run(first, due)).toBeTypeOf("function");
      expect(nextDueAt(schedule)).toBe(Date.UTC(2026, 0, 6, 8, 0));
      const moved = row();
      if (!moved) throw new Error("no nudge row");
      expect(await job.run(moved, due)).toBeNull();
    });
  });
});

describe("the focus timer's part", () => {
  it("stores a transition, writes its row of the schedule and tells every socket", async () => {
    await withStorage(async (kv, storage) => {
      const frames: ServerFrame[] = [];
      const host: HubHost = { kv, env, schedule: new HubSchedule(storage), broadcast: (frame) => frames.push(frame) };
      const timer = new FocusTimer(host);
      expect(timer.nextDueAt()).toBeNull();
      const before = Date.now();
      const started = await timer.startBreak({ userId: "nobody", timeZone: "UTC" });
      const after = Date.now();
      expect(started.ok).toBe(true);
      // Its row is the schedule's earliest, so the one alarm points at it.
      expect(await storage.getAlarm()).toBe(timer.nextDueAt());
      expect(frames.map((frame) => frame.type)).toEqual(["timer"]);
      // Due a break's length after it started, whenever that was between the two readings.
      const endsAt = timer.nextDueAt();
      expect(endsAt).toBeGreaterThanOrEqual(before + BREAK_MS);
      expect(endsAt).toBeLessThanOrEqual(after + BREAK_MS);

      // Not due yet: nothing happens. Due: the break finishes (a break records nothing in D1).
      expect(await timer.runDue(Date.now())).toBeNull();
      expect(timer.snapshot().state.status).toBe("running");
      expect(await timer.runDue((endsAt ?? 0) + 1)).toBeTypeOf("function");
      expect(timer.snapshot().state.status).toBe("finished");
      expect(timer.nextDueAt()).toBeNull();
    });
  });
});
