import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TimerState } from "../../shared/schemas/focus";
import { createDb } from "../../worker/db/client";
import { loginFailures } from "../../worker/db/schema";
import { completeFocusSession } from "../../worker/focus/sessions";
import type { UserHub } from "../../worker/hub-host/user-hub";
import { completionBatch, hubOf, makeDue, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { createTask, registerUser } from "./helpers";

async function dailyFocus(userId: string) {
  return env.DB.prepare(
    "select focus_sessions_completed as sessions, total_focus_minutes as minutes from daily_analytics where user_id = ?",
  )
    .bind(userId)
    .all<{ sessions: number; minutes: number }>();
}

describe("the end-of-session alarm", () => {
  it("completes the session in D1, records focus-completed once, and finishes the timer", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Write tests" });
    const started = await startSession(token, task.id, 60);
    await makeDue(user.id);
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);

    const state = await timerState(token);
    expect(state).toMatchObject({ status: "finished", finishReason: "elapsed", sessionId: started.id });
    const row = await sessionRow(started.id);
    expect(row).toMatchObject({ is_completed: 1, focused_seconds: 60, completed_at: state.finishedAt });
    expect((await dailyFocus(user.id)).results).toEqual([{ sessions: 1, minutes: 1 }]);

    // Nothing is scheduled any more: a second run finds no alarm.
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(false);
  });

  it("is idempotent when delivered again, even after a crash between D1 and the state change", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 120);
    await makeDue(user.id);
    const due = await runInDurableObject(hubOf(user.id), (_hub, state) => state.storage.kv.get<TimerState>("timer"));

    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    const first = await sessionRow(started.id);
    // As if the object died after writing D1 but before storing "finished": the alarm is retried.
    await runInDurableObject(hubOf(user.id), async (hub: UserHub, state) => {
      state.storage.kv.put("timer", due);
      await hub.alarm();
      await hub.alarm();
    });

    expect(await sessionRow(started.id)).toEqual(first);
    expect(first).toMatchObject({ is_completed: 1, focused_seconds: 120 });
    expect((await dailyFocus(user.id)).results).toEqual([{ sessions: 1, minutes: 2 }]);
    expect((await timerState(token)).status).toBe("finished");
    const completions = await env.DB.prepare(
      "select count(*) as n from focus_sessions where user_id = ? and is_completed = 1",
    )
      .bind(user.id)
      .first<{ n: number }>();
    expect(completions?.n).toBe(1);
  });

  it("an early alarm re-arms at the end instant and changes nothing", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 600);
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    expect(await timerState(token)).toMatchObject({ status: "running" });
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
    const alarm = await runInDurableObject(hubOf(user.id), (_hub, state) => state.storage.getAlarm());
    expect(alarm).toBe((started.timer.state.startedAt ?? 0) + 600_000);
    expect((await dailyFocus(user.id)).results.every((r) => r.sessions === 0)).toBe(true);
  });

  it("a stale alarm after pause or reset does nothing", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 60);
    await makeDue(user.id);
    // Pausing a due run is refused: it is over, and the alarm will say so.
    expect((await timer(token, "pause")).status).toBe(409);
    await timer(token, "reset");
    await runInDurableObject(hubOf(user.id), (hub: UserHub) => hub.alarm());
    expect((await timerState(token)).status).toBe("idle");
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
    expect((await dailyFocus(user.id)).results.every((r) => r.sessions === 0)).toBe(true);
  });

  it("a break's alarm finishes the break and records nothing", async () => {
    const { token, user } = await registerUser();
    expect((await timer(token, "break")).status).toBe(200);
    await makeDue(user.id);
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await timerState(token)).toMatchObject({ status: "finished", kind: "break", finishReason: "elapsed" });
    expect((await dailyFocus(user.id)).results.every((r) => r.sessions === 0)).toBe(true);
  });

  it("End Session and PATCH .../complete record the minutes actually focused, once", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 1800);
    // Ten minutes in: move the start back by 10 minutes.
    await runInDurableObject(hubOf(user.id), (_hub, state) => {
      const t = state.storage.kv.get<TimerState>("timer");
      if (t?.startedAt) state.storage.kv.put("timer", { ...t, startedAt: t.startedAt - 600_000 });
    });
    expect((await timer(token, "end")).status).toBe(200);
    const res = await env.DB.prepare("select focused_seconds from focus_sessions where id = ?")
      .bind(started.id)
      .first<{ focused_seconds: number }>();
    expect(res?.focused_seconds).toBeGreaterThanOrEqual(600);
    expect(res?.focused_seconds).toBeLessThan(660);
    expect((await dailyFocus(user.id)).results).toEqual([{ sessions: 1, minutes: 10 }]);
  });
});

describe("completeFocusSession", () => {
  it("completes once however many callers race for the same session", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 600);
    const db = createDb(env.DB);
    const owner = { id: user.id, timeZone: "UTC" };
    const at = new Date();
    const outcomes = await Promise.all([1, 2, 3].map(() => completeFocusSession(db, owner, started.id, 300, at)));
    expect(outcomes.sort()).toEqual(["already-completed", "already-completed", "completed"]);
    expect(await completeFocusSession(db, owner, started.id, 300, at)).toBe("already-completed");
    expect(await sessionRow(started.id)).toMatchObject({ is_completed: 1, focused_seconds: 300 });
    expect((await dailyFocus(user.id)).results).toEqual([{ sessions: 1, minutes: 5 }]);
    // Someone else's session is missing for this user, and stays untouched.
    const other = await registerUser();
    expect(await completeFocusSession(db, { id: other.user.id, timeZone: "UTC" }, started.id, 1, at)).toBe("missing");
  });
});

describe("the completion batch", () => {
  it("commits what follows the guard (the analytics) only when it completes the session", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 600);
    const db = createDb(env.DB);
    const owner = { id: user.id, timeZone: "UTC" };
    // A probe row stands in for whatever the recorder appends: it must commit with the
    // completion, and roll back with a batch that finds the session already completed.
    const probe = (key: string) => db.insert(loginFailures).values({ key, count: 1, windowStart: new Date() });
    const probeKey = `probe:${crypto.randomUUID()}`;
    await db.batch([...completionBatch(db, owner, started.id, 600, new Date()), probe(`${probeKey}:1`)]);
    await expect(
      db.batch([...completionBatch(db, owner, started.id, 600, new Date()), probe(`${probeKey}:2`)]),
    ).rejects.toThrow();
    const probes = await env.DB.prepare("select key from login_failures where key like ? order by key")
      .bind(`${probeKey}:%`)
      .all<{ key: string }>();
    expect(probes.results.map((r) => r.key)).toEqual([`${probeKey}:1`]);
    expect(await sessionRow(started.id)).toMatchObject({ user_id: user.id, is_completed: 1, focused_seconds: 600 });
  });
});

describe("durability", () => {
  it("the timer and its alarm survive eviction of the object", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Survive" });
    const started = await startSession(token, task.id, 600);
    await timer(token, "pause");
    const before = await timerState(token);
    await evictDurableObject(hubOf(user.id));
    expect(await timerState(token)).toEqual(before);
    await timer(token, "resume");
    await evictDurableObject(hubOf(user.id));
    const after = await timerState(token);
    expect(after).toMatchObject({ status: "running", sessionId: started.id, taskTitle: "Survive" });
    const alarm = await runInDurableObject(hubOf(user.id), (_hub, state) => state.storage.getAlarm());
    expect(alarm).toBe((after.startedAt ?? 0) + after.pausedTotalMs + 600_000);

    // And the alarm still completes the run after another eviction, with no tab and no request.
    await makeDue(user.id);
    await evictDurableObject(hubOf(user.id));
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect((await sessionRow(started.id))?.is_completed).toBe(1);
  });
});
