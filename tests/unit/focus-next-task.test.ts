import { describe, expect, it } from "vitest";
import { nextPriorityTask } from "../../web/features/focus/next-task";
import { startHereTask } from "../../web/features/focus/selectable-tasks";
import { task } from "./task-fixture";

describe("nextPriorityTask", () => {
  it("chooses the best-ranked open priority task other than the one just done", () => {
    const tasks = [
      task(1, { isPriority: true, answers: { urgent: true, important: true } }),
      task(2, { isPriority: true, answers: { relief: true } }),
      task(3, { isPriority: true, answers: { important: true } }),
      task(4, { answers: { urgent: true, important: true, dependency: true } }),
    ];
    expect(nextPriorityTask(tasks, 1)).toBe(3);
    expect(nextPriorityTask(tasks, 3)).toBe(1);
  });

  it("skips completed and No-list tasks, then falls back to the best other open task, else none", () => {
    const tasks = [
      task(1, { isPriority: true, isCompleted: true }),
      task(2, { isPriority: true, category: "no_list" }),
      task(3, { answers: { relief: true } }),
      task(4, { answers: { urgent: true } }),
    ];
    expect(nextPriorityTask(tasks, 1)).toBe(4);
    expect(nextPriorityTask([task(5)], 5)).toBeNull();
    expect(nextPriorityTask([], null)).toBeNull();
  });
});

describe("startHereTask: what opening the Focus tab preselects", () => {
  it("is the results step's START HERE: the best-ranked open priority task", () => {
    const tasks = [
      task(1, { answers: { urgent: true, important: true, dependency: true } }),
      task(2, { isPriority: true, answers: { relief: true } }),
      task(3, { isPriority: true, answers: { urgent: true } }),
      task(4, { isPriority: true, isCompleted: true, answers: { urgent: true, important: true } }),
    ];
    expect(startHereTask(tasks)).toBe(3);
  });

  it("with no ranking (no open priority task), nothing", () => {
    expect(startHereTask([task(1, { answers: { urgent: true } }), task(2)])).toBeNull();
    expect(startHereTask([task(1, { isPriority: true, category: "no_list" })])).toBeNull();
    expect(startHereTask([])).toBeNull();
  });
});
