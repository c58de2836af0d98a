import { describe, expect, it } from "vitest";
import type { Day } from "../../shared/schemas/day";
import { offeredNoItems, previousThree } from "../../web/features/braindump/plan/plan-choices";
import { planWanted } from "../../web/features/braindump/plan/plan-wanted";
import { task } from "./task-fixture";

describe("Keep yesterday's three", () => {
  it("offers the day's ids still open and off the No list, in their order, at most three", () => {
    const starred = { isPriority: true, priorityDate: "2026-03-01" };
    const tasks = [
      task(1, starred),
      task(2, { ...starred, isCompleted: true }),
      task(3, { category: "no_list" }),
      task(4, starred),
      task(5, starred),
      task(6, starred),
    ];
    expect(
      previousThree({ previousPriorityTaskIds: [4, 2, 3, 1, 9, 5, 6], yesterday: null }, tasks).map((t) => t.id),
    ).toEqual([4, 1, 5]);
  });

  it("leaves out one moved to Later (its star gone), but not last evening's first task (docs/decisions/332-move-to-later-is-written.md)", () => {
    const starred = { isPriority: true, priorityDate: "2026-03-01" };
    const tasks = [task(1, starred), task(2), task(3)];
    const yesterday = { date: "2026-03-01", note: null, firstTaskId: 3 };
    expect(previousThree({ previousPriorityTaskIds: [3, 1, 2], yesterday }, tasks).map((t) => t.id)).toEqual([3, 1]);
  });
});

describe("whether the plan step leads the priority picker", () => {
  const fresh: Day = {
    date: "2026-03-02",
    startsAt: "2026-03-02T04:00:00.000Z",
    endsAt: "2026-03-03T04:00:00.000Z",
    planned: false,
    skipped: false,
    streak: 0,
    bestStreak: 0,
    previous: null,
    carriedOver: [],
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
  const previous = { date: "2026-03-01", tasksCompleted: 1, focusSessionsCompleted: 0, focusMinutes: 0 };

  it("not on a person's very first day, with nothing to plan from, nor before the day is read", () => {
    expect(planWanted(fresh)).toBe(false);
    expect(planWanted(undefined)).toBe(false);
  });

  it("on a new day with an earlier day's activity, carried tasks, earlier marks or earlier No items", () => {
    expect(planWanted({ ...fresh, previous })).toBe(true);
    expect(planWanted({ ...fresh, carriedOver: [{ ...task(1), daysCarried: 1 }] })).toBe(true);
    expect(planWanted({ ...fresh, previousPriorityTaskIds: [1] })).toBe(true);
    expect(planWanted({ ...fresh, previousNoListTaskIds: [1] })).toBe(true);
  });

  it("never once today is planned", () => {
    expect(planWanted({ ...fresh, previous, planned: true })).toBe(false);
  });
});

describe("the earlier No items the plan step offers", () => {
  const today = "2026-03-02";
  const tasks = [
    task(1, { category: "no_list", noListDate: "2026-03-01" }),
    task(2, { category: "no_list", noListDate: today }),
    task(3, { category: "no_list", noListDate: "2026-02-27" }),
    task(4, { category: "later" }),
  ];

  it("keeps an item said no to again (the day no longer names it), marks it, and names the latest earlier day", () => {
    expect(offeredNoItems([1, 2, 3, 4, 9], tasks, today)).toEqual({
      items: [tasks[0], tasks[1], tasks[2]],
      saidAgain: [2],
      fromDay: "2026-03-01",
    });
  });

  it("names no day once every item is said again", () => {
    expect(offeredNoItems([2], tasks, today).fromDay).toBeNull();
  });
});
