import { describe, expect, it } from "vitest";
import type { Day } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import { localIdsIn, withServerIds } from "../../web/api/outbox-ids";
import { newLocalTask, newLocalTaskId, serverIdsOfCreated } from "../../web/changes/add-tasks";
import { withPlanMarks } from "../../web/changes/plan-day";
import { withDayEffect, withHistoryEffect, withTaskEffect } from "../../web/changes/registry";
import { isUnsynced } from "../../web/changes/shown-task";
import { task } from "./task-fixture";

const TODAY = "2026-11-26";

const day: Day = {
  date: TODAY,
  startsAt: "2026-11-26T04:00:00.000Z",
  endsAt: "2026-11-27T04:00:00.000Z",
  planned: false,
  skipped: false,
  streak: 2,
  bestStreak: 5,
  previous: null,
  carriedOver: [{ ...task(1), daysCarried: 1 }],
  previousPriorityTaskIds: [],
  previousPriorityDate: null,
  previousNoListTaskIds: [],
  closeOfferedFrom: null,
  closed: false,
  closeNote: null,
  yesterday: null,
  focusMinutes: 0,
  usualFocusMinutes: 120,
  usualFocusDays: 0,
};

describe("what a waiting change shows", () => {
  it("adds the tasks made on the device once, marked not synced; a No-list add is on today's list", () => {
    const local = newLocalTask("u1", { title: "  Call the plumber about the kitchen leak  ", category: "no_list" });
    expect(local.id).toBeLessThan(0);
    expect(local.title).toBe("Call the plumber about the kitchen leak");
    const effect = { kind: "addTasks" as const, tasks: [local] };
    const once = withTaskEffect([task(1)], effect, TODAY);
    expect(withTaskEffect(once, effect, TODAY)).toEqual(once);
    expect(once).toHaveLength(2);
    expect(once[1]).toMatchObject({ id: local.id, noListDate: TODAY });
    expect(isUnsynced(once[1] as Task)).toBe(true);
    expect(isUnsynced(once[0] as Task)).toBe(false);
  });

  it("a task made on the device is not shown again beside the server's copy, once it was sent from elsewhere", () => {
    const local = newLocalTask("u1", { title: "Buy a new bike lock for the office rack" });
    const sent = task(90, { title: "buy a new bike lock for the office rack " });
    expect(withTaskEffect([task(1), sent], { kind: "addTasks", tasks: [local] }, TODAY).map((t) => t.id)).toEqual([
      1, 90,
    ]);
  });

  it("changes a task's fields, removes a task, and leaves other tasks as they are", () => {
    const tasks = [task(1), task(2)];
    const done = withTaskEffect(
      tasks,
      { kind: "patchTask", id: 2, fields: { isCompleted: true, completedAt: "2026-11-26T10:00:00.000Z" } },
      TODAY,
    );
    expect(done[1]).toMatchObject({ isCompleted: true, unsynced: true });
    expect(done[0]).toBe(tasks[0]);
    expect(withTaskEffect(done, { kind: "removeTask", id: 2 }, TODAY).map((t) => t.id)).toEqual([1]);
  });

  it("a plan marks today's three and takes every other open mark away", () => {
    const tasks = [
      task(1, { isPriority: true, priorityDate: "2026-11-25" }),
      task(2),
      task(3, { category: "no_list" }),
    ];
    const planned = withTaskEffect(tasks, { kind: "plan", priorityTaskIds: [2], noListTaskIds: [3] }, TODAY);
    expect(planned.map((t) => [t.id, t.isPriority, t.priorityDate, t.noListDate])).toEqual([
      [1, false, null, null],
      [2, true, TODAY, null],
      [3, false, null, TODAY],
    ]);
    expect(withPlanMarks(tasks, { priorityTaskIds: [2], noListTaskIds: [] }, TODAY)[1]).not.toHaveProperty("unsynced");
    expect(withDayEffect(day, { kind: "plan", priorityTaskIds: [2], noListTaskIds: [] })).toMatchObject({
      planned: true,
      skipped: false,
    });
  });

  it("a No-list commit puts the tasks on today's list with their reasons and plans the day", () => {
    const committed = withTaskEffect(
      [task(1, { isPriority: true, priorityDate: TODAY })],
      { kind: "commitNoList", items: [{ id: 1, reason: "Not this month" }] },
      TODAY,
    );
    expect(committed[0]).toMatchObject({
      category: "no_list",
      noListReason: "Not this month",
      noListDate: TODAY,
      isPriority: false,
      priorityDate: null,
    });
    expect(withDayEffect(day, { kind: "commitNoList", items: [{ id: 1, reason: null }] }).planned).toBe(true);
  });

  it("a skip skips the day; a carried task deleted or finished is no longer carried", () => {
    expect(withDayEffect(day, { kind: "skipDay" }).skipped).toBe(true);
    expect(withDayEffect(day, { kind: "removeTask", id: 1 }).carriedOver).toEqual([]);
    expect(withDayEffect(day, { kind: "patchTask", id: 1, fields: { isCompleted: true } }).carriedOver).toEqual([]);
    expect(withDayEffect(day, { kind: "patchTask", id: 1, fields: { title: "Renamed" } })).toBe(day);
  });
});

describe("the Done screen while a reopen waits", () => {
  it("the reopened task leaves the history and its finish leaves its day's count", () => {
    const done = { ...task(5, { isCompleted: true }), completedDay: "2026-11-25" };
    const other = { ...task(6, { isCompleted: true }), completedDay: "2026-11-25" };
    const history = {
      pageParams: [null],
      pages: [
        {
          tasks: [done, other],
          days: [{ date: "2026-11-25", tasksCompleted: 2, focusSessionsCompleted: 1, focusMinutes: 25 }],
          nextCursor: null,
        },
      ],
    };
    const reopen = { kind: "patchTask" as const, id: 5, fields: { isCompleted: false, completedAt: null } };
    const shown = withHistoryEffect(history, reopen);
    expect(shown.pages[0]?.tasks.map((t) => t.id)).toEqual([6]);
    expect(shown.pages[0]?.days?.[0]?.tasksCompleted).toBe(1);
    // Applied again over the same data (a fresh read while it waits), nothing more changes.
    expect(withHistoryEffect(shown, reopen)).toBe(shown);
    expect(withHistoryEffect(history, { kind: "patchTask", id: 5, fields: { title: "Renamed" } })).toBe(history);
  });
});

describe("the server's ids for tasks made on the device", () => {
  it("local ids are negative, unique, and never meet a server id", () => {
    const ids = Array.from({ length: 50 }, () => newLocalTaskId());
    expect(new Set(ids).size).toBe(50);
    expect(ids.every((id) => id < 0 && Number.isSafeInteger(id))).toBe(true);
  });

  it("are matched by title, also when the server left some out as duplicates", () => {
    const local = [newLocalTask("u1", { title: "Book flights" }), newLocalTask("u1", { title: "Water the plants" })];
    const created = [task(41, { title: "water the plants" })];
    const ids = serverIdsOfCreated(local, created);
    expect([...ids]).toEqual([[local[1]?.id, 41]]);
  });

  it("replace the local ids in a waiting change's path, body and effect, and nothing else", () => {
    const local = -1764150000000001;
    const ids = new Map([[local, 77]]);
    const change = {
      path: `/api/tasks/${local}?complete=true`,
      body: { items: [{ id: local, reason: "Not now" }], other: 5, negative: -3 },
      effect: { kind: "removeTask", id: local },
    };
    expect(localIdsIn(change)).toEqual([local, local, -3, local]);
    const renamed = withServerIds(change, ids);
    expect(renamed).toEqual({
      path: "/api/tasks/77?complete=true",
      body: { items: [{ id: 77, reason: "Not now" }], other: 5, negative: -3 },
      effect: { kind: "removeTask", id: 77 },
    });
    expect(localIdsIn([renamed.path, renamed.body.items])).toEqual([]);
    expect(withServerIds(`/api/tasks/${local}/reopen`, ids)).toBe("/api/tasks/77/reopen");
  });
});
