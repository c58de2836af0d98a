import { describe, expect, it } from "vitest";
import { nextWallTimeAt } from "../../shared/day-close";
import type { Task } from "../../shared/schemas/tasks";
import { aboutMinutes, planSize } from "../../web/features/braindump/plan-size/plan-size";
import {
  closeGroups,
  defaultMoves,
  doneToday,
  firstTaskChoices,
  groupMoves,
  movesToSend,
  routinesToday,
  tasksToClose,
  tomorrowOpen,
} from "../../web/features/day-close/close-tasks";
import { task } from "./task-fixture";

describe("nextWallTimeAt (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md)", () => {
  it("is the next instant the person's wall clock reads the close time, across daylight saving", () => {
    const at = (time: string, zone: string, now: string) =>
      new Date(nextWallTimeAt(time, zone, Date.parse(now))).toISOString();
    expect(at("18:00", "Europe/Berlin", "2027-01-15T12:00:00Z")).toBe("2027-01-15T17:00:00.000Z");
    expect(at("18:00", "Europe/Berlin", "2027-01-15T17:00:00Z")).toBe("2027-01-16T17:00:00.000Z");
    // Berlin springs forward on 2027-03-28: 18:00 is 16:00 UTC from then on.
    expect(at("18:00", "Europe/Berlin", "2027-03-27T17:30:00Z")).toBe("2027-03-28T16:00:00.000Z");
    // A time the spring change skips comes at the first moment after it.
    expect(at("02:30", "Europe/Berlin", "2027-03-27T12:00:00Z")).toBe("2027-03-28T01:00:00.000Z");
  });

  it("on given weekdays only, the next of them at that wall time (docs/decisions/380-the-hub-hosts-parts.md)", () => {
    const at = (time: string, zone: string, now: string, weekdays: (0 | 1 | 2 | 3 | 4 | 5 | 6)[]) =>
      new Date(nextWallTimeAt(time, zone, Date.parse(now), weekdays)).toISOString();
    // Friday 2027-01-15: the next Sunday, then the Monday after when Sunday's time has passed.
    expect(at("18:00", "Europe/Berlin", "2027-01-15T12:00:00Z", [0])).toBe("2027-01-17T17:00:00.000Z");
    expect(at("18:00", "Europe/Berlin", "2027-01-17T17:00:00Z", [0, 1])).toBe("2027-01-18T17:00:00.000Z");
    // Today's weekday, its time still ahead: today.
    expect(at("18:00", "Europe/Berlin", "2027-01-15T12:00:00Z", [5])).toBe("2027-01-15T17:00:00.000Z");
    // A week on, across Chatham's change back from +13:45 to +12:45 on 2027-04-04.
    expect(at("09:00", "Pacific/Chatham", "2027-03-27T19:15:00Z", [0])).toBe("2027-04-03T20:15:00.000Z");
  });
});

describe("what the close asks about", () => {
  const tasks = [
    task(1, { createdAt: "2026-11-20T10:00:00.000Z" }),
    task(2, { createdAt: "2026-11-26T09:00:00.000Z" }),
    task(3, { createdAt: "2026-11-20T10:00:00.000Z", isPriority: true, priorityDate: "2026-11-26" }),
    task(4, { createdAt: "2026-11-26T09:00:00.000Z", category: "no_list", noListDate: "2026-11-26" }),
    task(5, { isCompleted: true, completedAt: "2026-11-26T11:00:00.000Z" }),
    task(6, { isCompleted: true, completedAt: "2026-11-25T11:00:00.000Z" }),
    task(7, { isCompleted: true, completedAt: "2026-11-26T12:00:00.000Z" }),
  ];
  // The day's carried tasks: made on an earlier day (3 is today's three already).
  const day = {
    date: "2026-11-26",
    startsAt: "2026-11-26T04:00:00.000Z",
    carriedOver: [1, 3].map((id) => ({ ...(tasks[id - 1] as Task), daysCarried: 6 })),
  };

  it("today's three first, then what was made today, then what was carried; the done of today, latest first", () => {
    expect(tasksToClose(tasks, day).map((t) => t.id)).toEqual([3, 2, 1]);
    expect(closeGroups(tasks, day).map((group) => [group.key, group.tasks.map((t) => t.id)])).toEqual([
      ["three", [3]],
      ["today", [2]],
      ["earlier", [1]],
    ]);
    expect(doneToday(tasks, day).map((t) => t.id)).toEqual([7, 5]);
  });

  it("keeps today's three starred and the rest for later unless told; Tomorrow at most three", () => {
    const moves = defaultMoves(tasksToClose(tasks, day), day.date);
    expect(moves).toEqual({ 3: "tomorrow", 2: "later", 1: "later" });
    expect(tomorrowOpen({ 1: "tomorrow", 2: "tomorrow", 3: "tomorrow" }, 4)).toBe(false);
    expect(tomorrowOpen({ 1: "tomorrow", 2: "tomorrow", 3: "tomorrow" }, 3)).toBe(true);
    expect(firstTaskChoices([task(1), task(2), task(3)], { 1: "no", 2: "later", 3: "done" }).map((t) => t.id)).toEqual([
      2,
    ]);
  });
});

describe("a day that was not planned (docs/decisions/333-the-close-covers-every-open-task.md)", () => {
  // Skipped: yesterday's two still starred, twelve more carried.
  const carried = Array.from({ length: 14 }, (_, index) =>
    task(index + 1, {
      createdAt: `2026-11-2${index % 5}T10:00:00.000Z`,
      ...(index < 2 ? { isPriority: true, priorityDate: "2026-11-25" } : {}),
    }),
  );
  const day = {
    date: "2026-11-26",
    startsAt: "2026-11-26T04:00:00.000Z",
    carriedOver: carried.map((one) => ({ ...one, daysCarried: 2 })),
  };

  it("asks about every carried task, oldest first; the starred ones stay for tomorrow", () => {
    const [earlier] = closeGroups(carried, day);
    expect(earlier?.key).toBe("earlier");
    expect(earlier?.tasks).toHaveLength(14);
    const moves = defaultMoves(tasksToClose(carried, day), day.date);
    expect(
      Object.entries(moves)
        .filter(([, to]) => to === "tomorrow")
        .map(([id]) => Number(id)),
    ).toEqual([1, 2]);
    // Later of a task without a star changes nothing: not sent.
    expect(movesToSend(carried, moves)).toEqual([
      { id: 1, to: "tomorrow" },
      { id: 2, to: "tomorrow" },
    ]);
  });

  it("moves a group at once; Tomorrow only while the group fits in three", () => {
    const few = carried.slice(0, 2);
    expect(groupMoves(carried, {})).toEqual(["later", "no", "done"]);
    expect(groupMoves(few, {})).toEqual(["tomorrow", "later", "no", "done"]);
    expect(groupMoves(few, { 5: "tomorrow", 6: "tomorrow" })).toEqual(["later", "no", "done"]);
  });
});

describe("today's routines on the close (docs/decisions/292-routines-on-the-evening-close.md)", () => {
  const day = { date: "2026-11-26", startsAt: "2026-11-26T04:00:00.000Z" };
  const tasks = [
    task(1, { routineId: 10, title: "Water the plants", createdAt: "2026-11-26T04:00:00.000Z" }),
    task(2, {
      routineId: 11,
      title: "Take the medicine",
      isCompleted: true,
      completedAt: "2026-11-26T08:00:00.000Z",
    }),
    task(3, { routineId: 12, title: "Stretch", isCompleted: true, completedAt: "2026-11-25T08:00:00.000Z" }),
    // A routine's occurrence starred as one of the three is still not moved by the close.
    task(4, { routineId: 13, title: "Go running", isPriority: true, priorityDate: "2026-11-26" }),
    task(5, { createdAt: "2026-11-26T09:00:00.000Z" }),
  ];

  it("lists the open ones first, then those done today; not an earlier day's", () => {
    expect(routinesToday(tasks, day).map((t) => t.id)).toEqual([4, 1, 2]);
  });

  it("offers no move for an occurrence and counts none among the tasks done", () => {
    expect(tasksToClose(tasks, { ...day, carriedOver: [] }).map((t) => t.id)).toEqual([5]);
    expect(doneToday(tasks, day)).toEqual([]);
  });
});

describe("planSize (docs/decisions/294-a-plan-sized-to-the-person.md)", () => {
  const SETTING = { minutes: 120, days: 0 };
  it("says both figures when the three need more than the usual focus, and offers the longest", () => {
    const three = [
      task(1, { title: "Draft the report", estimateMinutes: 90 }),
      task(2, { title: "Clean the garage", estimateMinutes: 120 }),
      task(3, { title: "Call Sam", estimateMinutes: 30 }),
    ];
    expect(planSize(three, SETTING)).toEqual({
      planned: 240,
      text: "These three need about 4 h; you usually focus 2 h a day (your setting).",
      tooMuch: { id: 2, title: "Clean the garage" },
    });
  });

  it("never offers the task chosen last night as the first (docs/decisions/346-the-first-chosen-last-night-is-kept.md)", () => {
    const three = [
      task(1, { title: "Draft the report", estimateMinutes: 90 }),
      task(2, { title: "Clean the garage", estimateMinutes: 120 }),
      task(3, { title: "Call Sam", estimateMinutes: 30 }),
    ];
    expect(planSize(three, SETTING, 2)?.tooMuch).toEqual({ id: 1, title: "Draft the report" });
    expect(planSize([task(2, { estimateMinutes: 120 }), task(3)], { minutes: 60, days: 0 }, 2)?.tooMuch).toBeNull();
  });

  it("says the planned time of the usual when it fits, and nothing without estimates", () => {
    expect(planSize([task(1, { estimateMinutes: 45 }), task(2, { estimateMinutes: 45 })], SETTING)?.text).toBe(
      "These two need about 1 h 30 of your usual 2 h (your setting).",
    );
    expect(planSize([task(1), task(2)], SETTING)).toBeNull();
    expect(planSize([task(1, { estimateMinutes: 300 })], SETTING)).toMatchObject({
      text: "This one needs about 5 h; you usually focus 2 h a day (your setting).",
      tooMuch: null,
    });
    // A finished task needs no more time.
    expect(planSize([task(1, { estimateMinutes: 300, isCompleted: true })], SETTING)).toBeNull();
  });

  it("says the usual focus as the server counts it, unrounded, and where it comes from", () => {
    const three = [task(1, { estimateMinutes: 30 }), task(2, { estimateMinutes: 30 })];
    expect(planSize(three, { minutes: 47, days: 6 })?.text).toBe(
      "These two need about 1 h; you usually focus 47 min a day (the median of your last 6 days with focus).",
    );
    expect(planSize(three, { minutes: 1, days: 5 })?.text).toContain("you usually focus 1 min a day");
  });

  it("rounds about a quarter hour", () => {
    expect(aboutMinutes(97)).toBe("1 h 30");
    expect(aboutMinutes(5)).toBe("15 min");
    expect(aboutMinutes(233)).toBe("4 h");
  });
});
