import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { commitNoList, completeTask, getDay, getJson, getTasks, patchTask, postPlan, setClock } from "./day-helpers";
import { api, createTask, registerUser } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

async function analyze(token: string, ids: number[]) {
  const res = await api("/api/tasks/priorities", {
    method: "POST",
    token,
    json: { tasks: ids.map((id, i) => ({ id, answers: { urgent: i < 3, important: true } })) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function priorityCompletedToday(userId: string, date: string) {
  const row = await env.DB.prepare(
    "select tasks_completed as done, priority_tasks_completed as priority from daily_analytics where user_id = ? and date = ?",
  )
    .bind(userId, date)
    .first<{ done: number; priority: number }>();
  return row;
}

const byId = (tasks: Task[], id: number) => tasks.find((task) => task.id === id);

describe("priorities belong to their day", () => {
  it("a ranking of an earlier day is no longer today's three: it is offered again, and completing one is no priority completion", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token, user } = await registerUser();
    const tasks = await Promise.all(
      ["Draft the budget", "Review the pull requests", "Call the plumber", "Water the plants"].map((title) =>
        createTask(token, { title }),
      ),
    );
    const ids = tasks.map((task) => task.id);
    await analyze(token, ids);
    const top = (await getTasks(token)).filter((task) => task.isPriority);
    expect(top.map((task) => [task.id, task.priorityDate])).toEqual(ids.slice(0, 3).map((id) => [id, "2027-02-10"]));

    setClock("2027-02-11T09:00:00Z");
    const day = await getDay(token);
    expect(day.planned).toBe(false);
    // Yesterday's three still open, offered as "Keep yesterday's three".
    expect(day.previousPriorityTaskIds).toEqual(ids.slice(0, 3));
    // The marks are there with their day: the client says the ranking is from the 10th.
    expect(byId(await getTasks(token), ids[0] ?? 0)).toMatchObject({ isPriority: true, priorityDate: "2027-02-10" });
    await completeTask(token, ids[0] ?? 0);
    expect(await priorityCompletedToday(user.id, "2027-02-11")).toEqual({ done: 1, priority: 0 });

    // Keeping yesterday's three (the two still open) makes them today's.
    const kept = day.previousPriorityTaskIds.filter((id) => id !== ids[0]);
    expect((await postPlan(token, kept)).status).toBe(200);
    expect(byId(await getTasks(token), ids[1] ?? 0)).toMatchObject({ isPriority: true, priorityDate: "2027-02-11" });
    await completeTask(token, ids[1] ?? 0);
    expect(await priorityCompletedToday(user.id, "2027-02-11")).toEqual({ done: 2, priority: 1 });
    expect((await getDay(token)).previousPriorityTaskIds).toEqual([]);
  });

  it("a priority set by hand (PATCH) is today's, and taking it away takes its day", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Marked by hand", isPriority: true });
    expect(task).toMatchObject({ isPriority: true, priorityDate: "2027-02-10", noListDate: null });
    setClock("2027-02-11T09:00:00Z");
    expect(await patchTask(token, task.id, { isPriority: true })).toMatchObject({ priorityDate: "2027-02-11" });
    expect(await patchTask(token, task.id, { isPriority: false })).toMatchObject({ priorityDate: null });
    expect(await patchTask(token, task.id, { category: "no_list" })).toMatchObject({ noListDate: "2027-02-11" });
    expect(await patchTask(token, task.id, { category: "later" })).toMatchObject({ noListDate: null });
  });
});

describe("the No list belongs to its day", () => {
  it("keeps earlier items (none lost), offers the last day's again, and says no again today in one tap", async () => {
    setClock("2027-02-09T09:00:00Z");
    const { token } = await registerUser();
    const older = await createTask(token, { title: "Join the book club committee" });
    await commitNoList(token, [older.id]);
    setClock("2027-02-10T09:00:00Z");
    const [a, b] = await Promise.all([
      createTask(token, { title: "Redesign the company logo" }),
      createTask(token, { title: "Answer every newsletter" }),
    ]);
    if (!a || !b) throw new Error("tasks missing");
    const committed = await commitNoList(token, [a.id, b.id]);
    expect(committed.map((task) => task.noListDate)).toEqual(["2027-02-10", "2027-02-10"]);

    setClock("2027-02-11T09:00:00Z");
    const list = await getTasks(token);
    // None lost: every item is still on the list, with the day it was said no to.
    expect([older.id, a.id, b.id].map((id) => [byId(list, id)?.category, byId(list, id)?.noListDate])).toEqual([
      ["no_list", "2027-02-09"],
      ["no_list", "2027-02-10"],
      ["no_list", "2027-02-10"],
    ]);
    const day = await getDay(token);
    // The previous day's list, offered item by item; never carried over as open work.
    expect(day.previousNoListTaskIds).toEqual([a.id, b.id]);
    expect(day.carriedOver).toEqual([]);

    const res = await api("/api/no-list/again", { method: "POST", token, json: { ids: [older.id] } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { tasks: Task[] }).tasks).toMatchObject([{ id: older.id, noListDate: "2027-02-11" }]);
    // Saying no again in one tap is not a plan.
    expect((await getDay(token)).planned).toBe(false);
    expect((await getDay(token)).previousNoListTaskIds).toEqual([a.id, b.id]);
  });

  it("'again today' answers 404 and changes nothing for an unknown, foreign or not-No-list task", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const stranger = await registerUser();
    const mine = await createTask(token, { title: "On my No list" });
    const open = await createTask(token, { title: "Still open" });
    await commitNoList(token, [mine.id]);
    const theirs = await createTask(stranger.token, { title: "On their No list" });
    await commitNoList(stranger.token, [theirs.id]);
    setClock("2027-02-11T09:00:00Z");
    const before = await getTasks(token);
    const theirsBefore = await getTasks(stranger.token);
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, open.id],
      [mine.id, 999_999_999],
    ]) {
      const res = await api("/api/no-list/again", { method: "POST", token, json: { ids } });
      expect(res.status).toBe(404);
    }
    for (const json of [{ ids: [] }, { ids: [mine.id, mine.id] }, { ids: "1" }, {}]) {
      expect((await api("/api/no-list/again", { method: "POST", token, json })).status).toBe(400);
    }
    expect(await getTasks(token)).toEqual(before);
    expect(await getTasks(stranger.token)).toEqual(theirsBefore);
  });

  it("the plan says no again to the items it names; a repeat gives back the ones it no longer names", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const [a, b] = await Promise.all([
      createTask(token, { title: "Volunteer for the bake sale" }),
      createTask(token, { title: "Rewrite the wiki from scratch" }),
    ]);
    if (!a || !b) throw new Error("tasks missing");
    await commitNoList(token, [a.id, b.id]);
    setClock("2027-02-11T09:00:00Z");
    expect((await postPlan(token, [], [a.id, b.id])).status).toBe(200);
    const dates = async () => (await getTasks(token)).map((task) => [task.id, task.noListDate]);
    expect(await dates()).toEqual([
      [a.id, "2027-02-11"],
      [b.id, "2027-02-11"],
    ]);
    expect((await postPlan(token, [], [a.id])).status).toBe(200);
    expect(await dates()).toEqual([
      [a.id, "2027-02-11"],
      [b.id, "2027-02-10"],
    ]);
    // Still on the list, under "Earlier".
    expect((await getJson<Task[]>("/api/tasks", token)).every((task) => task.category === "no_list")).toBe(true);
  });
});
