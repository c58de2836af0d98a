import { describe, expect, it } from "vitest";
import { closeMoves } from "../../shared/day-close-moves";
import { closeDayChange, withCloseMoves } from "../../web/changes/close-day";
import { task } from "./task-fixture";

// The close's moves as one rule (docs/decisions/393-the-close-s-moves-are-one-rule.md): what the
// server writes to its rows and what the device shows are the same function's answer.

const DAY = "2026-11-26";

describe("the close's moves", () => {
  it("says what each task becomes, by name", () => {
    const tasks = [
      task(1, { isPriority: true, priorityDate: DAY }),
      task(2),
      task(3, { category: "no_list", noListDate: DAY }),
      task(4, { category: "urgent" }),
      task(5),
      task(6, { isPriority: true, priorityDate: DAY }),
      task(7, { category: "no_list", noListDate: DAY }),
    ];
    const moves = closeMoves(
      tasks,
      [
        { id: 7, to: "tomorrow" },
        { id: 2, to: "tomorrow" },
        { id: 3, to: "later" },
        { id: 4, to: "no" },
        { id: 5, to: "done" },
        { id: 1, to: "delete" },
      ],
      DAY,
    );
    expect(moves).toEqual({
      changed: [
        { id: 2, fields: { isPriority: true, priorityDate: DAY } },
        { id: 3, fields: { isPriority: false, priorityDate: null, category: "later", noListDate: null } },
        { id: 4, fields: { category: "no_list", isPriority: false, priorityDate: null, noListDate: "2026-11-27" } },
        { id: 5, fields: { isCompleted: true } },
        // "Tomorrow" names tomorrow's three: every other open star goes.
        { id: 6, fields: { isPriority: false, priorityDate: null } },
        { id: 7, fields: { isPriority: true, priorityDate: DAY, category: "later", noListDate: null } },
      ],
      finished: [5],
      removed: [1],
      // In the order they were named.
      tomorrow: [7, 2],
      starsGo: true,
    });
  });

  it("without a Tomorrow, every star stays where no move takes it", () => {
    const tasks = [task(1, { isPriority: true, priorityDate: DAY }), task(2, { isPriority: true, priorityDate: DAY })];
    expect(closeMoves(tasks, [{ id: 2, to: "later" }], DAY)).toMatchObject({
      changed: [{ id: 2, fields: { isPriority: false, priorityDate: null } }],
      starsGo: false,
    });
  });

  it("a star finished by the close goes with the others (as the server always wrote it); one finished before stays", () => {
    const tasks = [
      task(1, { isPriority: true, priorityDate: DAY }),
      task(2, { isPriority: true, priorityDate: DAY, isCompleted: true, completedAt: `${DAY}T09:00:00.000Z` }),
      task(3),
    ];
    const input = [
      { id: 1, to: "done" },
      { id: 2, to: "done" },
      { id: 3, to: "tomorrow" },
    ] as const;
    const moves = closeMoves(tasks, input, DAY);
    expect(moves.changed).toEqual([
      { id: 1, fields: { isPriority: false, priorityDate: null, isCompleted: true } },
      { id: 3, fields: { isPriority: true, priorityDate: DAY } },
    ]);
    expect(moves.finished).toEqual([1]);
    // The device shows what the server writes.
    const shown = withCloseMoves(
      tasks,
      closeDayChange({ note: "", moves: [...input], tomorrowFirst: null }).effect,
      DAY,
    );
    expect(shown[0]).toMatchObject({ isCompleted: true, isPriority: false, priorityDate: null });
    expect(shown[1]).toBe(tasks[1]);
  });

  it("a move of a task it was not given is nothing; a Done of a finished one or a Delete of a gone one changes nothing", () => {
    const done = task(2, { isCompleted: true, completedAt: `${DAY}T09:00:00.000Z` });
    expect(
      closeMoves(
        [done],
        [
          { id: 2, to: "done" },
          { id: 9, to: "delete" },
          { id: 8, to: "later" },
        ],
        DAY,
      ),
    ).toEqual({ changed: [], finished: [], removed: [], tomorrow: [], starsGo: false });
  });

  it("the No list's day is the day after the closed one, across a month's end", () => {
    expect(closeMoves([task(1)], [{ id: 1, to: "no" }], "2026-11-30").changed[0]?.fields.noListDate).toBe("2026-12-01");
  });

  it("applied to what it left, it changes nothing more", () => {
    const tasks = [task(1, { isPriority: true, priorityDate: DAY }), task(2, { category: "no_list" }), task(3)];
    const input = [
      { id: 2, to: "tomorrow" },
      { id: 3, to: "done" },
    ] as const;
    const effect = closeDayChange({ note: "", moves: [...input], tomorrowFirst: null }).effect;
    const once = withCloseMoves(tasks, effect, DAY);
    expect(withCloseMoves(once, effect, DAY)).toEqual(once);
    expect(closeMoves(once, input, DAY).finished).toEqual([]);
  });
});
