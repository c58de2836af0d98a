import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type AnalyticsEvent, analyticsStatements } from "../../worker/analytics/recorder";
import { deleteDailyAnalyticsOfUserQuery } from "../../worker/analytics/user-data";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics, tasks } from "../../worker/db/schema";
import { newUser } from "./helpers";

const db = createDb(env.DB);

type AnalyticsUser = Awaited<ReturnType<typeof newUser>>;

async function record(user: AnalyticsUser, events: AnalyticsEvent[], now: Date) {
  const [first, ...rest] = analyticsStatements(db, user, events, now);
  if (!first) throw new Error("no statements");
  await db.batch([first, ...rest]);
}

async function rows(userId: string) {
  const found = await db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, userId));
  return found.map((row) => ({
    ...row,
    categoryBreakdown: JSON.parse(row.categoryBreakdown),
    hourlyActivity: JSON.parse(row.hourlyActivity) as number[],
  }));
}

async function onlyRow(userId: string) {
  const found = await rows(userId);
  expect(found).toHaveLength(1);
  return found[0] as (typeof found)[number];
}

const at = (iso: string) => new Date(iso);

describe("analyticsStatements: counters", () => {
  it("records nothing for no events", () => {
    expect(analyticsStatements(db, { id: "x", timeZone: "UTC" }, [], at("2026-03-10T12:00:00Z"))).toEqual([]);
  });

  it("adds created tasks by count and keeps adding on the same day", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 3 }], at("2026-03-10T09:05:00Z"));
    await record(user, [{ type: "task-created", count: 2 }], at("2026-03-10T17:45:00Z"));
    const row = await onlyRow(user.id);
    expect(row).toMatchObject({
      date: "2026-03-10",
      totalTasksCreated: 5,
      tasksCompleted: 0,
      focusSessionsCompleted: 0,
      totalFocusMinutes: 0,
      mostProductiveHour: null,
    });
    expect(row.hourlyActivity).toEqual(Array(24).fill(0));
  });

  it("counts completions, priority completions and the hour they happened in", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-completed", priority: true }], at("2026-03-10T09:10:00Z"));
    await record(user, [{ type: "task-completed", priority: false }], at("2026-03-10T09:50:00Z"));
    await record(
      user,
      [
        { type: "task-completed", priority: true },
        { type: "task-completed", priority: false },
      ],
      at("2026-03-10T15:00:00Z"),
    );
    const row = await onlyRow(user.id);
    expect(row).toMatchObject({ tasksCompleted: 4, priorityTasksCompleted: 2, totalTasksCreated: 0 });
    expect(row.hourlyActivity[9]).toBe(2);
    expect(row.hourlyActivity[15]).toBe(2);
    expect(row.hourlyActivity.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it("counts focus sessions and their minutes, also at the hour", async () => {
    const user = await newUser();
    await record(user, [{ type: "focus-completed", minutes: 25 }], at("2026-03-10T10:30:00Z"));
    await record(user, [{ type: "focus-completed", minutes: 14.6 }], at("2026-03-10T10:59:59Z"));
    const row = await onlyRow(user.id);
    expect(row).toMatchObject({ focusSessionsCompleted: 2, totalFocusMinutes: 40, mostProductiveHour: 10 });
    expect(row.hourlyActivity[10]).toBe(40);
  });

  it("ignores negative or non-finite amounts instead of subtracting", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 2 }], at("2026-03-10T10:00:00Z"));
    await record(
      user,
      [
        { type: "task-created", count: -5 },
        { type: "focus-completed", minutes: Number.NaN },
      ],
      at("2026-03-10T11:00:00Z"),
    );
    expect(await onlyRow(user.id)).toMatchObject({
      totalTasksCreated: 2,
      focusSessionsCompleted: 0,
      totalFocusMinutes: 0,
    });
  });

  it("counts no session for a focus of under half a minute, so sessions never outnumber minutes", async () => {
    const user = await newUser();
    await record(user, [{ type: "focus-completed", minutes: 0 }], at("2026-03-10T10:00:00Z"));
    await record(user, [{ type: "focus-completed", minutes: 0.4 }], at("2026-03-10T10:05:00Z"));
    expect(await onlyRow(user.id)).toMatchObject({ focusSessionsCompleted: 0, totalFocusMinutes: 0 });
    await record(user, [{ type: "focus-completed", minutes: 0.6 }], at("2026-03-10T10:10:00Z"));
    expect(await onlyRow(user.id)).toMatchObject({ focusSessionsCompleted: 1, totalFocusMinutes: 1 });
  });

  it("keeps each of the person's days in its own record: a day begins at 04:00 unless they chose another hour", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-11T03:59:59Z"));
    await record(user, [{ type: "task-created", count: 4 }], at("2026-03-11T04:00:00Z"));
    const found = (await rows(user.id)).sort((a, b) => a.date.localeCompare(b.date));
    expect(found.map((row) => [row.date, row.totalTasksCreated])).toEqual([
      ["2026-03-10", 1],
      ["2026-03-11", 4],
    ]);

    const midnight = { ...(await newUser()), dayStartHour: 0 };
    await record(midnight, [{ type: "task-created", count: 1 }], at("2026-03-10T23:59:59Z"));
    await record(midnight, [{ type: "task-created", count: 4 }], at("2026-03-11T00:00:00Z"));
    const split = (await rows(midnight.id)).sort((a, b) => a.date.localeCompare(b.date));
    expect(split.map((row) => [row.date, row.totalTasksCreated, row.mostProductiveHour])).toEqual([
      ["2026-03-10", 1, null],
      ["2026-03-11", 4, null],
    ]);
  });
});

describe("analyticsStatements: the user's local day and hour", () => {
  // 23:30 UTC on 10 March 2026 is 08:30 on the 11th in Tokyo and 16:30 on the 10th in Los Angeles (PDT).
  const instant = at("2026-03-10T23:30:00Z");

  it.each([
    ["Asia/Tokyo", "2026-03-11", 8],
    ["America/Los_Angeles", "2026-03-10", 16],
    ["UTC", "2026-03-10", 23],
    ["Asia/Kolkata", "2026-03-11", 5],
  ])("in %s the day is %s and the hour %i", async (timeZone, date, hour) => {
    const user = await newUser(timeZone);
    await record(user, [{ type: "task-completed", priority: false }], instant);
    const row = await onlyRow(user.id);
    expect(row.date).toBe(date);
    expect(row.mostProductiveHour).toBe(hour);
    expect(row.hourlyActivity[hour]).toBe(1);
  });

  it("splits a Tokyo night across two days at the day's start (04:00), not at midnight", async () => {
    const user = await newUser("Asia/Tokyo");
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-10T14:59:00Z")); // 23:59 on the 10th
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-10T15:00:00Z")); // 00:00 on the 11th
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-10T19:00:00Z")); // 04:00 on the 11th
    const found = (await rows(user.id)).sort((a, b) => a.date.localeCompare(b.date));
    expect(found.map((row) => [row.date, row.totalTasksCreated])).toEqual([
      ["2026-03-10", 2],
      ["2026-03-11", 1],
    ]);
  });

  it("counts an unknown stored zone in UTC rather than failing", async () => {
    const user = await newUser("Mars/Olympus_Mons");
    await record(user, [{ type: "task-created", count: 1 }], instant);
    expect((await onlyRow(user.id)).date).toBe("2026-03-10");
  });
});

describe("analyticsStatements: most productive hour", () => {
  it("is the hour with the most completions plus focus minutes", async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) {
      await record(user, [{ type: "task-completed", priority: false }], at("2026-03-10T09:15:00Z"));
    }
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(9);
    await record(user, [{ type: "focus-completed", minutes: 25 }], at("2026-03-10T14:00:00Z"));
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(14);
    // Later completions at 9 (3 + 23 = 26) overtake 14 (25).
    for (let i = 0; i < 23; i++) {
      await record(user, [{ type: "task-completed", priority: false }], at("2026-03-10T09:40:00Z"));
    }
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(9);
  });

  it("breaks ties by the earliest hour", async () => {
    const user = await newUser();
    await record(user, [{ type: "focus-completed", minutes: 10 }], at("2026-03-10T20:00:00Z"));
    await record(user, [{ type: "focus-completed", minutes: 10 }], at("2026-03-10T07:00:00Z"));
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(7);
  });

  it("stays null while the day has creations only, and is set by the first activity", async () => {
    const user = await newUser();
    await record(
      user,
      [{ type: "task-created", count: 5 }, { type: "categories-changed" }],
      at("2026-03-10T08:00:00Z"),
    );
    expect((await onlyRow(user.id)).mostProductiveHour).toBeNull();
    await record(user, [{ type: "task-completed", priority: false }], at("2026-03-10T13:00:00Z"));
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(13);
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-10T18:00:00Z"));
    expect((await onlyRow(user.id)).mostProductiveHour).toBe(13);
  });
});

describe("analyticsStatements: category breakdown", () => {
  it("counts the live tasks written earlier in the same batch, with no category as later", async () => {
    const user = await newUser();
    const other = await newUser();
    const now = at("2026-03-10T12:00:00Z");
    const titles = [
      { title: "a", category: "urgent" as const },
      { title: "b", category: "urgent" as const },
      { title: "c", category: "later" as const },
      { title: "d", category: null },
      { title: "e", category: "delegate" as const },
      { title: "f", category: "no_list" as const },
      { title: "done", category: "urgent" as const, isCompleted: true, completedAt: now },
      { title: "[REMOVED] Task 9", category: "delegate" as const },
    ];
    await db.batch([
      db.insert(tasks).values(titles.map((task) => ({ ...task, userId: user.id }))),
      db.insert(tasks).values({ userId: other.id, title: "not mine", category: "urgent" }),
      ...(analyticsStatements(
        db,
        user,
        [{ type: "task-created", count: titles.length }, { type: "categories-changed" }],
        now,
      ) as []),
    ]);
    expect((await onlyRow(user.id)).categoryBreakdown).toEqual({ urgent: 2, later: 2, delegate: 1, no_list: 1 });

    // Moving a task re-counts: the update comes first in the batch, the record sees it.
    await db.batch([
      db.update(tasks).set({ category: "no_list" }).where(eq(tasks.title, "a")),
      ...(analyticsStatements(db, user, [{ type: "categories-changed" }], now) as []),
    ]);
    const row = await onlyRow(user.id);
    expect(row.categoryBreakdown).toEqual({ urgent: 1, later: 2, delegate: 1, no_list: 2 });
    expect(row.totalTasksCreated).toBe(titles.length);
  });

  it("is all zeros for a user without tasks", async () => {
    const user = await newUser();
    await record(user, [{ type: "categories-changed" }], at("2026-03-10T12:00:00Z"));
    expect(await onlyRow(user.id)).toMatchObject({
      categoryBreakdown: { urgent: 0, later: 0, delegate: 0, no_list: 0 },
      totalTasksCreated: 0,
      mostProductiveHour: null,
    });
  });
});

describe("analyticsStatements: concurrency", () => {
  it("loses no count when many batches upsert the same record at once", async () => {
    const user = await newUser();
    const now = at("2026-03-10T12:00:00Z");
    const n = 40;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        record(
          user,
          [
            { type: "task-created", count: 1 },
            { type: "task-completed", priority: i % 2 === 0 },
            { type: "focus-completed", minutes: 5 },
          ],
          now,
        ),
      ),
    );
    const row = await onlyRow(user.id);
    expect(row).toMatchObject({
      totalTasksCreated: n,
      tasksCompleted: n,
      priorityTasksCompleted: n / 2,
      focusSessionsCompleted: n,
      totalFocusMinutes: 5 * n,
      mostProductiveHour: 12,
    });
    expect(row.hourlyActivity[12]).toBe(n + 5 * n);
  });
});

describe("deleteDailyAnalyticsOfUserQuery", () => {
  it("deletes every record of the user and none of anyone else's", async () => {
    const user = await newUser();
    const other = await newUser();
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-09T12:00:00Z"));
    await record(user, [{ type: "task-created", count: 1 }], at("2026-03-10T12:00:00Z"));
    await record(other, [{ type: "task-created", count: 1 }], at("2026-03-10T12:00:00Z"));
    await deleteDailyAnalyticsOfUserQuery(db, user.id);
    expect(await rows(user.id)).toEqual([]);
    expect(await rows(other.id)).toHaveLength(1);
  });
});
