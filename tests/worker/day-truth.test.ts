import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { productivityScore } from "../../shared/analytics";
import type { AnalyticsRecord } from "../../shared/schemas/analytics-record";
import type { Day } from "../../shared/schemas/day";
import { completeTask, getDay, getHistory, getJson, getTasks, postPlan, setAccount, setClock } from "./day-helpers";
import { api, createTask, newUser, PASSWORD } from "./helpers";

// One truth per day (docs/decisions/180-day-facts-stamped.md): over three days with a plan, finishes,
// reopens, an Undo, a zone change and a start-hour change, Done, Analytics, the streak and the
// plan's recap say the same of every day.

afterEach(() => {
  vi.useRealTimers();
});

async function reopen(token: string, id: number) {
  const res = await api(`/api/tasks/${id}/reopen`, { method: "POST", token });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** What each source says of each day: Done's count and rows, the analytics record, and whether planned. */
async function everySource(token: string, days: readonly string[]) {
  const history = await getHistory(token, 2);
  const records = await getJson<AnalyticsRecord[]>(`/api/analytics?startDate=${days[0]}&endDate=${days.at(-1)}`, token);
  return days.map((date) => {
    const done = history.days.find((day) => day.date === date);
    const record = records.find((row) => row.date === date);
    return {
      date,
      doneCount: done?.tasksCompleted ?? 0,
      doneRows: (done?.tasks ?? []).map((task) => task.title).sort(),
      analytics: record?.tasksCompleted ?? 0,
      planned: record?.planned ?? false,
      skipped: record?.skipped ?? false,
    };
  });
}

describe("one truth per day", () => {
  it("Done, Analytics, the streak and the recap agree on every day after reopens, an Undo, a zone and a start-hour change", async () => {
    // Day one: 20:00 on March 1st in UTC−12.
    setClock("2027-03-02T08:00:00Z");
    const user = await newUser("Etc/GMT+12");
    const [a, b, c, d, e, f] = await Promise.all(
      [
        "Draft the quarterly budget for the design team",
        "Review the onboarding pull requests from Monday",
        "Call the plumber about the leaking kitchen tap",
        "Send the signed lease back to the landlord",
        "Book the dentist appointment for next month",
        "Write the speech for Anna's leaving party",
      ].map((title) => createTask(user.token, { title })),
    );
    if (!a || !b || !c || !d || !e || !f) throw new Error("tasks not made");
    expect((await postPlan(user.token, [a.id, b.id, c.id])).status).toBe(200);
    await completeTask(user.token, a.id);
    await completeTask(user.token, d.id);
    // One-tap done on E, then its Undo (a reopen): the finish is taken off again.
    await completeTask(user.token, e.id);
    await reopen(user.token, e.id);
    const dayOne = await getDay(user.token);
    expect(dayOne.date).toBe("2027-03-01");

    // Day two: four hours later the person is in London, where it is noon on March 2nd.
    setClock("2027-03-02T12:00:00Z");
    await setAccount(user.token, { timeZone: "Europe/London" });
    const dayTwo = await getDay(user.token);
    expect(dayTwo.date).toBe("2027-03-02");
    // The tasks made yesterday (as the day was then) are carried, one day each, whatever London says.
    expect(dayTwo.carriedOver.map((task) => [task.id, task.daysCarried])).toEqual([
      [b.id, 1],
      [c.id, 1],
      [e.id, 1],
      [f.id, 1],
    ]);
    // Yesterday's three are the three planned yesterday, still open.
    expect(dayTwo).toMatchObject({
      previousPriorityTaskIds: [b.id, c.id],
      previousPriorityDate: "2027-03-01",
      previous: { date: "2027-03-01", tasksCompleted: 2 },
      streak: 1,
    });
    expect((await postPlan(user.token, [b.id, f.id])).status).toBe(200);
    await completeTask(user.token, b.id);
    await completeTask(user.token, c.id);
    // A, planned and finished on day one, is reopened today: it leaves day one everywhere.
    await reopen(user.token, a.id);
    expect(await everySource(user.token, ["2027-03-01", "2027-03-02"])).toEqual([
      {
        date: "2027-03-01",
        doneCount: 1,
        doneRows: [d.title],
        analytics: 1,
        planned: true,
        skipped: false,
      },
      {
        date: "2027-03-02",
        doneCount: 2,
        doneRows: [b.title, c.title].sort(),
        analytics: 2,
        planned: true,
        skipped: false,
      },
    ]);
    // The day now starts at midnight: no past day moves for it.
    await setAccount(user.token, { dayStartHour: 0 });

    // Day three.
    setClock("2027-03-03T12:00:00Z");
    const dayThree: Day = await getDay(user.token);
    expect(dayThree).toMatchObject({
      date: "2027-03-03",
      planned: false,
      skipped: false,
      streak: 2,
      bestStreak: 2,
      previous: { date: "2027-03-02", tasksCompleted: 2 },
      // A (marked on day one, finished, reopened yesterday) is not among yesterday's three: F is.
      previousPriorityTaskIds: [f.id],
      previousPriorityDate: "2027-03-02",
    });
    expect(dayThree.carriedOver.map((task) => [task.id, task.daysCarried])).toEqual([
      [a.id, 2],
      [e.id, 2],
      [f.id, 2],
    ]);
    const sources = await everySource(user.token, ["2027-03-01", "2027-03-02", "2027-03-03"]);
    for (const day of sources) {
      expect(day.doneCount, day.date).toBe(day.analytics);
      expect(day.doneRows.length, day.date).toBe(day.analytics);
    }
    expect(sources.map((day) => day.analytics)).toEqual([1, 2, 0]);
    // The recap of each day is its record: yesterday's matches Done's and Analytics' count.
    expect(dayThree.previous?.tasksCompleted).toBe(sources[1]?.doneCount);

    // Skip for today: nothing changes but the day's row; the week says "Skipped".
    const before = await getTasks(user.token);
    const skip = await api("/api/day/skip", { method: "POST", token: user.token });
    expect(skip.status, await skip.clone().text()).toBe(200);
    expect(await skip.json()).toMatchObject({ planned: false, skipped: true, previousPriorityTaskIds: [f.id] });
    expect(await getTasks(user.token)).toEqual(before);
    expect((await everySource(user.token, ["2027-03-03"]))[0]).toMatchObject({ planned: false, skipped: true });
    // A plan after a skip plans the day.
    expect((await postPlan(user.token, [f.id])).status).toBe(200);
    expect(await getDay(user.token)).toMatchObject({ planned: true, skipped: false });
  });

  it("a finish counted on a day and undone on the next takes its count and its row off that day only", async () => {
    setClock("2027-04-01T10:00:00Z");
    const user = await newUser("UTC");
    const task = await createTask(user.token, { title: "Renew the car insurance before Friday" });
    const other = await createTask(user.token, { title: "Pay the electricity bill online" });
    await completeTask(user.token, task.id);
    await completeTask(user.token, other.id);
    setClock("2027-04-02T10:00:00Z");
    // PATCH isCompleted:false is a reopen too.
    const res = await api(`/api/tasks/${task.id}`, {
      method: "PATCH",
      token: user.token,
      json: { isCompleted: false },
    });
    expect(res.status).toBe(200);
    await completeTask(user.token, task.id);
    expect(await everySource(user.token, ["2027-04-01", "2027-04-02"])).toEqual([
      { date: "2027-04-01", doneCount: 1, doneRows: [other.title], analytics: 1, planned: false, skipped: false },
      { date: "2027-04-02", doneCount: 1, doneRows: [task.title], analytics: 1, planned: false, skipped: false },
    ]);
    // A reopen raced by another device counts once: the second answers 409 and takes nothing.
    const [first, second] = await Promise.all([
      api(`/api/tasks/${task.id}/reopen`, { method: "POST", token: user.token }),
      api(`/api/tasks/${task.id}/reopen`, { method: "POST", token: user.token }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await everySource(user.token, ["2027-04-02"]))[0]).toMatchObject({ doneCount: 0, analytics: 0 });
  });

  it("skip answers 401 signed out and refuses a body that is not an object", async () => {
    expect((await api("/api/day/skip", { method: "POST" })).status).toBe(401);
    const user = await newUser("UTC");
    const res = await api("/api/day/skip", { method: "POST", token: user.token, json: [1] });
    expect(res.status).toBe(400);
    expect((await getDay(user.token)).skipped).toBe(false);
  });

  it("the export holds the day plans and the tasks' day stamps; deleting the account clears the plans", async () => {
    setClock("2027-05-03T10:00:00Z");
    const user = await newUser("UTC");
    const task = await createTask(user.token, { title: "Print the boarding passes for the Lisbon trip" });
    expect((await postPlan(user.token, [task.id])).status).toBe(200);
    await completeTask(user.token, task.id);
    const exported = await getJson<{
      tasks: { id: number; createdDay: string; completedDay: string }[];
      dayPlans: { date: string; priorityTaskIds: number[]; skipped: boolean }[];
    }>("/api/account/export", user.token);
    expect(exported.tasks).toEqual([
      expect.objectContaining({ id: task.id, createdDay: "2027-05-03", completedDay: "2027-05-03" }),
    ]);
    expect(exported.dayPlans).toEqual([
      expect.objectContaining({ date: "2027-05-03", priorityTaskIds: [task.id], skipped: false }),
    ]);
    const res = await api("/api/account", {
      method: "DELETE",
      token: user.token,
      json: { confirmation: "DELETE", password: PASSWORD },
    });
    expect(res.status, await res.clone().text()).toBe(204);
    const left = await env.DB.prepare("select count(*) as n from day_plans where user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("a carried task finished today counts in today's score, and its reopen takes it back (decision 190)", async () => {
    setClock("2027-06-01T10:00:00Z");
    const user = await newUser("Europe/London");
    const carried = await createTask(user.token, { title: "Renew the car insurance before the deadline" });
    setClock("2027-06-02T10:00:00Z");
    const fresh = await createTask(user.token, { title: "Buy a birthday card for Sam" });
    await completeTask(user.token, carried.id);
    await completeTask(user.token, fresh.id);
    const today = () => getJson<AnalyticsRecord>("/api/analytics/today", user.token);
    expect(await today()).toMatchObject({ tasksCompleted: 2, totalTasksCreated: 1, carriedTasksCompleted: 1 });
    expect(productivityScore(await today())).toBe(50);
    await reopen(user.token, carried.id);
    expect(await today()).toMatchObject({ tasksCompleted: 1, totalTasksCreated: 1, carriedTasksCompleted: 0 });
    // A delete that completes an earlier task is not a finish: it adds nothing to the score.
    const deleted = await api(`/api/tasks/${carried.id}?complete=true`, { method: "DELETE", token: user.token });
    expect(deleted.status).toBe(200);
    expect(await today()).toMatchObject({ tasksCompleted: 2, carriedTasksCompleted: 0 });
  });
});
