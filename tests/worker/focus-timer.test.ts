import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TimerSnapshot, TimerState } from "../../shared/schemas/focus";
import { hubOf, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

async function expectConflict(res: Response, message: string) {
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ message });
}

async function ok(res: Response): Promise<TimerState> {
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as TimerSnapshot;
  expect(typeof body.serverNow).toBe("number");
  return body.state;
}

const alarmOf = (userId: string) => runInDurableObject(hubOf(userId), (_hub, state) => state.storage.getAlarm());

describe("the timer's transitions", () => {
  it("starts idle and refuses what needs a run with 409", async () => {
    const { token } = await registerUser();
    const state = await timerState(token);
    expect(state).toMatchObject({ status: "idle", sessionId: null, taskId: null, startedAt: null });
    await expectConflict(await timer(token, "pause"), "There is no running session to pause.");
    await expectConflict(await timer(token, "resume"), "There is no paused session to resume.");
    await expectConflict(await timer(token, "end"), "There is no session to end.");
    await expectConflict(await timer(token, "acknowledge"), "There is no finished session to acknowledge.");
    expect((await ok(await timer(token, "reset"))).status).toBe("idle");
  });

  it("runs start → pause → resume → end → acknowledge, with the alarm following the end instant", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Read the paper" });
    const started = await startSession(token, task.id, 600);
    const running = started.timer.state;
    expect(await alarmOf(user.id)).toBe((running.startedAt ?? 0) + 600_000);

    const paused = await ok(await timer(token, "pause"));
    expect(paused).toMatchObject({ status: "paused", sessionId: started.id });
    expect(paused.pausedAt).not.toBeNull();
    expect(await alarmOf(user.id)).toBeNull();
    await expectConflict(await timer(token, "pause"), "The session is already paused.");

    const resumed = await ok(await timer(token, "resume"));
    expect(resumed).toMatchObject({ status: "running", pausedAt: null });
    // Resuming shifts the end by the paused span.
    expect(await alarmOf(user.id)).toBe((resumed.startedAt ?? 0) + resumed.pausedTotalMs + 600_000);
    await expectConflict(await timer(token, "resume"), "The session is already running.");

    const ended = await ok(await timer(token, "end"));
    expect(ended).toMatchObject({ status: "finished", finishReason: "ended", taskTitle: "Read the paper" });
    expect(await alarmOf(user.id)).toBeNull();
    const row = await sessionRow(started.id);
    expect(row?.is_completed).toBe(1);
    expect(row?.completed_at).toBe(ended.finishedAt);
    expect(row?.focused_seconds).toBeLessThan(60);
    await expectConflict(await timer(token, "end"), "The session has already finished.");
    await expectConflict(await timer(token, "pause"), "The session has already finished.");
    await expectConflict(await timer(token, "resume"), "There is no paused session to resume.");

    // "Need More Time" keeps the task for the next run; "Next Task" clears it.
    const kept = await ok(await timer(token, "acknowledge", { keepTask: true }));
    expect(kept).toMatchObject({ status: "idle", taskId: task.id, taskTitle: "Read the paper", sessionId: null });
    await expectConflict(await timer(token, "acknowledge"), "There is no finished session to acknowledge.");
  });

  it("ends a paused session without counting the pause as focus", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 600);
    await ok(await timer(token, "pause"));
    const ended = await ok(await timer(token, "end"));
    expect(ended.status).toBe("finished");
    expect(ended.pausedAt).toBeNull();
    expect((await sessionRow(started.id))?.is_completed).toBe(1);
  });

  it("versions every change so clients keep the newest", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const v0 = (await timerState(token)).version;
    const v1 = (await startSession(token, task.id)).timer.state.version;
    const v2 = (await ok(await timer(token, "pause"))).version;
    const v3 = (await ok(await timer(token, "reset"))).version;
    expect([v1 > v0, v2 > v1, v3 > v2]).toEqual([true, true, true]);
  });

  it("refuses to start while a run is paused, and Next Task clears the task", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    await startSession(token, task.id);
    await ok(await timer(token, "pause"));
    await expectConflict(await timer(token, "break"), "A focus session is paused. End it before taking a break.");
    await ok(await timer(token, "end"));
    const next = await ok(await timer(token, "acknowledge", { keepTask: false }));
    expect(next).toMatchObject({ status: "idle", taskId: null, taskTitle: null });
  });

  it("refuses bad bodies on the timer calls with 400 and changes nothing", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    await startSession(token, task.id);
    for (const json of [{ keepTask: "yes" }, { other: 1 }]) {
      const res = await timer(token, "acknowledge", json);
      expect(res.status).toBe(400);
    }
    expect((await timer(token, "pause", { now: 1 })).status).toBe(400);
    expect((await timerState(token)).status).toBe("running");
  });

  it("resets from any state, deleting the alarm (the Start Fresh seam)", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id);
    expect(await alarmOf(user.id)).not.toBeNull();
    await env.USER_HUB.getByName(user.id).changed({
      events: [{ type: "everything-cleared", startFresh: true }],
      tab: null,
    });
    expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null, sessionId: null });
    expect(await alarmOf(user.id)).toBeNull();
    // The abandoned session is neither completed nor removed.
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
  });

  it("requires sign-in", async () => {
    for (const action of [undefined, "pause", "resume", "end", "reset", "acknowledge", "break"]) {
      const res = await timer("", action);
      expect(res.status).toBe(401);
    }
  });
});

describe("the 5-minute break", () => {
  it("runs on the same timer after a session, about the same task, and records nothing", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Plan the week" });
    await startSession(token, task.id);
    await ok(await timer(token, "end"));
    const breakState = await ok(await timer(token, "break"));
    expect(breakState).toMatchObject({
      status: "running",
      kind: "break",
      durationMs: 300_000,
      sessionId: null,
      taskId: task.id,
      taskTitle: "Plan the week",
    });
    await expectConflict(await timer(token, "break"), "A break is already running.");
    const during = await api("/api/focus-sessions", {
      method: "POST",
      token,
      json: { taskId: task.id, duration: 600 },
    });
    await expectConflict(during, "A break is already running.");
    const ended = await ok(await timer(token, "end"));
    expect(ended).toMatchObject({ status: "finished", kind: "break" });
    const sessions = await env.DB.prepare("select count(*) as n from focus_sessions where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it("can start from idle", async () => {
    const { token } = await registerUser();
    expect(await ok(await timer(token, "break"))).toMatchObject({ status: "running", kind: "break", taskId: null });
  });
});

describe("concurrent calls", () => {
  it("two pauses at once: one wins, the other answers 409, and the state is paused", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    await startSession(token, task.id);
    const answers = await Promise.all([timer(token, "pause"), timer(token, "pause")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await timerState(token)).status).toBe("paused");

    const resumes = await Promise.all([timer(token, "resume"), timer(token, "resume")]);
    expect(resumes.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await timerState(token)).status).toBe("running");
  });

  it("a pause and a resume racing converge on one state every reader agrees on", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    await startSession(token, task.id);
    const answers = await Promise.all([timer(token, "pause"), timer(token, "resume"), timer(token, "pause")]);
    const accepted = await Promise.all(
      answers.filter((r) => r.status === 200).map(async (r) => ((await r.json()) as TimerSnapshot).state),
    );
    const final = await timerState(token);
    // The newest accepted answer is the stored state.
    const newest = accepted.sort((a, b) => b.version - a.version)[0];
    expect(final).toEqual(newest);
    const stored = await runInDurableObject(hubOf(user.id), (_hub, state) => state.storage.kv.get("timer"));
    expect(stored).toEqual(final);
    expect(await alarmOf(user.id)).toBe(
      final.status === "running" ? (final.startedAt ?? 0) + final.pausedTotalMs + 1_500_000 : null,
    );
  });
});
