import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGE_SUBSCRIBERS } from "../../worker/change-subscribers";
import type { ChangeEvent } from "../../worker/changes/events";
import { guardOn } from "../../worker/changes/guard";
import { type ChangeScope, type ChangeSubscriber, commitChange } from "../../worker/changes/pipeline";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics, tasks } from "../../worker/db/schema";
import { liveFrameOf } from "../../worker/hub-host/hub-parts";
import { api, createTask, newUser } from "./helpers";

/*
 * The change pipeline itself (docs/decisions/250-one-home-for-a-change.md), on the real D1 with the
 * subscribers the app wires (worker/change-subscribers.ts): a change's subscriber statements commit
 * with it or not at all, what the hub is told follows from the events, and a guard's abort is
 * answered (or retried) by the caller. What the hub is told (the change's events) is recorded rather
 * than sent: the hub's side of it is covered by the live tests.
 */

const db = createDb(env.DB);
/** A fixed instant, so the day the counters land on is known. */
const NOW = new Date("2026-03-10T12:00:00Z");

function scopeOf(userId: string, subscribers: readonly ChangeSubscriber[] = CHANGE_SUBSCRIBERS) {
  const told: (readonly ChangeEvent[])[] = [];
  const scope: ChangeScope = {
    db,
    user: { id: userId, timeZone: "UTC", dayStartHour: 4 },
    now: NOW,
    subscribers,
    announce: async (events) => {
      told.push(events);
    },
  };
  return { scope, told };
}

function insertTask(userId: string, title: string) {
  return db
    .insert(tasks)
    .values({ userId, title, createdAt: NOW, updatedAt: NOW, createdDay: "2026-03-10" })
    .returning();
}

async function recordOf(userId: string) {
  const [row] = await db
    .select()
    .from(dailyAnalytics)
    .where(and(eq(dailyAnalytics.userId, userId), eq(dailyAnalytics.date, "2026-03-10")));
  return row;
}

async function titlesOf(userId: string) {
  const rows = await db.select({ title: tasks.title }).from(tasks).where(eq(tasks.userId, userId));
  return rows.map((row) => row.title);
}

describe("commitChange", () => {
  it("commits the change with its subscribers' statements in one batch, answers its own results and reads, and tells the hub once", async () => {
    const user = await newUser();
    const { scope, told } = scopeOf(user.id);
    const { results, reads } = await commitChange(scope, () => ({
      statements: [insertTask(user.id, "Plan the week")],
      events: [{ type: "tasks-created", count: 1 }],
      // Reads run after every write of the batch, the subscribers' included.
      reads: [
        db
          .select({ created: dailyAnalytics.totalTasksCreated })
          .from(dailyAnalytics)
          .where(eq(dailyAnalytics.userId, user.id)),
      ],
    }));
    expect(results[0].map((row) => row.title)).toEqual(["Plan the week"]);
    expect(reads[0]).toEqual([{ created: 1 }]);
    expect((await recordOf(user.id))?.totalTasksCreated).toBe(1);
    expect(told).toEqual([[{ type: "tasks-created", count: 1 }]]);
  });

  it("writes neither the change nor its subscribers' statements when a subscriber's statement fails", async () => {
    const user = await newUser();
    // A subscriber whose statement always fails: the task and the counters must both stay unwritten.
    const failing: ChangeSubscriber = (_events, at) => [guardOn(at.db, tasks, sql`1`).statement];
    const { scope, told } = scopeOf(user.id, [...CHANGE_SUBSCRIBERS, failing]);
    await expect(
      commitChange(scope, () => ({
        statements: [insertTask(user.id, "Never written")],
        events: [{ type: "tasks-created", count: 1 }],
      })),
    ).rejects.toThrow();
    expect(await titlesOf(user.id)).toEqual([]);
    expect(await recordOf(user.id)).toBeUndefined();
    expect(told).toEqual([]);
  });

  it("writes neither the counters nor the change when its guard aborts, and throws the batch's error without whenAborted", async () => {
    const user = await newUser();
    const { scope, told } = scopeOf(user.id);
    await expect(
      commitChange(scope, () => ({
        guards: [guardOn(db, tasks, sql`1`)],
        statements: [insertTask(user.id, "Guarded")],
        events: [
          { type: "tasks-created", count: 1 },
          { type: "task-finished", priority: true },
        ],
      })),
    ).rejects.toThrow(/NOT NULL constraint failed: tasks\./);
    expect(await titlesOf(user.id)).toEqual([]);
    expect(await recordOf(user.id)).toBeUndefined();
    expect(told).toEqual([]);
  });

  it("builds the change again when whenAborted returns, and answers what whenAborted throws", async () => {
    const user = await newUser();
    const { scope, told } = scopeOf(user.id);
    const attempts: number[] = [];
    await commitChange(
      scope,
      (attempt) => {
        attempts.push(attempt);
        // The first attempt's guard holds (as if the row changed meanwhile); the second's does not.
        return {
          guards: [guardOn(db, tasks, attempt === 1 ? sql`1` : sql`0`)],
          statements: [insertTask(user.id, `Attempt ${attempt}`)],
          events: [{ type: "tasks-created", count: 1 }],
        };
      },
      { whenAborted: ({ table }) => expect(table).toBe(tasks) },
    );
    expect(attempts).toEqual([1, 2]);
    expect(await titlesOf(user.id)).toEqual(["Attempt 2"]);
    expect((await recordOf(user.id))?.totalTasksCreated).toBe(1);
    expect(told).toHaveLength(1);

    const refused = new Error("refused");
    await expect(
      commitChange(
        scope,
        () => ({ guards: [guardOn(db, tasks, sql`1`)], statements: [insertTask(user.id, "No")], events: [] }),
        {
          whenAborted: () => {
            throw refused;
          },
        },
      ),
    ).rejects.toBe(refused);
  });

  it("tells nothing when the change says nothing changed, and sends no batch for a change without statements", async () => {
    const user = await newUser();
    const { scope, told } = scopeOf(user.id);
    const {
      results: [updated],
    } = await commitChange(scope, () => ({
      statements: [
        db
          .update(tasks)
          .set({ title: "Renamed" })
          .where(and(eq(tasks.userId, user.id), eq(tasks.id, -1)))
          .returning(),
      ],
      events: [{ type: "tasks-edited" }],
      changed: ({ results: [rows] }) => rows.length > 0,
    }));
    expect(updated).toEqual([]);
    expect(told).toEqual([]);
    // The edit's recount was written (as for an answer to a task that is gone); an empty change writes nothing.
    const recorded = await recordOf(user.id);

    const nothing = await commitChange(scope, () => ({
      statements: [],
      events: [{ type: "tasks-created", count: 0 }],
    }));
    expect(nothing).toEqual({ results: [], reads: [] });
    expect(await recordOf(user.id)).toEqual(recorded);
    expect(told).toEqual([]);
  });

  it("takes a reopened task's finish off the day it counted on, in the reopen's batch", async () => {
    const user = await newUser();
    const { scope } = scopeOf(user.id);
    const {
      results: [[finished]],
    } = await commitChange(scope, () => ({
      statements: [
        db
          .insert(tasks)
          .values({
            userId: user.id,
            title: "Done once",
            isCompleted: true,
            completedAt: NOW,
            completedDay: "2026-03-10",
            createdAt: NOW,
            updatedAt: NOW,
            createdDay: "2026-03-10",
          })
          .returning(),
      ],
      events: [
        { type: "tasks-created", count: 1 },
        { type: "task-finished", priority: false },
      ],
    }));
    expect((await recordOf(user.id))?.tasksCompleted).toBe(1);
    if (!finished) throw new Error("no task");
    await commitChange(scope, () => ({
      statements: [
        db
          .update(tasks)
          .set({ isCompleted: false, completedAt: null, completedDay: null })
          .where(eq(tasks.id, finished.id)),
      ],
      events: [{ type: "task-reopened", task: finished }],
    }));
    expect((await recordOf(user.id))?.tasksCompleted).toBe(0);
  });
});

describe("the one frame a change sends every open tab follows from its events", () => {
  const tab = "tab-0123456789abcdef";
  const cases: [string, ChangeEvent[], ReturnType<typeof liveFrameOf>][] = [
    ["no event", [], null],
    ["a focus session's end alone (the timer tells its own)", [{ type: "focus-finished", minutes: 25 }], null],
    ["an edit", [{ type: "tasks-edited" }], { type: "tasks-changed", tab }],
    [
      "a delete with complete",
      [
        { type: "tasks-removed", taskIds: [7] },
        { type: "task-finished", priority: false },
      ],
      { type: "tasks-changed", tab },
    ],
    ["Clear Tasks", [{ type: "everything-cleared", startFresh: false }], { type: "tasks-changed", tab }],
    ["Start Fresh", [{ type: "everything-cleared", startFresh: true }], { type: "tasks-changed", tab }],
    ["a No list commit", [{ type: "tasks-edited" }, { type: "day-planned" }], { type: "day-changed", tab }],
    [
      "a reopen",
      [{ type: "task-reopened", task: {} as never }, { type: "tasks-edited" }],
      { type: "day-changed", tab },
    ],
    ['"Again today"', [{ type: "no-items-said-again" }], { type: "day-changed", tab }],
    ["a skip", [{ type: "day-skipped" }], { type: "day-changed", tab }],
    ["Reset Stats", [{ type: "analytics-cleared" }], { type: "day-changed", tab }],
    ["a sign-out", [{ type: "sessions-ended", sessionIds: ["s1"] }], null],
    [
      "the day's settings: no tab skips it",
      [{ type: "day-settings-changed", user: {} as never }],
      { type: "day-changed" },
    ],
    [
      "the person's settings, the day's among them: every tab reads the day, the user all but the tab named",
      [{ type: "day-settings-changed", user: {} as never }, { type: "settings-changed" }],
      { type: "settings-changed", tab },
    ],
    ["the person's language alone", [{ type: "settings-changed" }], { type: "settings-changed", tab }],
    ["notifications turned on", [{ type: "notifications-turned-on", user: {} as never }], null],
    [
      "a day's start that closed an occurrence: each device reads its day at the day's end",
      [
        { type: "day-began", date: "2026-03-10" },
        { type: "tasks-removed", taskIds: [7] },
      ],
      null,
    ],
  ];
  it.each(cases)("%s", (_name, events, expected) => {
    expect(liveFrameOf({ events, tab })).toEqual(expected);
  });
});

describe("routes through the pipeline", () => {
  it("answers a guard's abort as before: an open priority past today's three is a 409 and counts nothing", async () => {
    const user = await newUser();
    for (const title of ["One", "Two", "Three"]) await createTask(user.token, { title, isPriority: true });
    const res = await api("/api/tasks", {
      method: "POST",
      token: user.token,
      json: { title: "Four", isPriority: true },
    });
    expect(res.status).toBe(409);
    const records = await db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, user.id));
    expect(records.map((row) => row.totalTasksCreated)).toEqual([3]);
  });
});
