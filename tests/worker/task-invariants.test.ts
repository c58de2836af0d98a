import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { getTasks, postPlan, setClock } from "./day-helpers";
import { api, createTask, registerUser } from "./helpers";

const patch = (token: string, id: number, json: Record<string, unknown>) =>
  api(`/api/tasks/${id}`, { method: "PATCH", token, json });
const reopen = (token: string, id: number) => api(`/api/tasks/${id}/reopen`, { method: "POST", token });

/** Every task of the user whose flag and time disagree. */
async function brokenRows(userId: string) {
  const { results } = await env.DB.prepare(
    "select id from tasks where user_id = ? and ((is_completed <> 0) <> (completed_at is not null))",
  )
    .bind(userId)
    .all<{ id: number }>();
  return results;
}

const todaysOpenPriorities = (tasks: Task[], today: string) =>
  tasks.filter((task) => !task.isCompleted && task.isPriority && (task.priorityDate ?? "") >= today);

// docs/decisions/171-finished-has-a-time.md
describe("finished ⇔ has a time", () => {
  it("finishing while another device reopens, in rounds sent at once, never leaves a finished task without its time", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Send the quarterly report to finance" });
    for (let round = 0; round < 15; round += 1) {
      const answers = await Promise.all([
        patch(token, task.id, { isCompleted: true }),
        reopen(token, task.id),
        patch(token, task.id, { isCompleted: true }),
        patch(token, task.id, { isCompleted: false }),
      ]);
      // 409: reopened already; never a 500 from the database's guard.
      expect(answers.map((res) => res.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
      expect(await brokenRows(user.id)).toEqual([]);
    }
  });

  it("the database refuses a write that breaks it", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Book the dentist" });
    await expect(env.DB.prepare("update tasks set is_completed = 1 where id = ?").bind(task.id).run()).rejects.toThrow(
      /finished has a time/,
    );
    await expect(
      env.DB.prepare("insert into tasks (user_id, title, is_completed, completed_at) values (?, 'x', 0, 1700000000000)")
        .bind(user.id)
        .run(),
    ).rejects.toThrow(/finished has a time/);
  });

  it("migration 0007 repairs rows already broken, then stands guard again", async () => {
    const { token, user } = await registerUser();
    const finished = await createTask(token, { title: "Pay the electricity bill" });
    const open = await createTask(token, { title: "Renew the library card" });
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0007_"));
    expect(migration).toBeDefined();
    const triggers = ["tasks_finished_has_time_on_insert", "tasks_finished_has_time_on_update"];
    // Broken as the race left them, before the guard existed.
    await env.DB.batch([
      ...triggers.map((name) => env.DB.prepare(`drop trigger ${name}`)),
      env.DB.prepare(
        "update tasks set is_completed = 1, completed_at = null, updated_at = 1795000000000 where id = ?",
      ).bind(finished.id),
      env.DB.prepare("update tasks set completed_at = 1795000000000 where id = ?").bind(open.id),
    ]);
    expect((await brokenRows(user.id)).length).toBe(2);
    // The migration's repair and guard (its new column is there already).
    const repair = (migration?.queries ?? []).filter((query) => !query.includes("ALTER TABLE"));
    await env.DB.batch(repair.map((query) => env.DB.prepare(query)));
    expect(await brokenRows(user.id)).toEqual([]);
    const row = await env.DB.prepare("select completed_at from tasks where id = ?")
      .bind(finished.id)
      .first<{ completed_at: number }>();
    expect(row?.completed_at).toBe(1795000000000);
    await expect(
      env.DB.prepare("update tasks set completed_at = null where id = ?").bind(finished.id).run(),
    ).rejects.toThrow(/finished has a time/);
  });
});

// docs/decisions/172-marks-rules-on-every-route.md
describe("today's marks: at most three open priorities, never a priority on the No list", () => {
  // The rules are per day and each test reads "today" once: on the real clock a day that began
  // (04:00 in the person's zone) during a test would split its marks over two days.
  beforeEach(() => {
    setClock("2027-02-10T12:00:00Z");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function userWithTasks(count: number) {
    const account = await registerUser();
    const tasks: Task[] = [];
    for (let i = 0; i < count; i += 1) {
      tasks.push(await createTask(account.token, { title: `Task number ${i + 1} for the marks rules test` }));
    }
    const today = ((await (await api("/api/day", { token: account.token })).json()) as { date: string }).date;
    return { ...account, ids: tasks.map((task) => task.id), today };
  }

  it("isPriority: true sent at once for seven tasks marks exactly three; the rest answer 409", async () => {
    const { token, ids, today } = await userWithTasks(7);
    const answers = await Promise.all(ids.map((id) => patch(token, id, { isPriority: true })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409]);
    const refused = answers.find((res) => res.status === 409);
    expect(await refused?.text()).toMatch(/3 priorities already/);
    expect(todaysOpenPriorities(await getTasks(token), today)).toHaveLength(3);
  });

  it("creating priorities at once never makes a fourth", async () => {
    const { token, today } = await userWithTasks(0);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api("/api/tasks", { method: "POST", token, json: { title: `Created priority ${i}`, isPriority: true } }),
      ),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(3);
    expect(todaysOpenPriorities(await getTasks(token), today)).toHaveLength(3);
  });

  it("a reopen after a new plan comes back without its mark", async () => {
    const { token, ids, today } = await userWithTasks(5);
    const [a = 0, b = 0, c = 0, d = 0, e = 0] = ids;
    expect((await postPlan(token, [a, b, c])).status).toBe(200);
    expect((await patch(token, a, { isCompleted: true })).status).toBe(200);
    expect((await postPlan(token, [b, c, d])).status).toBe(200);
    const [viaRoute, viaPatch] = await Promise.all([reopen(token, a), patch(token, e, { isPriority: true })]);
    expect(viaRoute.status).toBe(200);
    expect(viaPatch.status).toBe(409);
    expect(((await viaRoute.json()) as Task).isPriority).toBe(false);
    expect(todaysOpenPriorities(await getTasks(token), today)).toHaveLength(3);
  });

  it("Undo after a new plan brings the task back without its mark", async () => {
    const { token, ids, today } = await userWithTasks(4);
    const [a = 0, b = 0, c = 0, d = 0] = ids;
    expect((await postPlan(token, [a, b, c])).status).toBe(200);
    const removed = (await (await api(`/api/tasks/${a}`, { method: "DELETE", token })).json()) as { undoToken: string };
    expect((await postPlan(token, [b, c, d])).status).toBe(200);
    expect((await api("/api/undo", { method: "POST", token, json: { token: removed.undoToken } })).status).toBe(200);
    const tasks = await getTasks(token);
    expect(todaysOpenPriorities(tasks, today).map((task) => task.id)).toEqual([b, c, d]);
    expect(tasks.find((task) => task.id === a)?.isPriority).toBe(false);
  });

  it("a move onto the No list takes the priority away; a priority mark on a No-list item is refused", async () => {
    const { token, ids } = await userWithTasks(2);
    const [a = 0, b = 0] = ids;
    expect((await postPlan(token, [a])).status).toBe(200);
    const moved = await patch(token, a, { category: "no_list" });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ category: "no_list", isPriority: false, priorityDate: null });

    expect((await patch(token, b, { category: "no_list" })).status).toBe(200);
    // Sent at once with a move off the list: either order keeps the rule.
    const [marked, both] = await Promise.all([
      patch(token, b, { isPriority: true }),
      patch(token, a, { isPriority: true, category: "no_list" }),
    ]);
    expect(marked.status).toBe(409);
    expect(((await marked.json()) as { message: string }).message).toMatch(/"No" list/);
    expect(both.status).toBe(400);
    const created = await api("/api/tasks", {
      method: "POST",
      token,
      json: { title: "Say no to the extra meeting", category: "no_list", isPriority: true },
    });
    expect(created.status).toBe(400);
    const tasks = await getTasks(token);
    expect(tasks.filter((task) => task.category === "no_list" && task.isPriority)).toEqual([]);
    // Analyze Priorities ranking a No-list item among the top leaves it unmarked.
    const analyzed = await api("/api/tasks/priorities", {
      method: "POST",
      token,
      json: { tasks: [a, b].map((id) => ({ id, answers: { urgent: true, important: true } })) },
    });
    expect(analyzed.status).toBe(200);
    expect((await getTasks(token)).filter((task) => task.category === "no_list" && task.isPriority)).toEqual([]);
    // Moved off the list in the same change, it may be marked.
    expect((await patch(token, b, { isPriority: true, category: "later" })).status).toBe(200);
  });
});
