import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import type { Day } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { getDay, getHistory, getTasks, postPlan, setAccount, setClock } from "./day-helpers";
import { api, createTask, registerUser, rowsOf } from "./helpers";

/*
 * The evening close (docs/decisions/291-the-evening-close.md): every move by name, in one change;
 * applied once by its id; the same close twice at once gives one result; the day closed is the
 * person's day at the instant, so after midnight but before their start hour it is the evening's
 * day, in every zone and on daylight-saving days. Time is injected (setClock), never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

type Closed = Day & { undoToken?: string };

function close(token: string, json: unknown, changeId?: string) {
  return api("/api/day/close", {
    method: "POST",
    token,
    json,
    ...(changeId ? { headers: { [CHANGE_ID_HEADER]: changeId } } : {}),
  });
}

async function closeOk(token: string, json: unknown): Promise<Closed> {
  const res = await close(token, json);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Closed;
}

const byId = (tasks: Task[], id: number) => tasks.find((task) => task.id === id);

async function closesOf(userId: string) {
  const { results } = await env.DB.prepare("select date, note from day_closes where user_id = ? order by date")
    .bind(userId)
    .all<{ date: string; note: string | null }>();
  return results;
}

async function tasksCompletedOn(userId: string, date: string): Promise<number> {
  const row = await env.DB.prepare("select tasks_completed as n from daily_analytics where user_id = ? and date = ?")
    .bind(userId, date)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A person whose day is counted in `timeZone` from `dayStartHour`, made at `now`. */
async function personAt(now: string, timeZone = "UTC", dayStartHour = 4) {
  setClock(now);
  const account = await registerUser();
  await setAccount(account.token, { timeZone, dayStartHour });
  return { token: account.token, id: account.user.id };
}

/** Six open tasks made at the clock's instant, the first two today's three. */
async function sixTasks(token: string) {
  const titles = [
    "Draft the quarterly report for the finance team",
    "Call the landlord about the broken radiator",
    "Reorganise the shared drive folders by project",
    "Send the invoice for the October workshop",
    "Research a new phone contract with more data",
    "Book the dentist appointment for next month",
  ];
  const tasks: Task[] = [];
  for (const title of titles) tasks.push(await createTask(token, { title }));
  const [a, b] = tasks as [Task, Task];
  const plan = await postPlan(token, [a.id, b.id]);
  expect(plan.status).toBe(200);
  return tasks as [Task, Task, Task, Task, Task, Task];
}

describe("POST /api/day/close", () => {
  it("moves each open task by name, keeps the line, and the next morning offers tomorrow's first task on top", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [a, b, c, d, e, f] = await sixTasks(person.token);
    setClock("2027-05-12T19:30:00Z");
    const closed = await closeOk(person.token, {
      note: "  Good progress on the report; the radiator can wait.  ",
      moves: [
        { id: a.id, to: "tomorrow" },
        { id: b.id, to: "later" },
        { id: c.id, to: "no" },
        { id: d.id, to: "done" },
        { id: e.id, to: "delete" },
      ],
      tomorrowFirst: f.id,
    });
    expect(closed).toMatchObject({
      date: "2027-05-12",
      closed: true,
      closeNote: "Good progress on the report; the radiator can wait.",
      yesterday: null,
    });
    expect(closed.undoToken).toEqual(expect.any(String));

    const tasks = await getTasks(person.token);
    expect(byId(tasks, a.id)).toMatchObject({ isPriority: true, priorityDate: "2027-05-12", isCompleted: false });
    expect(byId(tasks, b.id)).toMatchObject({ isPriority: false, priorityDate: null, isCompleted: false });
    expect(byId(tasks, c.id)).toMatchObject({ category: "no_list", noListDate: "2027-05-13", isPriority: false });
    expect(byId(tasks, d.id)).toMatchObject({ isCompleted: true });
    expect(byId(tasks, e.id)).toBeUndefined();
    expect(byId(tasks, f.id)).toMatchObject({ isPriority: false, isCompleted: false });
    // The finish counts on the closed day, once.
    expect(await tasksCompletedOn(person.id, "2027-05-12")).toBe(1);

    // The next morning: closed no more; last evening's line and tomorrow's first task at the top.
    setClock("2027-05-13T07:00:00Z");
    const morning = await getDay(person.token);
    expect(morning).toMatchObject({
      date: "2027-05-13",
      closed: false,
      closeNote: null,
      yesterday: {
        date: "2027-05-12",
        note: "Good progress on the report; the radiator can wait.",
        firstTaskId: f.id,
      },
      previousPriorityTaskIds: [f.id, a.id],
      previousPriorityDate: "2027-05-12",
    });
    // Done shows the line under its day's header.
    const history = await getHistory(person.token);
    expect(history.days.find((day) => day.date === "2027-05-12")).toMatchObject({
      tasksCompleted: 1,
      note: "Good progress on the report; the radiator can wait.",
    });
  });

  it("takes the stars of tomorrow's three only: every other open star goes", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [a, b, c] = await sixTasks(person.token);
    setClock("2027-05-12T20:00:00Z");
    await closeOk(person.token, { moves: [{ id: c.id, to: "tomorrow" }] });
    const tasks = await getTasks(person.token);
    expect([a, b, c].map((task) => byId(tasks, task.id)?.isPriority)).toEqual([false, false, true]);
  });

  it("takes a task said Tomorrow or Later off the No list", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [, , c, d] = await sixTasks(person.token);
    await api("/api/no-list/commit", {
      method: "POST",
      token: person.token,
      json: { items: [{ id: c.id }, { id: d.id }] },
    });
    setClock("2027-05-12T20:00:00Z");
    await closeOk(person.token, {
      moves: [
        { id: c.id, to: "tomorrow" },
        { id: d.id, to: "later" },
      ],
      tomorrowFirst: c.id,
    });
    const tasks = await getTasks(person.token);
    expect(byId(tasks, c.id)).toMatchObject({ category: "later", noListDate: null, isPriority: true });
    expect(byId(tasks, d.id)).toMatchObject({ category: "later", noListDate: null, isPriority: false });
  });

  it("with no body closes the day; a second close replaces the line; DELETE reopens it", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    setClock("2027-05-12T18:05:00Z");
    expect((await closeOk(person.token, {})).closed).toBe(true);
    expect((await closeOk(person.token, { note: "Second thoughts" })).closeNote).toBe("Second thoughts");
    expect(await closesOf(person.id)).toEqual([{ date: "2027-05-12", note: "Second thoughts" }]);
    const reopened = await api("/api/day/close", { method: "DELETE", token: person.token });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toMatchObject({ closed: false, closeNote: null });
    expect(await closesOf(person.id)).toEqual([]);
    // A reopen of an open day changes nothing and answers the day.
    const again = await api("/api/day/close", { method: "DELETE", token: person.token });
    expect(again.status).toBe(200);
    // A blank line is no line.
    expect((await closeOk(person.token, { note: "   " })).closeNote).toBeNull();
  });

  it("sent 20 times at once gives one result: one finish counted, one delete, one close", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [a, b, c, d, e] = await sixTasks(person.token);
    setClock("2027-05-12T21:00:00Z");
    const body = {
      note: "Twenty taps",
      moves: [
        { id: a.id, to: "done" },
        { id: b.id, to: "tomorrow" },
        { id: c.id, to: "no" },
        { id: d.id, to: "delete" },
        { id: e.id, to: "done" },
      ],
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => close(person.token, body)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await tasksCompletedOn(person.id, "2027-05-12")).toBe(2);
    expect(await closesOf(person.id)).toEqual([{ date: "2027-05-12", note: "Twenty taps" }]);
    const tasks = await getTasks(person.token);
    expect(byId(tasks, d.id)).toBeUndefined();
    expect(tasks.filter((task) => task.isCompleted).map((task) => task.id)).toEqual([a.id, e.id]);
    expect(await rowsOf("tasks", person.id)).toBe(5);
  });

  it("sent again with its id (an offline replay) is applied once and answered as the first time", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [a, , , d] = await sixTasks(person.token);
    setClock("2027-05-12T22:00:00Z");
    const id = crypto.randomUUID();
    const body = {
      note: "Written on the train",
      moves: [
        { id: a.id, to: "done" },
        { id: d.id, to: "delete" },
      ],
    };
    const first = await close(person.token, body, id);
    expect(first.status).toBe(200);
    // The replay comes the next morning: it still closes the evening's day, once.
    setClock("2027-05-13T08:00:00Z");
    const again = await close(person.token, body, id);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect(await tasksCompletedOn(person.id, "2027-05-12")).toBe(1);
    expect(await closesOf(person.id)).toEqual([{ date: "2027-05-12", note: "Written on the train" }]);
    expect((await getDay(person.token)).yesterday?.note).toBe("Written on the train");
  });

  it("after midnight but before the start hour closes the evening's day", async () => {
    const person = await personAt("2027-05-12T08:00:00Z", "UTC", 4);
    const [a] = await sixTasks(person.token);
    setClock("2027-05-13T01:30:00Z");
    const closed = await closeOk(person.token, { note: "Late one", moves: [{ id: a.id, to: "done" }] });
    expect(closed).toMatchObject({ date: "2027-05-12", closed: true });
    expect(await closesOf(person.id)).toEqual([{ date: "2027-05-12", note: "Late one" }]);
    expect(await tasksCompletedOn(person.id, "2027-05-12")).toBe(1);
    setClock("2027-05-13T03:59:00Z");
    expect((await getDay(person.token)).closed).toBe(true);
    setClock("2027-05-13T04:00:00Z");
    expect(await getDay(person.token)).toMatchObject({
      date: "2027-05-13",
      closed: false,
      yesterday: { date: "2027-05-12", note: "Late one" },
    });
  });

  it.each([
    // Europe/Berlin 2027-03-28: 02:00 CET jumps to 03:00 CEST; the day starts at 02:00, so at 03:00 CEST.
    {
      zone: "Europe/Berlin",
      startHour: 2,
      close: "2027-03-28T00:30:00Z",
      closed: "2027-03-27",
      next: "2027-03-28T01:00:00Z",
    },
    // America/New_York 2027-11-07: 02:00 EDT goes back to 01:00 EST; 01:30 happens twice, both before 04:00.
    {
      zone: "America/New_York",
      startHour: 4,
      close: "2027-11-07T06:30:00Z",
      closed: "2027-11-06",
      next: "2027-11-07T09:00:00Z",
    },
    // UTC+14: the evening of the 12th there is the morning of the 12th in UTC.
    {
      zone: "Pacific/Kiritimati",
      startHour: 4,
      close: "2027-05-12T06:00:00Z",
      closed: "2027-05-12",
      next: "2027-05-12T14:00:00Z",
    },
    // UTC−12.
    {
      zone: "Etc/GMT+12",
      startHour: 0,
      close: "2027-05-13T11:30:00Z",
      closed: "2027-05-12",
      next: "2027-05-13T12:00:00Z",
    },
  ])("in $zone the close counts for $closed and the next day begins with its line", async (at) => {
    const person = await personAt(new Date(Date.parse(at.close) - 86_400_000).toISOString(), at.zone, at.startHour);
    setClock(at.close);
    const closed = await closeOk(person.token, { note: `Closed in ${at.zone}` });
    expect(closed).toMatchObject({ date: at.closed, closed: true });
    setClock(new Date(Date.parse(at.next) - 1000).toISOString());
    expect(await getDay(person.token)).toMatchObject({ date: at.closed, closed: true });
    setClock(at.next);
    const next = await getDay(person.token);
    expect(next.date > at.closed).toBe(true);
    expect(next).toMatchObject({ closed: false, yesterday: { date: at.closed, note: `Closed in ${at.zone}` } });
  });

  it("refuses what it cannot do and changes nothing", async () => {
    const person = await personAt("2027-05-12T08:00:00Z");
    const [a, b, c, d, e] = await sixTasks(person.token);
    const other = await registerUser();
    const foreign = await createTask(other.token, { title: "Someone else's task" });
    await api(`/api/tasks/${e.id}`, { method: "PATCH", token: person.token, json: { isCompleted: true } });
    setClock("2027-05-12T19:00:00Z");
    const cases: [unknown, number][] = [
      [{ note: "x".repeat(501) }, 400],
      [{ note: 5 }, 400],
      [{ moves: [{ id: a.id, to: "someday" }] }, 400],
      [
        {
          moves: [
            { id: a.id, to: "later" },
            { id: a.id, to: "no" },
          ],
        },
        400,
      ],
      [{ moves: [a, b, c, d].map((task) => ({ id: task.id, to: "tomorrow" })) }, 400],
      [{ moves: [{ id: -1, to: "later" }] }, 400],
      [{ extra: true }, 400],
      [[], 400],
      [{ moves: [{ id: foreign.id, to: "later" }] }, 404],
      [{ moves: [{ id: 999_999_999, to: "done" }] }, 404],
      [{ tomorrowFirst: foreign.id }, 404],
      [{ moves: [{ id: e.id, to: "tomorrow" }] }, 409],
      [{ tomorrowFirst: e.id }, 409],
      [{ moves: [{ id: a.id, to: "no" }], tomorrowFirst: a.id }, 409],
    ];
    for (const [json, status] of cases) {
      const res = await close(person.token, json);
      expect(res.status, JSON.stringify(json)).toBe(status);
    }
    expect(await closesOf(person.id)).toEqual([]);
    const tasks = await getTasks(person.token);
    expect(byId(tasks, a.id)).toMatchObject({ isPriority: true, category: "later" });
    expect(byId(other.token ? await getTasks(other.token) : [], foreign.id)).toMatchObject({ isPriority: false });
  });
});

describe("GET /api/day usualFocusMinutes", () => {
  it("is the setting (2 hours) until there is focus, then the median of the last 14 days with any", async () => {
    const person = await personAt("2027-05-01T08:00:00Z");
    expect((await getDay(person.token)).usualFocusMinutes).toBe(120);
    await setAccount(person.token, { usualFocusMinutes: 90 });
    expect((await getDay(person.token)).usualFocusMinutes).toBe(90);
    // Sixteen earlier days of focus (the oldest two out of the window), one day without, and today.
    const minutes = [500, 500, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140];
    const statements = minutes.map((focus, index) =>
      env.DB.prepare(
        "insert into daily_analytics (user_id, date, total_focus_minutes, focus_sessions_completed) values (?, ?, ?, 1)",
      ).bind(person.id, `2027-04-${String(10 + index).padStart(2, "0")}`, focus),
    );
    statements.push(
      env.DB.prepare(
        "insert into daily_analytics (user_id, date, total_focus_minutes) values (?, '2027-04-26', 0)",
      ).bind(person.id),
      env.DB.prepare(
        "insert into daily_analytics (user_id, date, total_focus_minutes, focus_sessions_completed) values (?, '2027-05-01', 999, 1)",
      ).bind(person.id),
    );
    await env.DB.batch(statements);
    const day = await getDay(person.token);
    // 10..140 by tens: the median of fourteen is (70 + 80) / 2; today's 999 is not yet a usual day.
    expect(day.usualFocusMinutes).toBe(75);
    expect(day.focusMinutes).toBe(999);
  });
});
