import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../shared/schemas/tasks";
import { analyticsStatements } from "../../worker/analytics/recorder";
import { createDb } from "../../worker/db/client";
import { completeTask, getDay, getHistory, getHistoryPage, getJson, getTasks, setClock } from "./day-helpers";
import { api, createTask, newUser, registerUser } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

const db = createDb(env.DB);

describe("finished work leaves today", () => {
  it("a task completed on an earlier day leaves GET /api/tasks (same shape); one completed today stays", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const yesterday = await createTask(token, { title: "Finished on the tenth" });
    const open = await createTask(token, { title: "Still open" });
    await completeTask(token, yesterday.id);
    const first = await api("/api/tasks", { token });
    const tag = first.headers.get("ETag") ?? "";
    expect(((await first.json()) as Task[]).map((task) => task.id)).toEqual([yesterday.id, open.id]);

    // 03:00 the next night is still the tenth: the finished task stays, and the tag still matches.
    setClock("2027-02-11T03:00:00Z");
    expect((await api("/api/tasks", { token, headers: { "If-None-Match": tag } })).status).toBe(304);

    setClock("2027-02-11T09:00:00Z");
    // The tag of yesterday's list is not today's: the list is answered again, without the finished task.
    const next = await api("/api/tasks", { token, headers: { "If-None-Match": tag } });
    expect(next.status).toBe(200);
    expect(next.headers.get("ETag")).not.toBe(tag);
    const tasks = (await next.json()) as Task[];
    expect(tasks.map((task) => task.id)).toEqual([open.id]);
    const today = await createTask(token, { title: "Finished on the eleventh" });
    await completeTask(token, today.id);
    expect((await getTasks(token)).map((task) => [task.id, task.isCompleted])).toEqual([
      [open.id, false],
      [today.id, true],
    ]);
    // The export keeps everything.
    const exported = await getJson<{ tasks: { id: number }[] }>("/api/account/export", token);
    expect(exported.tasks.map((task) => task.id).sort((x, y) => x - y)).toEqual([yesterday.id, open.id, today.id]);
  });
});

describe("GET /api/history", () => {
  it("pages the finished tasks latest first, each with its stamped day, and gives every day's figures first", async () => {
    setClock("2027-02-08T09:00:00Z");
    const user = await newUser("Europe/Berlin");
    const a = await createTask(user.token, { title: "Send the invoices" });
    const b = await createTask(user.token, { title: "Fix the leaking tap" });
    const c = await createTask(user.token, { title: "Late-night proofreading" });
    await completeTask(user.token, a.id);
    setClock("2027-02-10T12:00:00Z");
    await completeTask(user.token, b.id);
    // 02:30 in Berlin on the 11th still belongs to the 10th.
    setClock("2027-02-11T01:30:00Z");
    await completeTask(user.token, c.id);
    const [first, ...rest] = analyticsStatements(
      db,
      user,
      [{ type: "focus-completed", minutes: 25 }],
      new Date("2027-02-09T10:00:00Z"),
    );
    if (first) await db.batch([first, ...rest]);

    setClock("2027-02-12T09:00:00Z");
    // Two tasks a page: two pages.
    const history = await getHistory(user.token, 2);
    expect(history.pages).toBe(2);
    expect(
      history.days.map((day) => [
        day.date,
        day.tasksCompleted,
        day.tasks.map((task) => task.title),
        day.focusSessionsCompleted,
        day.focusMinutes,
      ]),
    ).toEqual([
      ["2027-02-10", 2, ["Late-night proofreading", "Fix the leaking tap"], 0, 0],
      ["2027-02-09", 0, [], 1, 25],
      ["2027-02-08", 1, ["Send the invoices"], 0, 0],
    ]);
    expect(history.days[0]?.tasks[0]).toMatchObject({
      id: c.id,
      isCompleted: true,
      completedAt: "2027-02-11T01:30:00.000Z",
      completedDay: "2027-02-10",
    });
    // A later page brings tasks only: the days came with the first.
    const page1 = await getHistoryPage(user.token, "?limit=2");
    expect(page1.days).toHaveLength(3);
    const page2 = await getHistoryPage(user.token, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2).toEqual({ tasks: [expect.objectContaining({ id: a.id })], nextCursor: null });
  });

  it("never answers more than a page, however long the history: 650 finished tasks come in pages of 300", async () => {
    setClock("2027-03-10T09:00:00Z");
    const user = await newUser("UTC");
    const title = "A long finished task title written the way people write them ".repeat(3).trim();
    const at = Date.parse("2027-03-09T09:00:00Z");
    // Straight into the table: 650 finishes over the day before, stamped as a finish would be.
    await env.DB.prepare(
      `insert into tasks (user_id, title, is_completed, completed_at, completed_day, created_at, updated_at)
       select ?, ? || ' ' || value, 1, ? - value * 1000, '2027-03-09', ? - value * 1000, ? from json_each(?)`,
    )
      .bind(user.id, title, at, at, at, JSON.stringify(Array.from({ length: 650 }, (_, i) => i)))
      .run();
    const first = await getHistoryPage(user.token);
    expect(first.tasks).toHaveLength(300);
    const second = await getHistoryPage(user.token, `?cursor=${first.nextCursor}`);
    expect(second.tasks).toHaveLength(300);
    expect(second.days).toBeUndefined();
    const third = await getHistoryPage(user.token, `?cursor=${second.nextCursor}`);
    expect(third.tasks).toHaveLength(50);
    expect(third.nextCursor).toBeNull();
    // Every task once, latest first across the pages.
    const all = [...first.tasks, ...second.tasks, ...third.tasks];
    expect(new Set(all.map((task) => task.id)).size).toBe(650);
    const instants = all.map((task) => Date.parse(task.completedAt ?? ""));
    expect(instants).toEqual([...instants].sort((x, y) => y - x));
  });

  it("answers 400 for a cursor it did not give, a bad limit or an unknown parameter, and 401 signed out", async () => {
    const { token } = await registerUser();
    expect((await api("/api/history?limit=500", { token })).status).toBe(200);
    for (const query of [
      "limit=0",
      "limit=501",
      "limit=ten",
      "cursor=abc",
      "cursor=1.2.3",
      "cursor=99999999999999999999.1",
      "from=2027-02-01&to=2027-02-02",
    ]) {
      expect((await api(`/api/history?${query}`, { token })).status, query).toBe(400);
    }
    expect((await api("/api/history")).status).toBe(401);
  });
});

describe("POST /api/tasks/{id}/reopen", () => {
  it("brings a task finished on an earlier day back open, today, and out of the history", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Renew the passport" });
    await completeTask(token, task.id);
    setClock("2027-02-12T09:00:00Z");
    expect(await getTasks(token)).toEqual([]);

    const res = await api(`/api/tasks/${task.id}/reopen`, { method: "POST", token });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: task.id, isCompleted: false, completedAt: null });
    expect((await getTasks(token)).map((open) => [open.id, open.isCompleted])).toEqual([[task.id, false]]);
    // Its finish leaves the day it counted on, everywhere (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
    expect((await getHistory(token)).days).toEqual([]);
    // It is open work carried from the day it was made.
    expect((await getDay(token)).carriedOver.map((carried) => [carried.id, carried.daysCarried])).toEqual([
      [task.id, 2],
    ]);
  });

  it("answers 409 for an open task and 404 for an unknown or another person's; nothing changes", async () => {
    const { token } = await registerUser();
    const stranger = await registerUser();
    const open = await createTask(token, { title: "Open already" });
    const theirs = await createTask(stranger.token, { title: "Theirs, finished" });
    await completeTask(stranger.token, theirs.id);
    expect((await api(`/api/tasks/${open.id}/reopen`, { method: "POST", token })).status).toBe(409);
    expect((await api(`/api/tasks/${theirs.id}/reopen`, { method: "POST", token })).status).toBe(404);
    expect((await api("/api/tasks/999999999/reopen", { method: "POST", token })).status).toBe(404);
    expect((await api("/api/tasks/abc/reopen", { method: "POST", token })).status).toBe(400);
    expect((await getTasks(stranger.token)).map((task) => task.isCompleted)).toEqual([true]);
  });
});
