import { describe, expect, it } from "vitest";
import { builderTasks, commitItems, noListItems, selectedIds } from "../../web/features/no-list/no-list-selection";
import { task } from "./task-fixture";

const tasks = [
  task(1, { category: "urgent" }),
  task(2, { category: null }),
  task(3, { category: "no_list", noListReason: "Not today" }),
  task(4, { isCompleted: true }),
  task(5, { title: "[REMOVED] Task 5", category: null, isCompleted: false }),
  task(6, { category: "delegate" }),
  task(7, { title: "[REMOVED] Task 7", category: "no_list" }),
];

describe("No-list selection", () => {
  it("the builder lists tasks that are not no_list, not completed and not [REMOVED]", () => {
    expect(builderTasks(tasks).map((t) => t.id)).toEqual([1, 2, 6]);
  });

  it("today's list holds the visible no_list items", () => {
    expect(noListItems(tasks).map((t) => t.id)).toEqual([3]);
  });

  it("sends only ids that are still listed, in list order", () => {
    const listed = builderTasks(tasks);
    expect(selectedIds(listed, new Set([6, 3, 1, 99]))).toEqual([1, 6]);
    expect(selectedIds(listed, new Set())).toEqual([]);
  });

  it("pairs each id with its trimmed reason and leaves blank reasons out", () => {
    expect(commitItems([1, 2, 6], { 1: "  Batch it  ", 2: "   ", 9: "not selected" })).toEqual({
      items: [{ id: 1, reason: "Batch it" }, { id: 2 }, { id: 6 }],
    });
  });
});
