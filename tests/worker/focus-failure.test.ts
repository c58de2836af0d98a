import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import type { TimerSnapshot, TimerState } from "../../shared/schemas/focus";
import { endInstant } from "../../shared/timer";
import { ALARM_RETRY_MS } from "../../worker/focus/focus-timer";
import { dbFingerprint, failWhen, sqlText } from "./db-fingerprint";
import { hubOf, openLive, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

/** The UserHub when things go wrong: eviction, failing D1, late alarms, racing devices. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of cleanups.splice(0)) await drop();
});

/** Makes every analytics write of this user fail, so a focus completion batch aborts part-way. */
async function failAnalyticsOf(userId: string) {
  const uid = sqlText(userId);
  cleanups.push(await failWhen("daily_analytics", "insert", `new.user_id = ${uid}`));
  cleanups.push(await failWhen("daily_analytics", "update", `new.user_id = ${uid}`));
}
async function healD1() {
  for (const drop of cleanups.splice(0)) await drop();
}

async function dailyFocus(userId: string) {
  const { results } = await env.DB.prepare(
    "select focus_sessions_completed as sessions, total_focus_minutes as minutes from daily_analytics where user_id = ? and (focus_sessions_completed > 0 or total_focus_minutes > 0)",
  )
    .bind(userId)
    .all<{ sessions: number; minutes: number }>();
  return results;
}

const storedTimer = (userId: string) =>
  runInDurableObject(hubOf(userId), (_hub, state) => state.storage.kv.get<TimerState>("timer"));
const storedAlarm = (userId: string) => runInDurableObject(hubOf(userId), (_hub, state) => state.storage.getAlarm());

/** Shifts the stored run back by `ms`, as if that much time had passed since it started. */
async function age(userId: string, ms: number) {
  await runInDurableObject(hubOf(userId), (_hub, state) => {
    const t = state.storage.kv.get<TimerState>("timer");
    if (!t?.startedAt) throw new Error("no run to age");
    state.storage.kv.put("timer", {
      ...t,
      startedAt: t.startedAt - ms,
      ...(t.pausedAt === null ? {} : { pausedAt: t.pausedAt - ms }),
    });
  });
}

describe("eviction mid-session", () => {
  it("a running run, its alarm and its pause survive eviction, and the controls keep working", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Deep work" });
    const started = await startSession(token, task.id, 900);
    const live = await openLive(token);
    await live.next((f) => f.type === "timer" && f.state.status === "running");

    const before = await timerState(token);
    await evictDurableObject(hubOf(user.id));
    expect(await timerState(token)).toEqual(before);
    expect(await storedAlarm(user.id)).toBe(endInstant(before));

    expect((await timer(token, "pause")).status).toBe(200);
    // The socket accepted before the eviction still hears about the change.
    await live.next((f) => f.type === "timer" && f.state.status === "paused");
    await evictDurableObject(hubOf(user.id));
    expect(await timerState(token)).toMatchObject({ status: "paused", sessionId: started.id });
    expect(await storedAlarm(user.id)).toBeNull();
    expect((await timer(token, "resume")).status).toBe(200);
    const resumed = await timerState(token);
    expect(await storedAlarm(user.id)).toBe(endInstant(resumed));
    live.ws.close();
  });
});

describe("an alarm whose completion fails", () => {
  it("keeps the run, schedules its own retry, and completes exactly once when D1 is back", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 120);
    await age(user.id, 120_000 + 1000);
    const due = await storedTimer(user.id);
    const endsAt = due ? endInstant(due) : null;
    if (endsAt === null) throw new Error("no end instant");

    await failAnalyticsOf(user.id);
    // The alarm handler does not throw (the runtime would give up after a few retries) ...
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    // ... and leaves everything as it was, with a retry of its own on the calendar.
    expect(await storedTimer(user.id)).toEqual(due);
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
    expect(await dailyFocus(user.id)).toEqual([]);
    // About ALARM_RETRY_MS on (not at once); the exact instant depends on the clock, so it is bounded.
    const retryAt = await storedAlarm(user.id);
    expect(retryAt).not.toBeNull();
    expect(retryAt ?? 0).toBeGreaterThan(endsAt + ALARM_RETRY_MS / 2);

    // Still failing: it retries again rather than giving up.
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await storedAlarm(user.id)).not.toBeNull();

    await healD1();
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await timerState(token)).toMatchObject({ status: "finished", finishReason: "elapsed", finishedAt: endsAt });
    expect(await sessionRow(started.id)).toMatchObject({ is_completed: 1, focused_seconds: 120, completed_at: endsAt });
    expect(await dailyFocus(user.id)).toEqual([{ sessions: 1, minutes: 2 }]);
    // Nothing left scheduled, and a stray delivery changes nothing.
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(false);
    await runInDurableObject(hubOf(user.id), (hub) => hub.alarm());
    expect(await dailyFocus(user.id)).toEqual([{ sessions: 1, minutes: 2 }]);
  });
});

describe("an alarm fired late", () => {
  it("after a long eviction records the planned minutes and the planned end, not the wall time", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 300);
    // Paused for a minute along the way: the pause is not focus time and moves the end.
    expect((await timer(token, "pause")).status).toBe(200);
    await age(user.id, 60_000);
    expect((await timer(token, "resume")).status).toBe(200);
    // Then the machine slept for three hours with the object evicted.
    await age(user.id, 3 * 3600_000);
    const due = await storedTimer(user.id);
    const endsAt = due ? endInstant(due) : null;
    await evictDurableObject(hubOf(user.id));

    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await sessionRow(started.id)).toMatchObject({ is_completed: 1, focused_seconds: 300, completed_at: endsAt });
    expect(await dailyFocus(user.id)).toEqual([{ sessions: 1, minutes: 5 }]);
    expect(await timerState(token)).toMatchObject({ status: "finished", finishedAt: endsAt });
  });
});

describe("End Session while D1 fails", () => {
  it("answers a JSON 500, keeps the run going with its alarm, and ends once when tried again", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 1200);
    await age(user.id, 300_000);
    const before = await timerState(token);
    const alarmBefore = await storedAlarm(user.id);
    const data = await dbFingerprint();

    await failAnalyticsOf(user.id);
    for (const send of [
      () => timer(token, "end"),
      () => api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token, json: {} }),
    ]) {
      const res = await send();
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: expect.any(String) });
      expect(await timerState(token)).toEqual(before);
      expect(await storedAlarm(user.id)).toBe(alarmBefore);
      expect(await dbFingerprint()).toEqual(data);
    }

    await healD1();
    const ended = await timer(token, "end");
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as TimerSnapshot).state).toMatchObject({ status: "finished", finishReason: "ended" });
    const row = await sessionRow(started.id);
    expect(row?.is_completed).toBe(1);
    expect(row?.focused_seconds).toBeGreaterThanOrEqual(300);
    expect(await dailyFocus(user.id)).toEqual([{ sessions: 1, minutes: 5 }]);
    expect(await storedAlarm(user.id)).toBeNull();
    expect((await timer(token, "end")).status).toBe(409);
  });
});

describe("racing devices", () => {
  it("two concurrent starts: one 201, one 409, and only the winner's session row remains", async () => {
    const { token, user } = await registerUser();
    const a = await createTask(token, { title: "Phone's pick" });
    const b = await createTask(token, { title: "Laptop's pick" });
    const start = (taskId: number) =>
      api("/api/focus-sessions", { method: "POST", token, json: { taskId, duration: 600, isCompleted: false } });
    const answers = await Promise.all([start(a.id), start(b.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = answers.find((r) => r.status === 409);
    expect(await loser?.json()).toEqual({ message: "A focus session is already running." });
    const winner = (await answers.find((r) => r.status === 201)?.json()) as { id: number; taskId: number };
    const { results } = await env.DB.prepare("select id from focus_sessions where user_id = ?")
      .bind(user.id)
      .all<{ id: number }>();
    expect(results).toEqual([{ id: winner.id }]);
    expect(await timerState(token)).toMatchObject({ status: "running", sessionId: winner.id, taskId: winner.taskId });
  });

  it("two devices racing start, pause and resume converge on one state that both see", async () => {
    const { token, user } = await registerUser();
    const phone = await openLive(token);
    const laptop = await openLive(token);
    const task = await createTask(token);
    const other = await createTask(token, { title: "Other" });
    const start = (taskId: number) =>
      api("/api/focus-sessions", { method: "POST", token, json: { taskId, duration: 600, isCompleted: false } });

    await Promise.all([start(task.id), start(other.id)]);
    await Promise.all([timer(token, "pause"), timer(token, "pause"), timer(token, "resume")]);
    await Promise.all([timer(token, "resume"), timer(token, "pause"), timer(token, "resume")]);
    await Promise.all([timer(token, "pause"), timer(token, "resume"), timer(token, "pause")]);

    const final = await timerState(token);
    expect(["running", "paused"]).toContain(final.status);
    // Every accepted change bumps the version by one, and each is broadcast: both devices end
    // on exactly the state the server has.
    for (const device of [phone, laptop]) {
      const last = await device.next((f) => f.type === "timer" && f.state.version === final.version);
      expect(last.type === "timer" && last.state).toEqual(final);
      expect(device.frames.filter((f) => f.type === "timer" && f.state.version > final.version)).toEqual([]);
    }
    const stored = await storedTimer(user.id);
    expect(stored).toEqual(final);
    const alarm = await storedAlarm(user.id);
    expect(alarm).toBe(final.status === "running" ? endInstant(final) : null);
    phone.ws.close();
    laptop.ws.close();
  });
});
