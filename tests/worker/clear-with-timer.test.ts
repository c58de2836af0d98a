import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { completionBatch, hubOf, sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

const alarmOf = (userId: string) => runInDurableObject(hubOf(userId), (_hub, state) => state.storage.getAlarm());

async function analyticsRows(userId: string) {
  const row = await env.DB.prepare("select count(*) as n from daily_analytics where user_id = ?")
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A completed session from earlier (its minutes stay) and a running one. */
async function runningWithHistory(token: string, userId: string) {
  const done = await createTask(token, { title: "Done earlier" });
  await env.DB.prepare(
    "insert into focus_sessions (user_id, task_id, duration, focused_seconds, is_completed, completed_at) values (?, ?, 600, 600, 1, 1767261600000)",
  )
    .bind(userId, done.id)
    .run();
  const task = await createTask(token, { title: "Under way" });
  const started = await startSession(token, task.id, 1500);
  expect(await alarmOf(userId)).not.toBeNull();
  return started;
}

async function sessionsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "select task_id, focused_seconds, is_completed from focus_sessions where user_id = ? order by id",
  )
    .bind(userId)
    .all();
  return results;
}

describe("Start Fresh and Clear Tasks with a focus session under way", () => {
  for (const path of ["/api/start-fresh", "/api/tasks/clear"]) {
    it(`${path} stops the timer, removes its alarm and deletes the open session row`, async () => {
      const { token, user } = await registerUser();
      const started = await runningWithHistory(token, user.id);

      expect((await api(path, { method: "POST", token })).status).toBe(204);
      expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null, sessionId: null });
      expect(await alarmOf(user.id)).toBeNull();
      expect(await sessionRow(started.id)).toBeNull();
      // The finished session keeps its minutes
      // (docs/decisions/008-deleting-task-has-focus-sessions.md).
      expect(await sessionsOf(user.id)).toEqual([{ task_id: null, focused_seconds: 600, is_completed: 1 }]);
      // A new session can start on a new task at once.
      const next = await createTask(token, { title: "Fresh start" });
      await startSession(token, next.id, 300);
    });

    it(`${path} also releases a paused or finished timer about a cleared task`, async () => {
      const { token, user } = await registerUser();
      await runningWithHistory(token, user.id);
      expect((await timer(token, "pause")).status).toBe(200);
      expect((await api(path, { method: "POST", token })).status).toBe(204);
      expect(await timerState(token)).toMatchObject({ status: "idle", taskId: null });
    });

    it(`${path} leaves the timer running when its batch fails`, async () => {
      const { token, user } = await registerUser();
      const started = await runningWithHistory(token, user.id);
      const name = `fail_${crypto.randomUUID().replaceAll("-", "")}`;
      await env.DB.prepare(
        `create trigger ${name} before delete on tasks when old.user_id = '${user.id}' begin select raise(abort, 'refused'); end`,
      ).run();
      try {
        expect((await api(path, { method: "POST", token })).status).toBe(500);
      } finally {
        await env.DB.prepare(`drop trigger if exists ${name}`).run();
      }
      expect(await timerState(token)).toMatchObject({ status: "running", sessionId: started.id });
      expect(await alarmOf(user.id)).not.toBeNull();
      expect((await sessionRow(started.id))?.is_completed).toBe(0);
    });
  }

  it("Clear Tasks leaves a timer that is about no task alone", async () => {
    const { token } = await registerUser();
    const before = await timerState(token);
    expect((await api("/api/tasks/clear", { method: "POST", token })).status).toBe(204);
    expect(await timerState(token)).toEqual(before);
  });

  it("a completion that read the session before it was cleared records nothing afterwards", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 600);
    expect((await api("/api/start-fresh", { method: "POST", token })).status).toBe(204);
    expect(await analyticsRows(user.id)).toBe(0);
    // The alarm or "End Session" read the row as open just before the clear, and writes now.
    const db = createDb(env.DB);
    const owner = { id: user.id, timeZone: "UTC" };
    await expect(db.batch(completionBatch(db, owner, started.id, 600, new Date()))).rejects.toThrow();
    expect(await analyticsRows(user.id)).toBe(0);
  });
});
