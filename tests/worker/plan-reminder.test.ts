import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextWallTimeAt } from "../../shared/day-close";
import type { User } from "../../shared/schemas/auth";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import type { UserHub } from "../../worker/hub-host/user-hub";
import { postPlan, setAccount, setClock } from "./day-helpers";
import { hubOf, scheduledAt, startSession, timerState } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

type Received = { message?: { type: string; title: string; body: string; tag: string; url: string }; error?: string };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The tests' "now": the next whole hour after the real clock. Alarms the hub sets from it lie
 * ahead of the real clock, so none rings by itself (each test runs it), and the mock push service,
 * which checks the VAPID token's expiry against the real clock, still accepts the pushes.
 */
function baseInstant(): number {
  return (Math.floor(Date.now() / (60 * MINUTE)) + 1) * 60 * MINUTE;
}

/** "HH:MM" of an instant in UTC (the zone of these accounts). */
const wallTime = (at: number) => new Date(at).toISOString().slice(11, 16);

async function newSubscription(): Promise<PushSubscriptionBody> {
  const res = await fetch(`${env.PUSH_MOCK_URL}/subscribe`, { method: "POST" });
  expect(res.status).toBe(200);
  return (await res.json()) as PushSubscriptionBody;
}

async function received(sub: PushSubscriptionBody): Promise<Received[]> {
  const id = new URL(sub.endpoint).pathname.split("/").pop();
  return (await (await fetch(`${env.PUSH_MOCK_URL}/received/${id}`)).json()) as Received[];
}

async function subscribe(token: string): Promise<PushSubscriptionBody> {
  const sub = await newSubscription();
  const res = await api("/api/push/subscriptions", { method: "POST", token, json: sub });
  expect(res.status, await res.clone().text()).toBe(204);
  return sub;
}

/**
 * When the hub next rings for the nudge or the timer: the earliest of their rows in its one
 * schedule. (The alarm itself points at the earliest row of all, and a person with the nudge on
 * also has a day-start row: docs/decisions/259-the-day-begins-on-the-server.md.)
 */
const alarmOf = (userId: string) => scheduledAt(userId, ["plan-reminder", "focus-end"]);

const remind = (token: string, at: number, enabled = true) =>
  setAccount(token, { planReminder: { enabled, time: wallTime(at) } }) as Promise<User>;

describe("the morning nudge", () => {
  it("at its local time sends 'Plan your day' with the carried-over count to devices with notifications on, once", async () => {
    const base = baseInstant();
    setClock(new Date(base - DAY).toISOString());
    const { token, user } = await registerUser();
    await createTask(token, { title: "Carried from yesterday, the first" });
    await createTask(token, { title: "Carried from yesterday, the second" });
    const device = await subscribe(token);

    setClock(new Date(base).toISOString());
    const due = base + 60 * MINUTE;
    expect(await remind(token, due)).toMatchObject({ planReminder: { enabled: true, time: wallTime(due) } });
    expect(await alarmOf(user.id)).toBe(due);

    setClock(new Date(due).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    const messages = await received(device);
    expect(messages.map((m) => m.message)).toEqual([
      {
        type: "plan-reminder",
        title: "Plan your day",
        body: "2 tasks carried over. What matters today?",
        tag: "plan-reminder",
        url: "/",
      },
    ]);
    // The next one is tomorrow's; the alarm delivered again sends nothing more.
    expect(await alarmOf(user.id)).toBe(due + DAY);
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    expect(await received(device)).toHaveLength(1);
  });

  it("is not sent when today is planned already, nor once it is turned off", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const device = await subscribe(token);
    const due = base + 30 * MINUTE;
    await remind(token, due);
    expect((await postPlan(token, [])).status).toBe(200);
    setClock(new Date(due).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await received(device)).toEqual([]);
    expect(await alarmOf(user.id)).toBe(due + DAY);

    const off = await remind(token, due, false);
    expect(off.planReminder).toEqual({ enabled: false, time: wallTime(due) });
    expect(await alarmOf(user.id)).toBeNull();
  });

  it("validates its settings: a local time HH:MM and whether it is on", async () => {
    const { token } = await registerUser();
    for (const planReminder of [
      { enabled: true, time: "8:00" },
      { enabled: true, time: "24:00" },
      { enabled: "yes", time: "08:00" },
      { enabled: true },
      { enabled: true, time: "08:00", extra: 1 },
    ]) {
      const res = await api("/api/account", { method: "PATCH", token, json: { planReminder } });
      expect(res.status, JSON.stringify(planReminder)).toBe(400);
    }
    const res = await api("/api/auth/user", { token });
    expect(((await res.json()) as User).planReminder).toEqual({ enabled: false, time: "08:00" });
  });
});

describe("the nudge's next time", () => {
  it("follows the local wall clock, across daylight-saving changes and in any zone", () => {
    const next = (timeZone: string, time: string, now: string) =>
      new Date(nextWallTimeAt(time, timeZone, Date.parse(now))).toISOString();
    expect(next("Europe/Berlin", "08:00", "2027-03-27T12:00:00Z")).toBe("2027-03-28T06:00:00.000Z"); // CEST
    expect(next("Europe/Berlin", "08:00", "2027-03-27T06:59:00Z")).toBe("2027-03-27T07:00:00.000Z"); // CET
    // 02:30 does not exist in New York on 2027-03-14: the nudge comes at 03:00 EDT.
    expect(next("America/New_York", "02:30", "2027-03-13T12:00:00Z")).toBe("2027-03-14T07:00:00.000Z");
    expect(next("Pacific/Kiritimati", "07:15", "2027-03-13T12:00:00Z")).toBe("2027-03-13T17:15:00.000Z");
    expect(next("Etc/GMT+12", "07:15", "2027-03-13T12:00:00Z")).toBe("2027-03-13T19:15:00.000Z");
  });
});

describe("the reminder and the focus timer share the hub's one alarm", () => {
  it("the sooner rings first and neither loses the other, across evictions", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Focus across the reminder" });
    const device = await subscribe(token);
    const reminderAt = base + 60 * MINUTE;
    await remind(token, reminderAt);

    // A timer started around the reminder's time: 25 minutes from 10 minutes before it.
    setClock(new Date(reminderAt - 10 * MINUTE).toISOString());
    const started = await startSession(token, task.id, 25 * 60);
    const timerEnd = reminderAt + 15 * MINUTE;
    expect(started.timer.state.startedAt).toBe(reminderAt - 10 * MINUTE);
    expect(await alarmOf(user.id)).toBe(reminderAt);
    await evictDurableObject(hubOf(user.id));
    expect(await alarmOf(user.id)).toBe(reminderAt);

    setClock(new Date(reminderAt).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect((await received(device)).map((m) => m.message?.title)).toEqual(["Plan your day"]);
    expect(await timerState(token)).toMatchObject({ status: "running", sessionId: started.id });
    expect(await alarmOf(user.id)).toBe(timerEnd);
    await evictDurableObject(hubOf(user.id));
    expect(await alarmOf(user.id)).toBe(timerEnd);

    setClock(new Date(timerEnd + 1000).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await timerState(token)).toMatchObject({ status: "finished", finishReason: "elapsed" });
    expect((await received(device)).map((m) => m.message?.title)).toEqual(["Plan your day", "Focus session complete"]);
    // The reminder is still there: tomorrow's.
    expect(await alarmOf(user.id)).toBe(reminderAt + DAY);
  });

  it("changing the reminder's time while a timer runs moves only the reminder", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Focus while the reminder moves" });
    await startSession(token, task.id, 25 * 60);
    const timerEnd = base + 25 * MINUTE;
    expect(await alarmOf(user.id)).toBe(timerEnd);

    await remind(token, base + 60 * MINUTE);
    expect(await alarmOf(user.id)).toBe(timerEnd);
    await remind(token, base + 10 * MINUTE);
    expect(await alarmOf(user.id)).toBe(base + 10 * MINUTE);
    await evictDurableObject(hubOf(user.id));
    await remind(token, base + 10 * MINUTE, false);
    expect(await alarmOf(user.id)).toBe(timerEnd);
    await remind(token, base + 60 * MINUTE);
    expect(await alarmOf(user.id)).toBe(timerEnd);

    // The timer's alarm completes the run and hands the alarm back to the reminder.
    setClock(new Date(timerEnd + 1000).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await timerState(token)).toMatchObject({ status: "finished" });
    expect(await alarmOf(user.id)).toBe(base + 60 * MINUTE);
    // Pausing, resuming or resetting the timer later leaves the reminder scheduled.
    expect((await api("/api/timer/reset", { method: "POST", token })).status).toBe(200);
    expect(await alarmOf(user.id)).toBe(base + 60 * MINUTE);
  });

  it("a timer started after the reminder's time but before its alarm ran keeps the reminder due", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Started as the reminder was due" });
    const device = await subscribe(token);
    const reminderAt = base + 5 * MINUTE;
    await remind(token, reminderAt);

    setClock(new Date(reminderAt + 30_000).toISOString());
    await startSession(token, task.id, 25 * 60);
    expect(await alarmOf(user.id)).toBe(reminderAt);
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect((await received(device)).map((m) => m.message?.title)).toEqual(["Plan your day"]);
    expect(await alarmOf(user.id)).toBe(reminderAt + 30_000 + 25 * MINUTE);
  });
});
