import { describe, expect, it } from "vitest";
import { rankForResults } from "../../web/features/braindump/todays-ranking";
import { task } from "./task-fixture";

const TODAY = "2026-03-02";
const urgent = { urgent: true, important: true } as const;

describe("the results' ranking before and after today's plan", () => {
  // Task 1 scores highest by its answers; task 2 was one of yesterday's three; 3 is today's pick.
  const tasks = [
    task(1, { answers: urgent }),
    task(2, { isPriority: true, priorityDate: "2026-03-01" }),
    task(3, { isPriority: true, priorityDate: TODAY }),
    task(4, { category: "no_list" }),
    task(5, { isCompleted: true, answers: urgent }),
  ];

  it("before the plan: by saved answers, said to be from the earlier day of the latest mark", () => {
    const { ranked, earlierDay } = rankForResults(
      tasks.filter((t) => t.id !== 3),
      { date: TODAY, planned: false },
    );
    expect(ranked.map((t) => t.id)).toEqual([1, 2]);
    expect(earlierDay).toBe("2026-03-01");
  });

  it("before the plan with no mark ever set (a first day): by saved answers, read as always", () => {
    expect(rankForResults([task(1), task(2)], { date: TODAY, planned: false }).earlierDay).toBeNull();
  });

  it("once planned: today's marks lead, earlier marks count for nothing, No list and finished left out", () => {
    const { ranked, earlierDay } = rankForResults(tasks, { date: TODAY, planned: true });
    expect(ranked.map((t) => t.id)).toEqual([3, 1, 2]);
    expect(earlierDay).toBeNull();
  });

  it("without the day known yet: by saved answers alone, as before days existed", () => {
    expect(rankForResults(tasks, undefined)).toEqual({
      ranked: [
        expect.objectContaining({ id: 1 }),
        expect.objectContaining({ id: 2 }),
        expect.objectContaining({ id: 3 }),
      ],
      earlierDay: null,
    });
  });
});
