import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { countCalls } from "./d1-counting";
import { expectErrorShape, snapshotUser } from "./hardening-helpers";
import { api, createTask, registerUser } from "./helpers";

/** A task of the user cleared from the "No" list: hidden by its "[REMOVED]" title. */
async function clearedTask(token: string, title = "Skip the late meeting") {
  const task = await createTask(token, { title, category: "no_list" });
  const res = await api("/api/no-list/clear", { method: "POST", token, json: { ids: [task.id] } });
  expect(res.status, await res.clone().text()).toBe(200);
  return task;
}

const listed = async (token: string) => (await (await api("/api/tasks", { token })).json()) as Task[];

describe("a hidden ([REMOVED]) task takes no write", () => {
  it("answers 404 to every write and keeps it hidden and unchanged", async () => {
    const { token, user } = await registerUser();
    const task = await clearedTask(token);
    const before = await snapshotUser(user);
    const writes: [method: string, path: string, json?: unknown][] = [
      ["PATCH", `/api/tasks/${task.id}`, { title: "edited after clear" }],
      ["PATCH", `/api/tasks/${task.id}`, { isCompleted: false }],
      ["PATCH", `/api/tasks/${task.id}`, { category: "urgent", description: "back" }],
      ["PATCH", `/api/tasks/${task.id}/answers`, { urgent: true }],
      ["DELETE", `/api/tasks/${task.id}`],
      ["DELETE", `/api/tasks/${task.id}?complete=true`],
      ["POST", "/api/focus-sessions", { taskId: task.id, duration: 600 }],
      ["POST", "/api/no-list/commit", { items: [{ id: task.id, reason: null }] }],
      ["POST", "/api/no-list/clear", { ids: [task.id] }],
      ["POST", "/api/tasks/priorities", { tasks: [{ id: task.id, answers: { urgent: true } }] }],
    ];
    for (const [method, path, json] of writes) {
      const res = await api(path, { method, token, json });
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(404);
      await expectErrorShape(res, path);
    }
    expect(await snapshotUser(user)).toBe(before);
    expect(await listed(token)).toEqual([]);
  });

  it("a visible task can still be renamed with the marker (the original client's clear), once", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Old habit" });
    const rename = { title: `[REMOVED] Task ${task.id}`, isCompleted: true };
    expect((await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: rename })).status).toBe(200);
    expect((await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: rename })).status).toBe(404);
  });
});

describe("a title needs a visible character", () => {
  const invisible = ["\u200B", "\u200D\u200C", " \u2060 ", "\u00AD", "\uFEFF", "\u2800", "\u3164", "\uFE0F"];

  it.each(invisible.map((title) => [JSON.stringify(title), title]))(
    "refuses %s as a task, a No-list item, an added suggestion and a rename, with 400",
    async (_label, title) => {
      const { token, user } = await registerUser();
      const task = await createTask(token, { title: "Visible" });
      const before = await snapshotUser(user);
      const attempts: [string, string, unknown][] = [
        ["POST", "/api/tasks", { title }],
        // What the No-list builder and the suggestion panel send.
        ["POST", "/api/tasks", { title, category: "no_list" }],
        ["POST", "/api/tasks", { title, category: null, isCompleted: false, isPriority: false }],
        ["PATCH", `/api/tasks/${task.id}`, { title }],
      ];
      for (const [method, path, json] of attempts) {
        const res = await api(path, { method, token, json });
        expect(res.status, `${method} ${path}`).toBe(400);
        await expectErrorShape(res, path);
      }
      expect(await snapshotUser(user)).toBe(before);
      // A braindump line that shows nothing is no task.
      const dump = await api("/api/process-tasks", { method: "POST", token, json: { text: `${title};Real one` } });
      expect(dump.status).toBe(201);
      expect(((await dump.json()) as Task[]).map((t) => t.title)).toEqual(["Real one"]);
    },
  );

  it("accepts a title with one visible character among invisible ones, and emoji with their joiners", async () => {
    const { token } = await registerUser();
    for (const title of ["\u200Bx", "👩\u200D💻", "e\u0301"]) await createTask(token, { title });
  });
});

describe("Undo of a removal whose title is on the list again", () => {
  const undo = (token: string, ticket: UndoTicket) =>
    api("/api/undo", { method: "POST", token, json: { token: ticket.undoToken } });

  it("answers 409 naming the task and changes nothing", async () => {
    const { token, user } = await registerUser();
    const milk = await createTask(token, { title: "Buy milk" });
    const deleted = await api(`/api/tasks/${milk.id}`, { method: "DELETE", token });
    const ticket = (await deleted.json()) as UndoTicket;
    const again = await api("/api/process-tasks", { method: "POST", token, json: { text: "buy MILK" } });
    expect(again.status).toBe(201);
    const before = await snapshotUser(user);

    const res = await undo(token, ticket);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain('"Buy milk"');
    expect(await snapshotUser(user)).toBe(before);
    expect((await listed(token)).map((t) => t.title)).toEqual(["buy MILK"]);

    // Once the duplicate is gone, the same ticket still brings the task back.
    const [dup] = await listed(token);
    await api(`/api/tasks/${dup?.id}`, { method: "DELETE", token });
    expect((await undo(token, ticket)).status).toBe(200);
    expect((await listed(token)).map((t) => t.title)).toEqual(["Buy milk"]);
  });

  it("applies to a No-list clear too", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Doomscroll", category: "no_list" });
    const cleared = await api("/api/no-list/clear", { method: "POST", token, json: { ids: [task.id] } });
    const ticket = (await cleared.json()) as UndoTicket;
    await createTask(token, { title: "doomscroll" });
    expect((await undo(token, ticket)).status).toBe(409);
    expect((await listed(token)).map((t) => t.title)).toEqual(["doomscroll"]);
  });

  it("sees a duplicate added between its read and its write: 409, one task of that title", async () => {
    const { token, user } = await registerUser();
    const milk = await createTask(token, { title: "Buy milk" });
    const ticket = (await (await api(`/api/tasks/${milk.id}`, { method: "DELETE", token })).json()) as UndoTicket;
    const res = await countCalls(
      "POST",
      "/api/undo",
      {
        json: { token: ticket.undoToken },
        // After the read that found no "Buy milk", before the restoring batch: another device adds one.
        beforeCall: async (n) => {
          if (n === 2) {
            await env.DB.prepare("insert into tasks (user_id, title) values (?, 'BUY MILK')").bind(user.id).run();
          }
        },
      },
      token,
    );
    expect(res.status, res.text).toBe(409);
    expect((await listed(token)).map((t) => t.title)).toEqual(["BUY MILK"]);
  });
});
