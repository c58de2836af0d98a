import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { FocusSession } from "../../shared/schemas/focus";
import { sessionRow, startSession, timer, timerState } from "./focus-helpers";
import { api, createTask, registerUser, rowsOf } from "./helpers";

describe("POST /api/focus-sessions", () => {
  it("creates the session (201) and starts the user's timer on it", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Draft the proposal" });
    const res = await api("/api/focus-sessions", {
      method: "POST",
      token,
      json: { taskId: task.id, duration: 1500, isCompleted: false },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as FocusSession & { timer: { state: Record<string, unknown>; serverNow: number } };
    expect(body).toMatchObject({ taskId: task.id, duration: 1500, isCompleted: false, completedAt: null });
    expect(body.id).toBeGreaterThan(0);
    expect(typeof body.startedAt).toBe("string");
    expect(body.timer.state).toMatchObject({
      status: "running",
      kind: "focus",
      taskId: task.id,
      taskTitle: "Draft the proposal",
      sessionId: body.id,
      durationMs: 1_500_000,
    });
    expect(await timerState(token)).toMatchObject({ status: "running", sessionId: body.id });
  });

  it("accepts the spec payload without isCompleted too", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const res = await api("/api/focus-sessions", { method: "POST", token, json: { taskId: task.id, duration: 60 } });
    expect(res.status).toBe(201);
  });

  it("refuses a second session while one runs (409) and leaves no row behind", async () => {
    const { token, user } = await registerUser();
    const first = await createTask(token, { title: "First" });
    const second = await createTask(token, { title: "Second" });
    const running = await startSession(token, first.id);
    const res = await api("/api/focus-sessions", {
      method: "POST",
      token,
      json: { taskId: second.id, duration: 600, isCompleted: false },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "A focus session is already running." });
    expect(await rowsOf("focus_sessions", user.id)).toBe(1);
    expect(await timerState(token)).toMatchObject({ status: "running", sessionId: running.id, taskId: first.id });

    // Paused counts as under way too.
    expect((await timer(token, "pause")).status).toBe(200);
    const again = await api("/api/focus-sessions", {
      method: "POST",
      token,
      json: { taskId: second.id, duration: 600 },
    });
    expect(again.status).toBe(409);
    expect(await rowsOf("focus_sessions", user.id)).toBe(1);
  });

  it("answers 404 for another user's task or no task, and creates nothing", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const task = await createTask(a.token);
    for (const taskId of [task.id, 987654]) {
      const res = await api("/api/focus-sessions", { method: "POST", token: b.token, json: { taskId, duration: 600 } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Task not found." });
    }
    expect(await rowsOf("focus_sessions", b.user.id)).toBe(0);
    expect((await timerState(b.token)).status).toBe("idle");
  });

  it.each([
    [{ title: "Done already", isCompleted: true }, "already completed"],
    [{ title: "Not today", category: "no_list" }, '"No" List'],
  ])("refuses a task that cannot be focused on (%o) with 409", async (json, text) => {
    const { token, user } = await registerUser();
    const task = await createTask(token, json);
    const res = await api("/api/focus-sessions", { method: "POST", token, json: { taskId: task.id, duration: 600 } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain(text);
    expect(await rowsOf("focus_sessions", user.id)).toBe(0);
    expect((await timerState(token)).status).toBe("idle");
  });

  it("answers a hidden [REMOVED] task like a deleted one: 404, nothing started", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "[REMOVED] Task 7" });
    const res = await api("/api/focus-sessions", { method: "POST", token, json: { taskId: task.id, duration: 600 } });
    expect(res.status).toBe(404);
    expect(await rowsOf("focus_sessions", user.id)).toBe(0);
    expect((await timerState(token)).status).toBe("idle");
  });

  it.each([
    [{}, "taskId"],
    [{ taskId: 1 }, "duration"],
    [{ taskId: 1, duration: 59 }, "duration"],
    [{ taskId: 1, duration: 7201 }, "duration"],
    [{ taskId: 1, duration: 90.5 }, "duration"],
    [{ taskId: 1, duration: "1500" }, "duration"],
    [{ taskId: "1", duration: 1500 }, "taskId"],
    [{ taskId: -1, duration: 1500 }, "taskId"],
    [{ taskId: 1, duration: 1500, isCompleted: true }, "isCompleted"],
    [{ taskId: 1, duration: 1500, userId: "someone" }, ""],
  ])("refuses %o with 400 and changes nothing", async (json, field) => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const body: Record<string, unknown> = { ...json };
    if (body.taskId === 1) body.taskId = task.id;
    const res = await api("/api/focus-sessions", { method: "POST", token, json: body });
    expect(res.status).toBe(400);
    const error = (await res.json()) as { message: string; issues: { path: string[] }[] };
    expect(error.message).toMatch(/^Invalid request body/);
    if (field) expect(error.issues[0]?.path).toContain(field);
    expect(await rowsOf("focus_sessions", user.id)).toBe(0);
    expect((await timerState(token)).status).toBe("idle");
  });

  it("refuses a body that is not JSON with 400", async () => {
    const { token } = await registerUser();
    const res = await api("/api/focus-sessions", {
      method: "POST",
      token,
      body: "taskId=1",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
  });

  it("requires sign-in", async () => {
    expect((await api("/api/focus-sessions", { method: "POST", json: { taskId: 1, duration: 600 } })).status).toBe(401);
    expect((await api("/api/focus-sessions")).status).toBe(401);
    expect((await api("/api/focus-sessions/1/complete", { method: "PATCH", json: {} })).status).toBe(401);
  });
});

describe("GET /api/focus-sessions", () => {
  it("lists only the user's sessions, newest first", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const task = await createTask(a.token);
    const first = await startSession(a.token, task.id);
    await timer(a.token, "reset");
    const second = await startSession(a.token, task.id, 600);
    const other = await createTask(b.token);
    await startSession(b.token, other.id);
    const res = await api("/api/focus-sessions", { token: a.token });
    expect(res.status).toBe(200);
    const list = (await res.json()) as FocusSession[];
    expect(list.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ taskId: task.id, duration: 600, isCompleted: false, focusedSeconds: null });
  });
});

describe("PATCH /api/focus-sessions/{id}/complete", () => {
  it("completes the running session, ends the timer, and is idempotent", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id);
    const res = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token, json: {} });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FocusSession;
    expect(body).toMatchObject({ id: started.id, isCompleted: true });
    expect(body.completedAt).not.toBeNull();
    // Ended early: it counts the seconds actually focused (a moment), not the planned 25 minutes.
    expect(body.focusedSeconds).toBeLessThan(60);
    expect(await timerState(token)).toMatchObject({ status: "finished", finishReason: "ended", sessionId: started.id });

    const again = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
  });

  it("completes a session the timer is not running, counting at most its planned length", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const inserted = await env.DB.prepare(
      "insert into focus_sessions (user_id, task_id, duration, started_at) values (?, ?, 300, ?) returning id",
    )
      .bind(user.id, task.id, Date.now() - 3_600_000)
      .first<{ id: number }>();
    const id = inserted?.id ?? 0;
    const res = await api(`/api/focus-sessions/${id}/complete`, { method: "PATCH", token, json: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, isCompleted: true, focusedSeconds: 300 });
    expect((await timerState(token)).status).toBe("idle");
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const task = await createTask(a.token);
    const started = await startSession(a.token, task.id);
    const res = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token: b.token, json: {} });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Focus session not found." });
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
    expect((await timerState(a.token)).status).toBe("running");
    expect((await api("/api/focus-sessions/424242/complete", { method: "PATCH", token: b.token })).status).toBe(404);
  });

  it.each(["abc", "0", "-1", "2.5"])("answers 400 for the id %s", async (id) => {
    const { token } = await registerUser();
    expect((await api(`/api/focus-sessions/${id}/complete`, { method: "PATCH", token, json: {} })).status).toBe(400);
  });

  it("refuses a body with fields or that is not an object (400) and completes nothing", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id);
    for (const init of [
      { json: { isCompleted: false } },
      { json: [1, 2] },
      { body: "nope", headers: { "Content-Type": "application/json" } },
    ]) {
      const res = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token, ...init });
      expect(res.status).toBe(400);
    }
    expect((await sessionRow(started.id))?.is_completed).toBe(0);
    expect((await timerState(token)).status).toBe("running");
  });
});

describe("a focus run and its task deleted at the same time", () => {
  it("answers 404 'Task not found.' (never 500) when the task goes first, and leaves no session", async () => {
    for (let round = 0; round < 8; round += 1) {
      const { token, user } = await registerUser();
      const task = await createTask(token);
      const [deleted, started] = await Promise.all([
        api(`/api/tasks/${task.id}`, { method: "DELETE", token }),
        api("/api/focus-sessions", { method: "POST", token, json: { taskId: task.id, duration: 600 } }),
      ]);
      expect(deleted.status).toBe(200);
      expect([201, 404], await started.clone().text()).toContain(started.status);
      if (started.status === 404) {
        expect(await started.json()).toEqual({ message: "Task not found." });
        expect(await rowsOf("focus_sessions", user.id)).toBe(0);
        expect((await timerState(token)).status).toBe("idle");
      } else {
        // Started first, then deleted: the run is ended and its session kept, without the task
        // (docs/decisions/008-deleting-task-has-focus-sessions.md).
        expect((await sessionRow(((await started.json()) as FocusSession).id))?.task_id).toBeNull();
      }
    }
  });
});

describe("POST /api/timer/reset with a focus run under way", () => {
  async function focusMinutesToday(userId: string) {
    const row = await env.DB.prepare(
      "select coalesce(sum(focus_sessions_completed), 0) as sessions, coalesce(sum(total_focus_minutes), 0) as minutes from daily_analytics where user_id = ?",
    )
      .bind(userId)
      .first<{ sessions: number; minutes: number }>();
    return row;
  }

  it("closes the session, so completing it later is refused (409) and counts nothing", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 60);
    expect((await timer(token, "reset")).status).toBe(200);
    expect((await timerState(token)).status).toBe("idle");
    const closed = await sessionRow(started.id);
    expect(closed).toMatchObject({ is_completed: 0, focused_seconds: 0 });
    expect(closed?.completed_at).not.toBeNull();

    // As if a minute later: completing would credit the whole planned minute.
    await env.DB.prepare("update focus_sessions set started_at = started_at - 120000 where id = ?")
      .bind(started.id)
      .run();
    const res = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token, json: {} });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "This focus session was reset before it ended, so it cannot be completed.",
    });
    expect(await sessionRow(started.id)).toEqual(closed);
    expect(await focusMinutesToday(user.id)).toEqual({ sessions: 0, minutes: 0 });
    const listed = (await (await api("/api/focus-sessions", { token })).json()) as FocusSession[];
    expect(listed[0]).toMatchObject({ id: started.id, isCompleted: false, focusedSeconds: 0 });
  });

  it("closes a paused run's session too", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 60);
    expect((await timer(token, "pause")).status).toBe(200);
    expect((await timer(token, "reset")).status).toBe(200);
    expect(await sessionRow(started.id)).toMatchObject({ is_completed: 0, focused_seconds: 0 });
    expect((await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token })).status).toBe(409);
  });
});
