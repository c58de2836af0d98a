import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { api, createTask, registerUser } from "./helpers";

describe("task CRUD", () => {
  it("creates with the default category later and lists only the user's own visible tasks", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const task = await createTask(a.token, { title: "  Write report  " });
    expect(task).toMatchObject({ title: "Write report", category: "later", isCompleted: false, isPriority: false });
    await createTask(a.token, { title: "[REMOVED] Task 99" });
    await createTask(b.token, { title: "Not yours" });
    const list = (await (await api("/api/tasks", { token: a.token })).json()) as Task[];
    expect(list.map((t) => t.title)).toEqual(["Write report"]);
  });

  it("accepts the spec's AI-add payload with a null category", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, {
      title: "Call the bank",
      description: null,
      category: null,
      isCompleted: false,
      isPriority: false,
      noListReason: null,
    });
    expect(task.category).toBeNull();
  });

  it.each([
    [{}, "title"],
    [{ title: "   " }, "title"],
    [{ title: "x".repeat(501) }, "title"],
    [{ title: "ok", category: "someday" }, "category"],
    [{ title: "ok", isCompleted: "yes" }, "isCompleted"],
    [{ title: "ok", userId: "someone-else" }, ""],
  ])("refuses %o with 400 and creates nothing", async (json, field) => {
    const { token, user } = await registerUser();
    const res = await api("/api/tasks", { method: "POST", token, json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string[] }[] };
    expect(body.message).toMatch(/^Invalid request body/);
    if (field) expect(body.issues[0]?.path).toContain(field);
    const n = await env.DB.prepare("select count(*) as n from tasks where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(0);
  });

  it("patches every payload shape of docs/product.md#compatible-calls", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Plan week" });
    const patch = async (json: Record<string, unknown>) => {
      const res = await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Task & { description: string | null; noListReason: string | null };
    };
    expect((await patch({ category: "urgent" })).category).toBe("urgent");
    expect(await patch({ isPriority: true, description: "Urgent, Important" })).toMatchObject({
      isPriority: true,
      description: "Urgent, Important",
    });
    expect(await patch({ category: "no_list", noListReason: "Not today", isPriority: false })).toMatchObject({
      category: "no_list",
      noListReason: "Not today",
      isPriority: false,
    });
    expect((await patch({ isCompleted: true })).isCompleted).toBe(true);
    expect(
      await patch({
        isCompleted: true,
        category: null,
        noListReason: null,
        isPriority: false,
        title: `[REMOVED] Task ${task.id}`,
      }),
    ).toMatchObject({ category: null, title: `[REMOVED] Task ${task.id}` });
    const list = (await (await api("/api/tasks", { token })).json()) as Task[];
    expect(list).toEqual([]);
  });

  it("answers 404 for another user's task and changes nothing", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const task = await createTask(a.token, { title: "Mine" });
    expect(
      (await api(`/api/tasks/${task.id}`, { method: "PATCH", token: b.token, json: { isCompleted: true } })).status,
    ).toBe(404);
    expect((await api(`/api/tasks/${task.id}`, { method: "DELETE", token: b.token })).status).toBe(404);
    const list = (await (await api("/api/tasks", { token: a.token })).json()) as Task[];
    expect(list[0]).toMatchObject({ title: "Mine", isCompleted: false });
  });

  it.each(["abc", "1.5", "-3", "0", "99999999999999999999"])("answers 400 for the id %s", async (id) => {
    const { token } = await registerUser();
    const res = await api(`/api/tasks/${id}`, { method: "PATCH", token, json: { isCompleted: true } });
    expect(res.status).toBe(400);
  });

  it("refuses an empty patch and unknown fields", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Plan" });
    for (const json of [{}, { color: "red" }, { title: "" }]) {
      const res = await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json });
      expect(res.status).toBe(400);
    }
  });

  it("deletes a task; its focus sessions stay with a null task", async () => {
    const { token, user } = await registerUser();
    const task = await createTask(token, { title: "Deep work" });
    await env.DB.prepare(
      "insert into focus_sessions (user_id, task_id, duration, focused_seconds, is_completed) values (?, ?, 1500, 1500, 1)",
    )
      .bind(user.id, task.id)
      .run();
    expect((await api(`/api/tasks/${task.id}`, { method: "DELETE", token })).status).toBe(200);
    expect((await api(`/api/tasks/${task.id}`, { method: "DELETE", token })).status).toBe(404);
    const session = await env.DB.prepare("select task_id, focused_seconds from focus_sessions where user_id = ?")
      .bind(user.id)
      .first<{ task_id: number | null; focused_seconds: number }>();
    expect(session).toEqual({ task_id: null, focused_seconds: 1500 });
  });

  it("requires sign-in", async () => {
    expect((await api("/api/tasks")).status).toBe(401);
    expect((await api("/api/tasks", { method: "POST", json: { title: "x" } })).status).toBe(401);
  });

  it("answers the list only while the session is live (the check and the list are one batch)", async () => {
    const { token } = await registerUser();
    await api("/api/tasks", { method: "POST", token, json: { title: "Private" } });
    expect((await api("/api/tasks", { token })).status).toBe(200);
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBeLessThan(300);
    const res = await api("/api/tasks", { token });
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("Private");
  });
});

describe("text that is not valid Unicode", () => {
  // JSON can carry a lone UTF-16 surrogate ("\ud800"), which UTF-8 storage would turn into U+FFFD
  // without a word: refused instead (docs/decisions/061-lone-utf-16-surrogates-refused-kept.md).
  it("refuses a lone surrogate in a title, a patch or a braindump with 400, and stores nothing", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Keep me 😀" });
    for (const [path, method, json] of [
      ["/api/tasks", "POST", { title: "Broken \ud800 title" }],
      ["/api/tasks", "POST", { title: "Broken \udc00" }],
      [`/api/tasks/${task.id}`, "PATCH", { title: "Changed \udfff" }],
      ["/api/process-tasks", "POST", { text: "One\ud83d;Two", allowDuplicates: true }],
    ] as const) {
      const res = await api(path, { method, token, json });
      expect(res.status, `${method} ${path}`).toBe(400);
      const body = (await res.json()) as { message: string; issues?: { path: unknown[] }[] };
      expect(body.message).toBe("Text must be valid Unicode: remove the broken character.");
      expect(body.issues?.[0]?.path).toEqual([Object.keys(json)[0]]);
    }
    const titles = ((await (await api("/api/tasks", { token })).json()) as Task[]).map((t) => t.title);
    expect(titles).toEqual(["Keep me 😀"]);
  });
});
