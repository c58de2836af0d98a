import { describe, expect, it } from "vitest";
import { clearingLossText } from "../../web/ui/loss-text";
import { statsResetLossText } from "../../web/ui/stats-reset-loss-text";

describe("what a confirmation says will be lost", () => {
  it("names the tasks and the statistics for Start Fresh and Clear Tasks", () => {
    const open = { isCompleted: false };
    expect(clearingLossText(Array(8).fill(open))).toBe(
      "You will lose 8 tasks and today's statistics, with those of every earlier day.",
    );
    expect(clearingLossText([open])).toContain("1 task and");
    expect(clearingLossText(undefined)).toContain("all your tasks");
  });

  it("counts as Current Tasks does (the tasks not completed) and names the completed ones apart", () => {
    const tasks = [...Array(6).fill({ isCompleted: false }), { isCompleted: true }];
    expect(clearingLossText(tasks)).toBe(
      "You will lose 6 current tasks, 1 completed task and today's statistics, with those of every earlier day.",
    );
    expect(clearingLossText([{ isCompleted: true }, { isCompleted: true }])).toContain(
      "0 current tasks, 2 completed tasks and",
    );
  });

  it("names today's figures for Reset Stats and says the tasks stay", () => {
    expect(statsResetLossText({ tasksCompleted: 3, totalFocusMinutes: 25 }, 8)).toBe(
      "You will lose today's statistics (3 tasks completed, 25 focus minutes) and those of every earlier day. Your 8 tasks stay in their lists.",
    );
    expect(statsResetLossText({ tasksCompleted: 1, totalFocusMinutes: 1 }, 1)).toBe(
      "You will lose today's statistics (1 task completed, 1 focus minute) and those of every earlier day. Your 1 task stays in their lists.",
    );
    expect(statsResetLossText(undefined, undefined)).toContain("Your tasks stay in their lists.");
  });
});
