import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { productivityScore } from "../../shared/analytics";
import { setClock } from "./day-helpers";
import { startSession } from "./focus-helpers";
import { api, createTask, registerUser } from "./helpers";

async function totals(userId: string) {
  return env.DB.prepare(
    `select coalesce(sum(total_tasks_created), 0) as created, coalesce(sum(tasks_completed), 0) as completed,
       coalesce(sum(priority_tasks_completed), 0) as priority
     from daily_analytics where user_id = ?`,
  )
    .bind(userId)
    .first<{ created: number; completed: number; priority: number }>();
}

const complete = (token: string, id: number, json: Record<string, unknown> = {}) =>
  api(`/api/tasks/${id}`, { method: "PATCH", token, json: { isCompleted: true, ...json } });

afterEach(() => {
  vi.useRealTimers();
});

describe("the braindump counts in analytics", () => {
  // Today's record is read after the writes: on one instant, so no day begins in between.
  beforeEach(() => {
    setClock("2027-02-10T12:00:00Z");
  });

  it("counts every task POST /api/process-tasks creates, and only those", async () => {
    const { token, user } = await registerUser();
    const res = await api("/api/process-tasks", {
      method: "POST",
      token,
      json: { text: "Email Sam; Book flights\nEmail Sam\n\n;Water plants", allowDuplicates: true },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as unknown[]).length).toBe(3);
    expect(await totals(user.id)).toEqual({ created: 3, completed: 0, priority: 0 });

    // Titles that already exist create nothing and count nothing.
    await api("/api/process-tasks", { method: "POST", token, json: { text: "book flights; New one" } });
    expect(await totals(user.id)).toEqual({ created: 4, completed: 0, priority: 0 });
    const today = (await (await api("/api/analytics/today", { token })).json()) as { totalTasksCreated: number };
    expect(today.totalTasksCreated).toBe(4);
  });
});

describe("a task completed twice at once (two devices) counts once", () => {
  it("counts one completion however many requests race", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Finish the slides", isPriority: true });
    const answers = await Promise.all(Array.from({ length: 6 }, () => complete(token, task.id)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(await totals(user.id)).toMatchObject({ completed: 1, priority: 1 });
  });

  it("still applies the rest of a losing request's change", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Ship it" });
    const [a, b] = await Promise.all([complete(token, task.id), complete(token, task.id, { category: "urgent" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await env.DB.prepare("select category, is_completed from tasks where id = ?").bind(task.id).first();
    expect(row).toEqual({ category: "urgent", is_completed: 1 });
    expect(await totals(user.id)).toMatchObject({ completed: 1 });
  });

  it("a second completion after the first counts nothing", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    expect((await complete(token, task.id)).status).toBe(200);
    expect((await complete(token, task.id)).status).toBe(200);
    expect(await totals(user.id)).toMatchObject({ completed: 1 });
  });
});

describe("the day's figures agree with each other (docs/decisions/148-analytics-figures-agree.md)", () => {
  // Today's record is read after the writes: on one instant, so no day begins in between.
  beforeEach(() => {
    setClock("2027-02-10T12:00:00Z");
  });

  type Today = {
    focusSessionsCompleted: number;
    totalFocusMinutes: number;
    tasksCompleted: number;
    totalTasksCreated: number;
  };
  const today = async (token: string) => (await (await api("/api/analytics/today", { token })).json()) as Today;

  it("a session ended within seconds counts neither a session nor minutes", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    for (let i = 0; i < 2; i++) {
      const started = await startSession(token, task.id);
      const res = await api(`/api/focus-sessions/${started.id}/complete`, { method: "PATCH", token, json: {} });
      expect(res.status, await res.text()).toBe(200);
    }
    expect(await today(token)).toMatchObject({ focusSessionsCompleted: 0, totalFocusMinutes: 0 });
  });

  it("after Reset Stats, deleting a task shows a completion with nothing created, and the score stays 0", async () => {
    const { token } = await registerUser();
    const task = await createTask(token);
    expect((await api("/api/analytics/clear", { method: "POST", token })).status).toBe(204);
    const res = await api(`/api/tasks/${task.id}?complete=true`, { method: "DELETE", token });
    expect(res.status, await res.text()).toBe(200);
    const record = await today(token);
    expect(record).toMatchObject({ tasksCompleted: 1, totalTasksCreated: 0 });
    expect(productivityScore(record)).toBe(0);
  });
});
