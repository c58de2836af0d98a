import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { api, createTask, registerUser } from "./helpers";

type Row = {
  id: number;
  title: string;
  category: string | null;
  is_completed: number;
  is_priority: number;
  no_list_reason: string | null;
};

/** The rows as stored, hidden ones included, to prove what did or did not change. */
async function rowsOf(userId: string) {
  const { results } = await env.DB.prepare(
    "select id, title, category, is_completed, is_priority, no_list_reason from tasks where user_id = ? order by id",
  )
    .bind(userId)
    .all<Row>();
  return results;
}

const commit = (token: string | undefined, json: unknown) =>
  api("/api/no-list/commit", { method: "POST", ...(token ? { token } : {}), json });
const clear = (token: string | undefined, json: unknown) =>
  api("/api/no-list/clear", { method: "POST", ...(token ? { token } : {}), json });

describe("POST /api/no-list/commit", () => {
  it("moves every selected task to no_list with its reason and isPriority false, nothing else", async () => {
    const { token, user } = await registerUser();
    const a = await createTask(token, { title: "Answer every email", category: "urgent", isPriority: true });
    const b = await createTask(token, { title: "Reorganise the garage" });
    const c = await createTask(token, { title: "Stays where it is", category: "delegate", isPriority: true });
    const res = await commit(token, {
      items: [
        { id: a.id, reason: "  Not my job today  " },
        { id: b.id, reason: "   " },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { tasks: Task[] };
    expect(body.tasks.map((t) => [t.id, t.category, t.noListReason, t.isPriority])).toEqual([
      [a.id, "no_list", "Not my job today", false],
      [b.id, "no_list", null, false],
    ]);
    const rows = await rowsOf(user.id);
    expect(rows.find((r) => r.id === c.id)).toMatchObject({
      category: "delegate",
      is_priority: 1,
      no_list_reason: null,
    });
    expect(rows.find((r) => r.id === a.id)).toMatchObject({ category: "no_list", is_completed: 0, is_priority: 0 });
  });

  it("accepts items without a reason or with a null reason, and re-commits an item to update its reason", async () => {
    const { token } = await registerUser();
    const a = await createTask(token, { title: "Doomscroll" });
    const b = await createTask(token, { title: "Say yes to every meeting" });
    let res = await commit(token, { items: [{ id: a.id }, { id: b.id, reason: null }] });
    expect(res.status).toBe(200);
    res = await commit(token, { items: [{ id: a.id, reason: "Protect the morning" }] });
    expect(res.status).toBe(200);
    const list = (await (await api("/api/tasks", { token })).json()) as Task[];
    expect(list.map((t) => [t.title, t.category, t.noListReason])).toEqual([
      ["Doomscroll", "no_list", "Protect the morning"],
      ["Say yes to every meeting", "no_list", null],
    ]);
  });

  it("commits more tasks than D1's bound-parameter limit in one call", async () => {
    const { token, user } = await registerUser();
    const statements = Array.from({ length: 150 }, (_, i) =>
      env.DB.prepare("insert into tasks (user_id, title) values (?, ?)").bind(user.id, `Task number ${i + 1}`),
    );
    await env.DB.batch(statements);
    const ids = (await rowsOf(user.id)).map((r) => r.id);
    const res = await commit(token, { items: ids.map((id) => ({ id, reason: `Reason ${id}` })) });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsOf(user.id);
    expect(rows.every((r) => r.category === "no_list" && r.no_list_reason === `Reason ${r.id}`)).toBe(true);
  });

  it.each([
    ["another user's task", "foreign"],
    ["a task that does not exist", "missing"],
    ["a hidden [REMOVED] task", "removed"],
  ])("with %s among the ids answers 404 and changes none of the others", async (_label, kind) => {
    const me = await registerUser();
    const other = await registerUser();
    const mine1 = await createTask(me.token, { title: "First", category: "urgent", isPriority: true });
    const mine2 = await createTask(me.token, { title: "Second" });
    const theirs = await createTask(other.token, { title: "Theirs" });
    const removed = await createTask(me.token, { title: "[REMOVED] Task 1" });
    const odd = { foreign: theirs.id, missing: 2_000_000_000, removed: removed.id }[kind] as number;
    const before = await rowsOf(me.user.id);
    const theirsBefore = await rowsOf(other.user.id);

    const res = await commit(me.token, {
      items: [
        { id: mine1.id, reason: "a" },
        { id: odd, reason: "b" },
        { id: mine2.id, reason: "c" },
      ],
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Some of these tasks were not found. Nothing was changed.",
    );
    expect(await rowsOf(me.user.id)).toEqual(before);
    expect(await rowsOf(other.user.id)).toEqual(theirsBefore);
  });

  it.each([
    ["an empty list", { items: [] }, "items"],
    ["no items at all", {}, "items"],
    ["items that is not a list", { items: "1,2" }, "items"],
    ["a fractional id", { items: [{ id: 1.5 }] }, "id"],
    ["a string id", { items: [{ id: "7" }] }, "id"],
    ["a zero id", { items: [{ id: 0 }] }, "id"],
    ["a negative id", { items: [{ id: -4 }] }, "id"],
    ["an unknown field in an item", { items: [{ id: 1, title: "x" }] }, ""],
    ["an unknown top-level field", { items: [{ id: 1 }], userId: "x" }, ""],
    ["a reason that is not text", { items: [{ id: 1, reason: 42 }] }, "reason"],
    ["too many items", { items: Array.from({ length: 501 }, (_, i) => ({ id: i + 1 })) }, "items"],
  ])("refuses %s with 400", async (_label, json, field) => {
    const { token } = await registerUser();
    const res = await commit(token, json);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: (string | number)[] }[] };
    expect(body.message).toMatch(/^Invalid request body/);
    if (field) expect(body.issues[0]?.path).toContain(field);
  });

  it("refuses a reason that is too long and duplicate ids with a clear message, changing nothing", async () => {
    const { token, user } = await registerUser();
    const a = await createTask(token, { title: "Alpha", category: "urgent" });
    const b = await createTask(token, { title: "Beta", category: "later" });
    const before = await rowsOf(user.id);

    const tooLong = await commit(token, {
      items: [
        { id: a.id, reason: "ok" },
        { id: b.id, reason: "x".repeat(501) },
      ],
    });
    expect(tooLong.status).toBe(400);
    const tooLongBody = (await tooLong.json()) as { message: string; issues: { path: (string | number)[] }[] };
    expect(tooLongBody.message).toBe("Invalid request body. items.1.reason: Reason must be at most 500 characters.");

    const duplicates = await commit(token, { items: [{ id: a.id }, { id: b.id }, { id: a.id }] });
    expect(duplicates.status).toBe(400);
    expect(((await duplicates.json()) as { message: string }).message).toBe(
      "Invalid request body. items: Each task can be named only once.",
    );

    // 500 characters is still fine.
    expect((await commit(token, { items: [{ id: a.id, reason: "y".repeat(500) }] })).status).toBe(200);
    const after = await rowsOf(user.id);
    expect(after.find((r) => r.id === b.id)).toEqual(before.find((r) => r.id === b.id));
  });

  it("refuses a body that is not JSON", async () => {
    const { token } = await registerUser();
    const res = await api("/api/no-list/commit", {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  it("requires sign-in", async () => {
    expect((await commit(undefined, { items: [{ id: 1 }] })).status).toBe(401);
  });
});

describe("POST /api/no-list/clear", () => {
  it("clears every selected task as docs/product.md#no-list-screen says, hides them, and leaves the rest alone", async () => {
    const { token, user } = await registerUser();
    const a = await createTask(token, { title: "Old idea", category: "urgent", isPriority: true });
    const b = await createTask(token, { title: "Stale errand", category: "no_list", noListReason: "meh" });
    const c = await createTask(token, { title: "Keep me" });
    const res = await clear(token, { ids: [b.id, a.id] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ cleared: 2, notCleared: 0 });

    const rows = await rowsOf(user.id);
    for (const task of [a, b]) {
      expect(rows.find((r) => r.id === task.id)).toEqual({
        id: task.id,
        title: `[REMOVED] Task ${task.id}`,
        category: null,
        is_completed: 1,
        is_priority: 0,
        no_list_reason: null,
      });
    }
    expect(rows.find((r) => r.id === c.id)).toMatchObject({ title: "Keep me", category: "later", is_completed: 0 });
    const list = (await (await api("/api/tasks", { token })).json()) as Task[];
    expect(list.map((t) => t.title)).toEqual(["Keep me"]);
  });

  it("counts no completion in the day's analytics", async () => {
    const { token, user } = await registerUser();
    const a = await createTask(token, { title: "Cleared, not done" });
    expect((await clear(token, { ids: [a.id] })).status).toBe(200);
    const row = await env.DB.prepare(
      "select coalesce(sum(tasks_completed), 0) as done, coalesce(sum(priority_tasks_completed), 0) as prio from daily_analytics where user_id = ?",
    )
      .bind(user.id)
      .first<{ done: number; prio: number }>();
    expect(row).toEqual({ done: 0, prio: 0 });
  });

  it("clears more tasks than D1's bound-parameter limit in one call", async () => {
    const { token, user } = await registerUser();
    await env.DB.batch(
      Array.from({ length: 120 }, (_, i) =>
        env.DB.prepare("insert into tasks (user_id, title) values (?, ?)").bind(user.id, `Chore ${i + 1}`),
      ),
    );
    const ids = (await rowsOf(user.id)).map((r) => r.id);
    const res = await clear(token, { ids });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ cleared: 120, notCleared: 0 });
    const rows = await rowsOf(user.id);
    expect(rows.every((r) => r.title === `[REMOVED] Task ${r.id}` && r.is_completed === 1)).toBe(true);
  });

  it.each([
    ["another user's task", "foreign"],
    ["a task that does not exist", "missing"],
    ["an already cleared task", "removed"],
  ])("with %s among the ids clears the others and counts that one as not cleared", async (_label, kind) => {
    const me = await registerUser();
    const other = await registerUser();
    const mine1 = await createTask(me.token, { title: "First", category: "urgent" });
    const mine2 = await createTask(me.token, { title: "Second", category: "no_list", noListReason: "why" });
    const theirs = await createTask(other.token, { title: "Theirs" });
    const gone = await createTask(me.token, { title: "Gone" });
    expect((await clear(me.token, { ids: [gone.id] })).status).toBe(200);
    const odd = { foreign: theirs.id, missing: 2_000_000_000, removed: gone.id }[kind] as number;
    const goneBefore = (await rowsOf(me.user.id)).find((r) => r.id === gone.id);
    const theirsBefore = await rowsOf(other.user.id);

    const res = await clear(me.token, { ids: [mine1.id, odd, mine2.id] });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ cleared: 2, notCleared: 1 });
    const rows = await rowsOf(me.user.id);
    for (const task of [mine1, mine2]) {
      expect(rows.find((r) => r.id === task.id)).toMatchObject({ title: `[REMOVED] Task ${task.id}`, is_completed: 1 });
    }
    expect(rows.find((r) => r.id === gone.id)).toEqual(goneBefore);
    expect(await rowsOf(other.user.id)).toEqual(theirsBefore);
  });

  it("answers 404 when none of the ids can be cleared, changing nothing", async () => {
    const me = await registerUser();
    const other = await registerUser();
    const mine = await createTask(me.token, { title: "Mine" });
    const theirs = await createTask(other.token, { title: "Theirs" });
    const before = await rowsOf(me.user.id);
    const theirsBefore = await rowsOf(other.user.id);
    const res = await clear(me.token, { ids: [theirs.id, 2_000_000_000] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("None of these tasks were found.");
    expect(await rowsOf(me.user.id)).toEqual(before);
    expect(await rowsOf(other.user.id)).toEqual(theirsBefore);
    expect(before.map((r) => r.id)).toEqual([mine.id]);
  });

  it.each([
    ["an empty list", { ids: [] }],
    ["no ids at all", {}],
    ["a fractional id", { ids: [2.5] }],
    ["a string id", { ids: ["3"] }],
    ["a negative id", { ids: [-1] }],
    ["duplicate ids", { ids: [1, 2, 1] }],
    ["too many ids", { ids: Array.from({ length: 501 }, (_, i) => i + 1) }],
    ["an unknown field", { ids: [1], everything: true }],
  ])("refuses %s with 400 and changes nothing", async (_label, json) => {
    const { token, user } = await registerUser();
    await createTask(token, { title: "Untouched" });
    const before = await rowsOf(user.id);
    const res = await clear(token, json);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Invalid request body/);
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it("requires sign-in", async () => {
    expect((await clear(undefined, { ids: [1] })).status).toBe(401);
  });
});
