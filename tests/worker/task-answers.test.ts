import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { api, createTask, registerUser } from "./helpers";

async function processTasks(token: string, text: string) {
  const res = await api("/api/process-tasks", { method: "POST", token, json: { text } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Task[];
}

function patchAnswers(token: string, id: number, json: unknown) {
  return api(`/api/tasks/${id}/answers`, { method: "PATCH", token, json });
}

async function listTasks(token: string) {
  return (await (await api("/api/tasks", { token })).json()) as Task[];
}

describe("PATCH /api/tasks/:id/answers", () => {
  it("saves answers as they are given, merges later ones, and null removes one", async () => {
    const { token } = await registerUser();
    const [task] = await processTasks(token, "Write report");
    if (!task) throw new Error("no task");
    expect(task.answers).toEqual({});
    expect((await patchAnswers(token, task.id, { important: true })).status).toBe(200);
    const res = await patchAnswers(token, task.id, { effort: "Small", relief: false });
    expect(((await res.json()) as Task).answers).toEqual({ important: true, effort: "Small", relief: false });
    await patchAnswers(token, task.id, { relief: null });
    // Read back as another device would.
    const [listed] = await listTasks(token);
    expect(listed?.answers).toEqual({ important: true, effort: "Small" });
  });

  it("keeps both answers when two devices answer the same task at once", async () => {
    const { token } = await registerUser();
    const [task] = await processTasks(token, "Book dentist");
    if (!task) throw new Error("no task");
    const ids = ["urgent", "important", "dependency", "relief", "resources"] as const;
    const results = await Promise.all(ids.map((id) => patchAnswers(token, task.id, { [id]: true })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    const [listed] = await listTasks(token);
    expect(listed?.answers).toEqual(Object.fromEntries(ids.map((id) => [id, true])));
  });

  it.each([
    [{}],
    [{ urgent: "yes" }],
    [{ effort: "Tiny" }],
    [{ unknown_question: true }],
    [{ urgent: true, title: "x" }],
    [[{ urgent: true }]],
  ])("refuses %o with 400 and saves nothing", async (json) => {
    const { token } = await registerUser();
    const [task] = await processTasks(token, "Call the bank");
    if (!task) throw new Error("no task");
    const res = await patchAnswers(token, task.id, json);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/^Invalid request body/);
    const [listed] = await listTasks(token);
    expect(listed?.answers).toEqual({});
  });

  it("answers 404 for another user's task, a hidden task and a missing one", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const [task] = await processTasks(a.token, "Mine");
    const hidden = await createTask(a.token, { title: "[REMOVED] Task 1" });
    if (!task) throw new Error("no task");
    expect((await patchAnswers(b.token, task.id, { urgent: true })).status).toBe(404);
    expect((await patchAnswers(a.token, hidden.id, { urgent: true })).status).toBe(404);
    expect((await patchAnswers(a.token, 999999, { urgent: true })).status).toBe(404);
    const [listed] = await listTasks(a.token);
    expect(listed?.answers).toEqual({});
  });

  it("puts an unplaced task answered urgent in Urgent, and back in Later when the answer goes", async () => {
    const { token } = await registerUser();
    const [task] = await processTasks(token, "Pay the rent");
    if (!task) throw new Error("no task");
    const urgent = (await (await patchAnswers(token, task.id, { urgent: true })).json()) as Task;
    expect(urgent.category).toBe("urgent");
    const today = await (await api("/api/analytics/today", { token })).json();
    expect(JSON.parse((today as { categoryBreakdown: string }).categoryBreakdown)).toMatchObject({ urgent: 1 });
    const cleared = (await (await patchAnswers(token, task.id, { urgent: null })).json()) as Task;
    expect(cleared.category).toBe("later");
  });

  it("leaves a task the person placed where they put it", async () => {
    const { token } = await registerUser();
    const [dropped, created] = await processTasks(token, "Water plants; Tidy desk");
    if (!dropped || !created) throw new Error("no tasks");
    await api(`/api/tasks/${dropped.id}`, { method: "PATCH", token, json: { category: "later" } });
    const delegated = await createTask(token, { title: "Ask Sam", category: "delegate" });
    for (const id of [dropped.id, delegated.id]) await patchAnswers(token, id, { urgent: true });
    const byId = new Map((await listTasks(token)).map((t) => [t.id, t]));
    expect(byId.get(dropped.id)?.category).toBe("later");
    expect(byId.get(delegated.id)?.category).toBe("delegate");
  });

  it("Analyze saves the answers it ranked with", async () => {
    const { token } = await registerUser();
    const [one, two] = await processTasks(token, "One; Two");
    if (!one || !two) throw new Error("no tasks");
    await patchAnswers(token, one.id, { relief: true, resources: true });
    const res = await api("/api/tasks/priorities", {
      method: "POST",
      token,
      json: {
        tasks: [
          { id: one.id, answers: { relief: true } },
          { id: two.id, answers: { urgent: true } },
        ],
      },
    });
    expect(res.status).toBe(200);
    const byId = new Map((await listTasks(token)).map((t) => [t.id, t]));
    expect(byId.get(one.id)?.answers).toEqual({ relief: true });
    expect(byId.get(two.id)).toMatchObject({ answers: { urgent: true }, category: "urgent" });
  });

  it("answers go with their task, with Start Fresh, and into the export", async () => {
    const { token, user } = await registerUser();
    const [kept, removed] = await processTasks(token, "Keep; Remove");
    if (!kept || !removed) throw new Error("no tasks");
    await patchAnswers(token, kept.id, { effort: "Large" });
    await patchAnswers(token, removed.id, { important: true });
    expect((await api(`/api/tasks/${removed.id}`, { method: "DELETE", token })).status).toBe(200);
    const exported = (await (await api("/api/account/export", { token })).json()) as { tasks: Task[] };
    expect(exported.tasks).toEqual([expect.objectContaining({ id: kept.id, answers: { effort: "Large" } })]);
    expect((await api("/api/start-fresh", { method: "POST", token })).status).toBe(204);
    const left = await env.DB.prepare("select count(*) as n from tasks where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
