import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNDO } from "../../shared/constants";
import type { AnalyticsRecord } from "../../shared/schemas/analytics-record";
import type { Task } from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { setClock } from "./day-helpers";
import { api, createTask, registerUser } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await api(path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const tasksOf = (token: string) => getJson<Task[]>("/api/tasks", token);
const today = (token: string) => getJson<AnalyticsRecord>("/api/analytics/today", token);
const undo = (token: string, undoToken: string) =>
  api("/api/undo", { method: "POST", token, json: { token: undoToken } });

async function undoRecords(userId: string) {
  const row = await env.DB.prepare("select count(*) as n from undo_actions where user_id = ?").bind(userId).first<{
    n: number;
  }>();
  return row?.n ?? 0;
}

/** A user with a varied list: a priority task with a description, a No item with a reason, and more. */
async function userWithTasks() {
  const { token, user } = await registerUser();
  const priority = await createTask(token, { title: "Write the report", category: "urgent" });
  await api(`/api/tasks/${priority.id}`, {
    method: "PATCH",
    token,
    json: { isPriority: true, description: "Urgent, Important" },
  });
  // Its prioritisation answers are part of what an Undo brings back.
  const answered = await api(`/api/tasks/${priority.id}/answers`, {
    method: "PATCH",
    token,
    json: { urgent: true, important: true, effort: "Small" },
  });
  expect(answered.status, await answered.clone().text()).toBe(200);
  const no = await createTask(token, { title: "Doomscroll", category: "no_list", noListReason: "It eats the morning" });
  const later = await createTask(token, { title: "Call the bank" });
  const done = await createTask(token, { title: "Ask Sam", category: "delegate" });
  await api(`/api/tasks/${done.id}`, { method: "PATCH", token, json: { isCompleted: true } });
  return { token, userId: user.id, ids: { priority: priority.id, no: no.id, later: later.id, done: done.id } };
}

/**
 * Today's figures are compared before and after: on one instant, so that a day beginning (04:00 in
 * the person's zone) during a test cannot split them over two days.
 */
function onOneInstant() {
  setClock("2027-02-10T12:00:00Z");
}

describe("Undo of a deleted task", () => {
  beforeEach(onOneInstant);

  it("brings back every field and takes back the completion the delete counted", async () => {
    const { token, ids } = await userWithTasks();
    const tasksBefore = await tasksOf(token);
    const statsBefore = await today(token);

    const res = await api(`/api/tasks/${ids.priority}?complete=true`, { method: "DELETE", token });
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as UndoTicket;
    expect(Date.parse(ticket.undoUntil) - Date.now()).toBeGreaterThanOrEqual(UNDO.toastMs);
    expect((await tasksOf(token)).map((task) => task.id)).not.toContain(ids.priority);
    const statsDeleted = await today(token);
    expect(statsDeleted.tasksCompleted).toBe(statsBefore.tasksCompleted + 1);
    expect(statsDeleted.priorityTasksCompleted).toBe(statsBefore.priorityTasksCompleted + 1);

    const undone = await undo(token, ticket.undoToken);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ restored: 1 });
    expect(await tasksOf(token)).toEqual(tasksBefore);
    expect(await today(token)).toEqual(statsBefore);
  });

  it("works for a No-list item deleted without completing it", async () => {
    const { token, ids } = await userWithTasks();
    const tasksBefore = await tasksOf(token);
    const statsBefore = await today(token);
    const res = await api(`/api/tasks/${ids.no}`, { method: "DELETE", token });
    const ticket = (await res.json()) as UndoTicket;
    expect((await today(token)).tasksCompleted).toBe(statsBefore.tasksCompleted);
    expect((await undo(token, ticket.undoToken)).status).toBe(200);
    expect(await tasksOf(token)).toEqual(tasksBefore);
    expect(await today(token)).toEqual(statsBefore);
  });

  it("restores once when two Undos of the same delete race", async () => {
    const { token, ids } = await userWithTasks();
    const tasksBefore = await tasksOf(token);
    const ticket = (await (
      await api(`/api/tasks/${ids.later}?complete=true`, { method: "DELETE", token })
    ).json()) as UndoTicket;
    const answers = await Promise.all([undo(token, ticket.undoToken), undo(token, ticket.undoToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await tasksOf(token)).toEqual(tasksBefore);
    expect((await undo(token, ticket.undoToken)).status).toBe(404);
  });
});

describe("Undo of a No-list clear", () => {
  beforeEach(onOneInstant);

  it("brings back every cleared task as it was, and the day's breakdown", async () => {
    const { token, ids } = await userWithTasks();
    const tasksBefore = await tasksOf(token);
    const statsBefore = await today(token);
    const res = await api("/api/no-list/clear", { method: "POST", token, json: { ids: [ids.priority, ids.later] } });
    expect(res.status).toBe(200);
    const result = (await res.json()) as UndoTicket & { cleared: number };
    expect(result.cleared).toBe(2);
    expect((await tasksOf(token)).length).toBe(tasksBefore.length - 2);

    expect(await (await undo(token, result.undoToken)).json()).toEqual({ restored: 2 });
    expect(await tasksOf(token)).toEqual(tasksBefore);
    expect(await today(token)).toEqual(statsBefore);
  });
});

describe("the undo window", () => {
  it("ends: after it the Undo answers 404 and changes nothing, and the next removal purges the record", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-05-04T09:00:00Z");
    vi.setSystemTime(start);
    const { token, userId, ids } = await userWithTasks();
    const first = (await (await api(`/api/tasks/${ids.later}`, { method: "DELETE", token })).json()) as UndoTicket;
    expect(await undoRecords(userId)).toBe(1);

    vi.setSystemTime(start.getTime() + UNDO.windowMs - 1);
    const open = (await (await api(`/api/tasks/${ids.done}`, { method: "DELETE", token })).json()) as UndoTicket;
    vi.setSystemTime(start.getTime() + UNDO.windowMs);
    const tasksBefore = await tasksOf(token);
    const late = await undo(token, first.undoToken);
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ message: expect.stringContaining("nothing to undo") });
    expect(await tasksOf(token)).toEqual(tasksBefore);
    // The expired record is still stored (nothing is written by a refused request) but can never be used.
    expect(await undoRecords(userId)).toBe(2);

    await api(`/api/tasks/${ids.no}`, { method: "DELETE", token });
    // The first record's window has ended: purged; the second is still open, plus the new one.
    expect(await undoRecords(userId)).toBe(2);
    expect((await undo(token, open.undoToken)).status).toBe(200);
  });
});

describe("what cannot be undone", () => {
  it("answers 404 for another user's token and 400 for a malformed one, changing nothing", async () => {
    const owner = await userWithTasks();
    const other = await registerUser();
    const ticket = (await (
      await api(`/api/tasks/${owner.ids.later}`, { method: "DELETE", token: owner.token })
    ).json()) as UndoTicket;
    expect((await undo(other.token, ticket.undoToken)).status).toBe(404);
    expect(await tasksOf(other.token)).toEqual([]);
    const bad = await api("/api/undo", { method: "POST", token: owner.token, json: { token: "nope" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.any(String) });
    expect((await undo(owner.token, ticket.undoToken)).status).toBe(200);
  });

  it("Clear Tasks drops every pending undo: nothing comes back after it", async () => {
    const { token, userId, ids } = await userWithTasks();
    const ticket = (await (await api(`/api/tasks/${ids.later}`, { method: "DELETE", token })).json()) as UndoTicket;
    expect((await api("/api/tasks/clear", { method: "POST", token })).status).toBe(204);
    expect(await undoRecords(userId)).toBe(0);
    expect((await undo(token, ticket.undoToken)).status).toBe(404);
    expect(await tasksOf(token)).toEqual([]);
  });
});
