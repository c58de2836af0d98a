import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TimerState } from "../../shared/schemas/focus";
import { hubOf, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

const alarmOf = (userId: string) => runInDurableObject(hubOf(userId), (_hub, state) => state.storage.getAlarm());
const deleteTask = (token: string, id: number) => api(`/api/tasks/${id}`, { method: "DELETE", token });

/** As if the run had started two minutes ago: the hub derives elapsed time from the stored start. */
async function twoMinutesIn(userId: string) {
  await runInDurableObject(hubOf(userId), (_hub, state) => {
    const stored = state.storage.kv.get<TimerState>("timer");
    if (!stored?.startedAt) throw new Error("no run under way");
    state.storage.kv.put("timer", { ...stored, startedAt: stored.startedAt - 120_000 });
  });
}

describe("deleting the task a focus timer is about", () => {
  it("ends a running session with the minutes focused so far, then the timer is idle", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Under way" });
    const started = await startSession(token, task.id, 1500);
    await twoMinutesIn(user.id);

    expect((await deleteTask(token, task.id)).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null, sessionId: null });
    expect(await alarmOf(user.id)).toBeNull();
    const row = await sessionRow(started.id);
    expect(row).toMatchObject({ task_id: null, is_completed: 1 });
    expect(row?.focused_seconds).toBeGreaterThanOrEqual(120);
    expect(row?.focused_seconds).toBeLessThan(180);
  });

  it("releases a paused or a finished timer about it", async () => {
    const { token } = await registerUser();
    const paused = await createTask(token, { title: "Paused" });
    await startSession(token, paused.id, 1500);
    expect((await timer(token, "pause")).status).toBe(200);
    expect((await deleteTask(token, paused.id)).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null });

    const finished = await createTask(token, { title: "Finished" });
    await startSession(token, finished.id, 1500);
    expect((await timer(token, "end")).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "finished", taskId: finished.id });
    expect((await deleteTask(token, finished.id)).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null });
  });

  it("leaves a timer about another task running", async () => {
    const { token, user } = await registerUser();
    const focused = await createTask(token, { title: "Focused" });
    const other = await createTask(token, { title: "Other" });
    const started = await startSession(token, focused.id, 1500);

    expect((await deleteTask(token, other.id)).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "running", taskId: focused.id, sessionId: started.id });
    expect(await alarmOf(user.id)).not.toBeNull();
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
  });

  it("leaves the timer running when the delete fails", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Under way" });
    const started = await startSession(token, task.id, 1500);
    const name = `fail_${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare(
      `create trigger ${name} before delete on tasks when old.user_id = '${user.id}' begin select raise(abort, 'refused'); end`,
    ).run();
    try {
      expect((await deleteTask(token, task.id)).status).toBe(500);
    } finally {
      await env.DB.prepare(`drop trigger if exists ${name}`).run();
    }
    expect(await timerState(token)).toMatchObject({ status: "running", sessionId: started.id });
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
  });
});

describe('clearing the task a focus timer is about from the "No" list', () => {
  const clear = (token: string, ids: number[]) => api("/api/no-list/clear", { method: "POST", token, json: { ids } });

  it("ends a running session with the minutes focused so far, then the timer is idle", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Under way" });
    const other = await createTask(token, { title: "Also cleared" });
    const started = await startSession(token, task.id, 1500);
    await twoMinutesIn(user.id);

    const res = await clear(token, [other.id, task.id]);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cleared: 2, notCleared: 0 });
    expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null, sessionId: null });
    expect(await alarmOf(user.id)).toBeNull();
    const row = await sessionRow(started.id);
    expect(row?.is_completed).toBe(1);
    expect(row?.focused_seconds).toBeGreaterThanOrEqual(120);
    expect(row?.focused_seconds).toBeLessThan(180);
  });

  it("leaves a timer about a task it did not clear running", async () => {
    const { token, user } = await registerUser();
    const focused = await createTask(token, { title: "Focused" });
    const other = await createTask(token, { title: "Cleared" });
    const started = await startSession(token, focused.id, 1500);

    expect((await clear(token, [other.id])).status).toBe(200);
    expect(await timerState(token)).toMatchObject({ status: "running", taskId: focused.id, sessionId: started.id });
    expect(await alarmOf(user.id)).not.toBeNull();
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
  });

  it("leaves the timer running when nothing was cleared", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Under way" });
    const started = await startSession(token, task.id, 1500);
    const stranger = await registerUser();

    // Another user's clear naming this task clears nothing of theirs: 404, no change here.
    expect((await clear(stranger.token, [task.id])).status).toBe(404);
    expect(await timerState(token)).toMatchObject({ status: "running", taskId: task.id, sessionId: started.id });
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
  });
});
