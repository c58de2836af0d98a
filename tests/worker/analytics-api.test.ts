import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiAnalyticsRecord as AnalyticsRecord } from "../../shared/schemas/analytics";
import { type AnalyticsEvent, analyticsStatements } from "../../worker/analytics/recorder";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics, tasks } from "../../worker/db/schema";
import { api, createTask, newUser, ORIGIN } from "./helpers";

const db = createDb(env.DB);

async function record(user: { id: string; timeZone: string }, events: AnalyticsEvent[], iso: string) {
  const [first, ...rest] = analyticsStatements(db, user, events, new Date(iso));
  if (!first) throw new Error("no statements");
  await db.batch([first, ...rest]);
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const zeros = { urgent: 0, later: 0, delegate: 0, no_list: 0 };

afterEach(() => {
  vi.useRealTimers();
});

describe("signed out", () => {
  it.each([
    ["GET", "/api/analytics?startDate=2026-03-01&endDate=2026-03-07"],
    ["GET", "/api/analytics/today"],
    ["GET", "/api/analytics/today?forceZero=true"],
    ["POST", "/api/analytics/clear"],
  ])("%s %s answers 401", async (method, path) => {
    const res = await api(path, { method, ...(method === "POST" ? { json: {} } : {}) });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe("GET /api/analytics (range)", () => {
  it("answers one record per day, zeros with id null where nothing happened", async () => {
    const user = await newUser();
    await record(
      user,
      [
        { type: "task-created", count: 4 },
        { type: "task-completed", priority: true },
      ],
      "2026-03-03T10:00:00Z",
    );
    await record(user, [{ type: "focus-completed", minutes: 30 }], "2026-03-05T16:00:00Z");
    const days = await getJson<AnalyticsRecord[]>("/api/analytics?startDate=2026-03-01&endDate=2026-03-07", user.token);
    expect(days.map((day) => day.date)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(days[0]).toEqual({
      id: null,
      userId: user.id,
      date: "2026-03-01",
      totalTasksCreated: 0,
      tasksCompleted: 0,
      priorityTasksCompleted: 0,
      carriedTasksCompleted: 0,
      focusSessionsCompleted: 0,
      totalFocusMinutes: 0,
      mostProductiveHour: null,
      categoryBreakdown: JSON.stringify(zeros),
      hourlyActivity: Array(24).fill(0),
      planned: false,
      skipped: false,
      plannedMinutes: 0,
    });
    expect(days[2]).toMatchObject({
      id: expect.any(Number),
      totalTasksCreated: 4,
      tasksCompleted: 1,
      priorityTasksCompleted: 1,
      mostProductiveHour: 10,
    });
    expect(days[2]?.hourlyActivity[10]).toBe(1);
    expect(days[4]).toMatchObject({ id: expect.any(Number), focusSessionsCompleted: 1, totalFocusMinutes: 30 });
    expect(days.filter((day) => day.id === null)).toHaveLength(5);
  });

  it("answers a single day, and a leap year of 366 days", async () => {
    const user = await newUser();
    expect(await getJson<unknown[]>("/api/analytics?startDate=2026-03-01&endDate=2026-03-01", user.token)).toHaveLength(
      1,
    );
    const year = await getJson<AnalyticsRecord[]>("/api/analytics?startDate=2024-01-01&endDate=2024-12-31", user.token);
    expect(year).toHaveLength(366);
    expect(year.at(-1)?.date).toBe("2024-12-31");
  });

  it("carries the category breakdown of the last earlier record into days without one", async () => {
    const user = await newUser();
    await db.batch([
      db.insert(tasks).values([
        { userId: user.id, title: "a", category: "urgent" },
        { userId: user.id, title: "b", category: "delegate" },
      ]),
      ...(analyticsStatements(db, user, [{ type: "task-created", count: 2 }], new Date("2026-02-27T12:00:00Z")) as []),
    ]);
    const days = await getJson<AnalyticsRecord[]>("/api/analytics?startDate=2026-03-01&endDate=2026-03-02", user.token);
    for (const day of days) {
      expect(day).toMatchObject({ id: null, totalTasksCreated: 0 });
      expect(JSON.parse(day.categoryBreakdown)).toEqual({ urgent: 1, later: 0, delegate: 1, no_list: 0 });
    }
  });

  it.each([
    ["startDate=2026-3-1&endDate=2026-03-07", "startDate"],
    ["startDate=2026-02-30&endDate=2026-03-07", "startDate"],
    ["startDate=2026-03-01&endDate=tomorrow", "endDate"],
    ["startDate=2026-03-08&endDate=2026-03-07", "endDate"],
    ["startDate=2024-01-01&endDate=2025-01-01", "endDate"],
    ["startDate=2020-01-01&endDate=2026-01-01", "endDate"],
    ["endDate=2026-03-07", "startDate"],
    ["startDate=2026-03-01", "endDate"],
    ["startDate=2026-03-01&startDate=2026-03-02&endDate=2026-03-07", "startDate"],
    ["", "startDate"],
  ])("answers a clear 400 for ?%s", async (query, field) => {
    const user = await newUser();
    const res = await api(`/api/analytics?${query}`, { token: user.token });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string[] }[] };
    expect(body.message).toMatch(/^Invalid query\. /);
    expect(body.message).toContain(field);
    expect(body.issues[0]?.path).toEqual([field]);
  });

  it("names the problem in the message", async () => {
    const user = await newUser();
    const messages = await Promise.all(
      [
        "startDate=2026-02-30&endDate=2026-03-07",
        "startDate=2026-03-08&endDate=2026-03-07",
        "startDate=2024-01-01&endDate=2025-01-01",
      ].map(
        async (query) =>
          ((await (await api(`/api/analytics?${query}`, { token: user.token })).json()) as { message: string }).message,
      ),
    );
    expect(messages[0]).toMatch(/does not exist/);
    expect(messages[1]).toMatch(/must not be before/);
    expect(messages[2]).toMatch(/at most 366 days/);
  });

  it("never shows another user's records", async () => {
    const mine = await newUser();
    const theirs = await newUser();
    await record(
      theirs,
      [
        { type: "task-created", count: 9 },
        { type: "focus-completed", minutes: 50 },
      ],
      "2026-03-03T10:00:00Z",
    );
    const days = await getJson<AnalyticsRecord[]>("/api/analytics?startDate=2026-03-01&endDate=2026-03-07", mine.token);
    expect(days.every((day) => day.id === null && day.userId === mine.id && day.totalTasksCreated === 0)).toBe(true);
  });
});

describe("GET /api/analytics/today", () => {
  it("answers today's record in the user's zone: at 23:30 UTC Tokyo is already on the next day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-10T23:30:00Z"));
    const tokyo = await newUser("Asia/Tokyo");
    const angeles = await newUser("America/Los_Angeles");
    for (const user of [tokyo, angeles]) {
      await record(user, [{ type: "task-created", count: 2 }], "2026-03-10T23:30:00Z");
    }
    await record(tokyo, [{ type: "task-created", count: 7 }], "2026-03-10T12:00:00Z"); // 21:00 on the 10th in Tokyo

    const tokyoToday = await getJson<AnalyticsRecord>("/api/analytics/today", tokyo.token);
    expect(tokyoToday).toMatchObject({ date: "2026-03-11", totalTasksCreated: 2, id: expect.any(Number) });
    const angelesToday = await getJson<AnalyticsRecord>("/api/analytics/today", angeles.token);
    expect(angelesToday).toMatchObject({ date: "2026-03-10", totalTasksCreated: 2 });
  });

  it("answers a zero record dated today when there is none, keeping the last known breakdown", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-12T08:00:00Z"));
    const user = await newUser();
    expect(await getJson<AnalyticsRecord>("/api/analytics/today", user.token)).toMatchObject({
      id: null,
      userId: user.id,
      date: "2026-03-12",
      totalTasksCreated: 0,
      categoryBreakdown: JSON.stringify(zeros),
    });
    await db.batch([
      db.insert(tasks).values({ userId: user.id, title: "a", category: null }),
      ...(analyticsStatements(db, user, [{ type: "task-created", count: 1 }], new Date("2026-03-11T08:00:00Z")) as []),
    ]);
    expect(await getJson<AnalyticsRecord>("/api/analytics/today", user.token)).toMatchObject({
      id: null,
      date: "2026-03-12",
      totalTasksCreated: 0,
      categoryBreakdown: JSON.stringify({ ...zeros, later: 1 }),
    });
  });

  it("with forceZero=true answers zeros for today even when there is activity", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-12T08:00:00Z"));
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 3 }], "2026-03-12T07:00:00Z");
    expect(await getJson<AnalyticsRecord>("/api/analytics/today", user.token)).toMatchObject({ totalTasksCreated: 3 });
    expect(await getJson<AnalyticsRecord>("/api/analytics/today?forceZero=true", user.token)).toMatchObject({
      id: null,
      date: "2026-03-12",
      totalTasksCreated: 0,
      categoryBreakdown: JSON.stringify(zeros),
    });
    expect(await getJson<AnalyticsRecord>("/api/analytics/today?forceZero=false", user.token)).toMatchObject({
      totalTasksCreated: 3,
    });
  });

  it("answers 400 for a forceZero that is not true or false", async () => {
    const user = await newUser();
    const res = await api("/api/analytics/today?forceZero=yes", { token: user.token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("forceZero");
  });
});

describe("POST /api/analytics/clear", () => {
  async function countRows(userId: string) {
    return (await db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, userId))).length;
  }

  it("deletes all of the user's records with a JSON content type and an empty body, and nobody else's", async () => {
    const user = await newUser();
    const other = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], "2026-03-01T10:00:00Z");
    await record(user, [{ type: "task-created", count: 1 }], "2026-03-02T10:00:00Z");
    await record(other, [{ type: "task-created", count: 1 }], "2026-03-02T10:00:00Z");
    const res = await api("/api/analytics/clear", {
      method: "POST",
      token: user.token,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(204);
    expect(await countRows(user.id)).toBe(0);
    expect(await countRows(other.id)).toBe(1);
    const days = await getJson<AnalyticsRecord[]>("/api/analytics?startDate=2026-03-01&endDate=2026-03-02", user.token);
    expect(days.map((day) => day.id)).toEqual([null, null]);
  });

  it("accepts an empty JSON object and is harmless to repeat", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], "2026-03-01T10:00:00Z");
    for (let i = 0; i < 2; i++) {
      const res = await api("/api/analytics/clear", { method: "POST", token: user.token, json: {} });
      expect(res.status).toBe(204);
    }
    expect(await countRows(user.id)).toBe(0);
  });

  it("refuses a body that is not a JSON object and deletes nothing", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], "2026-03-01T10:00:00Z");
    for (const body of ["not json", "[1,2]"]) {
      const res = await api("/api/analytics/clear", {
        method: "POST",
        token: user.token,
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(await countRows(user.id)).toBe(1);
  });

  it("refuses a cookie-only request from another origin (403) and deletes nothing", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], "2026-03-01T10:00:00Z");
    const res = await api("/api/analytics/clear", {
      method: "POST",
      headers: { Cookie: `__Host-onething_session=${user.token}`, Origin: "https://evil.example" },
      json: {},
    });
    expect(res.status).toBe(403);
    expect(await countRows(user.id)).toBe(1);
    const same = await api("/api/analytics/clear", {
      method: "POST",
      headers: { Cookie: `__Host-onething_session=${user.token}`, Origin: ORIGIN },
      json: {},
    });
    expect(same.status).toBe(204);
    expect(await countRows(user.id)).toBe(0);
  });
});

describe("through the task API", () => {
  async function patchTask(token: string, id: number, json: Record<string, unknown>) {
    const res = await api(`/api/tasks/${id}`, { method: "PATCH", token, json });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it("creating, moving, completing and deleting tasks shows in today's record, in the user's zone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 23:30 UTC: already 08:30 on the 11th in Tokyo.
    vi.setSystemTime(new Date("2026-03-10T23:30:00Z"));
    const user = await newUser("Asia/Tokyo");
    const a = await createTask(user.token, { title: "Write report" });
    const b = await createTask(user.token, { title: "Call the bank", category: "urgent" });
    const c = await createTask(user.token, { title: "Ask Sam", category: "delegate" });
    await createTask(user.token, { title: "Doomscroll", category: "no_list" });
    await patchTask(user.token, a.id, { isPriority: true });
    await patchTask(user.token, a.id, { isCompleted: true });
    await patchTask(user.token, b.id, { isCompleted: true });
    await patchTask(user.token, b.id, { isCompleted: true }); // already done: not counted twice
    await patchTask(user.token, c.id, { category: "later" });
    const today = await getJson<AnalyticsRecord>("/api/analytics/today", user.token);
    expect(today).toMatchObject({
      date: "2026-03-11",
      totalTasksCreated: 4,
      tasksCompleted: 2,
      priorityTasksCompleted: 1,
      mostProductiveHour: 8,
      categoryBreakdown: JSON.stringify({ urgent: 0, later: 1, delegate: 0, no_list: 1 }),
    });
    expect(today.hourlyActivity[8]).toBe(2);

    const deleted = await api(`/api/tasks/${c.id}`, { method: "DELETE", token: user.token });
    expect(deleted.status).toBe(200);
    const after = await getJson<AnalyticsRecord>("/api/analytics/today", user.token);
    expect(JSON.parse(after.categoryBreakdown)).toEqual({ urgent: 0, later: 0, delegate: 0, no_list: 1 });
    expect(after.totalTasksCreated).toBe(4);

    const range = await getJson<AnalyticsRecord[]>(
      "/api/analytics?startDate=2026-03-05&endDate=2026-03-11",
      user.token,
    );
    expect(range.map((day) => day.totalTasksCreated)).toEqual([0, 0, 0, 0, 0, 0, 4]);
  });

  it("another user's task changes never reach my record", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-12T10:00:00Z"));
    const mine = await newUser();
    const theirs = await newUser();
    await createTask(theirs.token, { title: "Theirs", category: "urgent" });
    const today = await getJson<AnalyticsRecord>("/api/analytics/today", mine.token);
    expect(today).toMatchObject({ id: null, totalTasksCreated: 0, categoryBreakdown: JSON.stringify(zeros) });
  });
});
