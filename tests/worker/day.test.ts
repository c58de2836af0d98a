import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Day } from "../../shared/schemas/day";
import { analyticsStatements } from "../../worker/analytics/recorder";
import { createDb } from "../../worker/db/client";
import { commitNoList, completeTask, getDay, getJson, getTasks, postPlan, setAccount, setClock } from "./day-helpers";
import { openLive } from "./focus-helpers";
import { api, createTask, newUser, registerUser } from "./helpers";

afterEach(() => {
  vi.useRealTimers();
});

const db = createDb(env.DB);

describe("GET /api/day", () => {
  it("answers today's date, when it began and ends, and an empty day for a new person", async () => {
    setClock("2027-02-10T12:00:00Z");
    const { token } = await registerUser();
    expect(await getDay(token)).toEqual({
      date: "2027-02-10",
      startsAt: "2027-02-10T04:00:00.000Z",
      endsAt: "2027-02-11T04:00:00.000Z",
      planned: false,
      skipped: false,
      streak: 0,
      bestStreak: 0,
      previous: null,
      carriedOver: [],
      previousPriorityTaskIds: [],
      previousPriorityDate: null,
      previousNoListTaskIds: [],
      closeOfferedFrom: "2027-02-10T18:00:00.000Z",
      closed: false,
      closeNote: null,
      yesterday: null,
      focusMinutes: 0,
      usualFocusMinutes: 120,
      usualFocusDays: 0,
    } satisfies Day);
  });

  it("carries over the open tasks of earlier days with the days carried, not the done, the No list or today's", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const oldest = await createTask(token, { title: "Call the bank about the mortgage" });
    const done = await createTask(token, { title: "Book the dentist" });
    const said = await createTask(token, { title: "Reorganise the garage" });
    // 02:00 the next night still belongs to the 10th (the day begins at 04:00): nothing carried yet.
    setClock("2027-02-11T02:00:00Z");
    expect((await getDay(token)).carriedOver).toEqual([]);

    setClock("2027-02-11T10:00:00Z");
    const second = await createTask(token, { title: "Write the quarterly report" });
    await completeTask(token, done.id);
    await commitNoList(token, [said.id]);
    const dayTwo = await getDay(token);
    expect(dayTwo.carriedOver.map((task) => [task.title, task.daysCarried])).toEqual([
      ["Call the bank about the mortgage", 1],
    ]);

    setClock("2027-02-13T10:00:00Z");
    const later = await getDay(token);
    expect(later.date).toBe("2027-02-13");
    expect(later.carriedOver.map((task) => [task.id, task.daysCarried])).toEqual([
      [oldest.id, 3],
      [second.id, 2],
    ]);
    // The carried task is a whole task.
    expect(later.carriedOver[0]).toMatchObject({ title: oldest.title, isCompleted: false, category: "later" });
    // The last earlier day with any activity, in one line.
    expect(later.previous).toEqual({
      date: "2027-02-11",
      tasksCompleted: 1,
      focusSessionsCompleted: 0,
      focusMinutes: 0,
    });
  });

  it("a time-zone change that moves the local date forward starts the new day at once", async () => {
    setClock("2027-02-10T17:00:00Z"); // 09:00 on the 10th in Los Angeles, still the 10th's night in Tokyo
    const user = await newUser("America/Los_Angeles");
    const task = await createTask(user.token, { title: "Pack for the flight to Tokyo" });
    setClock("2027-02-10T20:00:00Z"); // 12:00 on the 10th in Los Angeles, 05:00 on the 11th in Tokyo
    expect((await getDay(user.token)).date).toBe("2027-02-10");
    await setAccount(user.token, { timeZone: "Asia/Tokyo" });
    const day = await getDay(user.token);
    expect(day).toMatchObject({ date: "2027-02-11", startsAt: "2027-02-10T19:00:00.000Z", planned: false });
    expect(day.carriedOver.map((carried) => [carried.id, carried.daysCarried])).toEqual([[task.id, 1]]);
  });

  it("follows the chosen start hour (Settings), which the account answers and validates", async () => {
    setClock("2027-02-10T05:30:00Z");
    const { token } = await registerUser();
    expect((await getDay(token)).date).toBe("2027-02-10");
    expect(await setAccount(token, { dayStartHour: 6 })).toMatchObject({ dayStartHour: 6 });
    expect(await getDay(token)).toMatchObject({ date: "2027-02-09", startsAt: "2027-02-09T06:00:00.000Z" });
    for (const bad of [13, -1, 4.5, "4"]) {
      const res = await api("/api/account", { method: "PATCH", token, json: { dayStartHour: bad } });
      expect(res.status).toBe(400);
    }
    const user = await getJson<{ dayStartHour: number }>("/api/auth/user", token);
    expect(user.dayStartHour).toBe(6);
  });
});

describe("the streak", () => {
  it("counts consecutive days with a task or focus session completed, across a missed day, ending today or yesterday", async () => {
    setClock("2027-02-01T10:00:00Z");
    const user = await newUser();
    const complete = async (iso: string) => {
      setClock(iso);
      const task = await createTask(user.token, { title: `Done on ${iso}` });
      await completeTask(user.token, task.id);
    };
    await complete("2027-02-01T10:00:00Z");
    await complete("2027-02-02T10:00:00Z");
    // The 3rd: only a focus session.
    const [first, ...rest] = analyticsStatements(
      db,
      user,
      [{ type: "focus-completed", minutes: 25 }],
      new Date("2027-02-03T10:00:00Z"),
    );
    if (first) await db.batch([first, ...rest]);
    // The 4th is missed.
    await complete("2027-02-05T10:00:00Z");
    // A task only created (not completed) does not keep a streak.
    setClock("2027-02-06T10:00:00Z");
    await createTask(user.token, { title: "Created, not done" });
    expect(await getDay(user.token)).toMatchObject({ streak: 1, bestStreak: 3 });
    await complete("2027-02-06T11:00:00Z");
    expect(await getDay(user.token)).toMatchObject({ streak: 2, bestStreak: 3 });

    // The next day, with nothing done yet, the streak still ends yesterday.
    setClock("2027-02-07T10:00:00Z");
    expect(await getDay(user.token)).toMatchObject({ streak: 2, bestStreak: 3 });
    // A whole day missed: it is over; the best stays.
    setClock("2027-02-08T10:00:00Z");
    expect(await getDay(user.token)).toMatchObject({ streak: 0, bestStreak: 3 });
  });
});

describe("POST /api/day/plan", () => {
  it("makes today's three and plans the day; a repeat replaces the three", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const [a, b, c, d] = await Promise.all(
      ["Draft the budget", "Review the pull requests", "Call the plumber", "Plan the offsite"].map((title) =>
        createTask(token, { title }),
      ),
    );
    if (!a || !b || !c || !d) throw new Error("tasks missing");
    const res = await postPlan(token, [a.id, b.id, c.id]);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Day).planned).toBe(true);
    const marks = (tasks: { id: number; isPriority: boolean; priorityDate: string | null }[]) =>
      tasks.filter((task) => task.isPriority).map((task) => [task.id, task.priorityDate]);
    expect(marks(await getTasks(token))).toEqual([
      [a.id, "2027-02-10"],
      [b.id, "2027-02-10"],
      [c.id, "2027-02-10"],
    ]);

    const again = await postPlan(token, [d.id]);
    expect(again.status).toBe(200);
    expect(marks(await getTasks(token))).toEqual([[d.id, "2027-02-10"]]);
    expect((await getDay(token)).planned).toBe(true);

    // Skipping the plan (nothing chosen) also plans the day.
    const other = await registerUser();
    expect((await postPlan(other.token, [])).status).toBe(200);
    expect((await getDay(other.token)).planned).toBe(true);
  });

  it("answers 404 for an unknown or another person's task, 409 for a done one, 400 for a bad body; nothing changes", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    const stranger = await registerUser();
    const mine = await createTask(token, { title: "Mine to plan" });
    const done = await createTask(token, { title: "Already done" });
    await completeTask(token, done.id);
    const theirs = await createTask(stranger.token, { title: "Not yours" });
    expect((await postPlan(token, [mine.id])).status).toBe(200);
    const before = await getTasks(token);
    const theirsBefore = await getTasks(stranger.token);

    expect((await postPlan(token, [theirs.id])).status).toBe(404);
    expect((await postPlan(token, [mine.id, 999_999_999])).status).toBe(404);
    expect((await postPlan(token, [], [theirs.id])).status).toBe(404);
    expect((await postPlan(token, [done.id])).status).toBe(409);
    expect((await postPlan(token, [], [mine.id])).status).toBe(409); // not on the No list
    for (const body of [
      { priorityTaskIds: [1, 2, 3, 4], noListTaskIds: [] },
      { priorityTaskIds: [mine.id, mine.id], noListTaskIds: [] },
      { priorityTaskIds: [0], noListTaskIds: [] },
      { priorityTaskIds: [mine.id] },
      { priorityTaskIds: [mine.id], noListTaskIds: [], extra: true },
    ]) {
      expect((await api("/api/day/plan", { method: "POST", token, json: body })).status).toBe(400);
    }
    expect(await getTasks(token)).toEqual(before);
    expect(await getTasks(stranger.token)).toEqual(theirsBefore);
    // The stranger's day was not planned by any of it.
    expect((await getDay(stranger.token)).planned).toBe(false);
  });

  it("Analyze Priorities and a No-list commit also plan the day, each only today", async () => {
    setClock("2027-02-10T09:00:00Z");
    const one = await registerUser();
    const task = await createTask(one.token, { title: "Prioritise me" });
    const res = await api("/api/tasks/priorities", {
      method: "POST",
      token: one.token,
      json: { tasks: [{ id: task.id, answers: { urgent: true } }] },
    });
    expect(res.status).toBe(200);
    expect((await getDay(one.token)).planned).toBe(true);

    const two = await registerUser();
    const no = await createTask(two.token, { title: "Say no to me" });
    await commitNoList(two.token, [no.id]);
    expect((await getDay(two.token)).planned).toBe(true);

    // The next day begins unplanned on both.
    setClock("2027-02-11T09:00:00Z");
    expect((await getDay(one.token)).planned).toBe(false);
    expect((await getDay(two.token)).planned).toBe(false);
  });

  it("tells every open device when the day's settings, its No list or its statistics change", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Said no to, then again" });
    await commitNoList(token, [task.id]);
    const other = await openLive(token);
    try {
      // The person's settings: every device reads the day and the user again.
      await setAccount(token, { dayStartHour: 5 });
      await other.next((frame) => frame.type === "settings-changed");
      const again = await api("/api/no-list/again", { method: "POST", token, json: { ids: [task.id] } });
      expect(again.status).toBe(200);
      await other.next((frame) => frame.type === "day-changed");
      // Reset Stats: the streak and the recap came from the records, so every device reads them again.
      const reset = await api("/api/analytics/clear", { method: "POST", token, json: {} });
      expect(reset.status).toBe(204);
      await other.next((frame) => frame.type === "day-changed");
    } finally {
      other.ws.close();
    }
  });

  it("tells every open device at once, in one frame: the plan step goes away everywhere", async () => {
    const { token } = await registerUser();
    const task = await createTask(token, { title: "Seen on both devices" });
    const other = await openLive(token);
    try {
      expect((await postPlan(token, [task.id])).status).toBe(200);
      await other.next((frame) => frame.type === "day-changed");
      // One message per change (docs/decisions/161-tab-skips-own-live-echo.md): frames arrive in
      // order, so once the answer to a later sync is here, no tasks-changed followed the plan's.
      other.ws.send(JSON.stringify({ type: "sync" }));
      await other.next((frame) => frame.type === "timer");
      expect(other.frames.map((frame) => frame.type)).not.toContain("tasks-changed");
    } finally {
      other.ws.close();
    }
  });
});

describe("the analytics of a day", () => {
  it("say for each day of the week whether it was planned", async () => {
    setClock("2027-02-10T09:00:00Z");
    const { token } = await registerUser();
    expect((await postPlan(token, [])).status).toBe(200);
    setClock("2027-02-12T09:00:00Z");
    expect((await postPlan(token, [])).status).toBe(200);
    const week = await getJson<{ date: string; planned: boolean }[]>(
      "/api/analytics?startDate=2027-02-09&endDate=2027-02-12",
      token,
    );
    expect(week.map((day) => [day.date, day.planned])).toEqual([
      ["2027-02-09", false],
      ["2027-02-10", true],
      ["2027-02-11", false],
      ["2027-02-12", true],
    ]);
    expect(await getJson("/api/analytics/today", token)).toMatchObject({ date: "2027-02-12", planned: true });
  });
});
