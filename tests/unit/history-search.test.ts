import { describe, expect, it } from "vitest";
import { type HistoryDay, MAX_HISTORY_RANGE_DAYS } from "../../shared/schemas/day";
import { HISTORY_WINDOW_DAYS, historyRanges, searchHistory, searchWords } from "../../web/features/done/history-search";
import { task } from "./task-fixture";

const days: HistoryDay[] = [
  {
    date: "2026-03-02",
    tasks: [task(1, { title: "Send the quarterly report to Sam" }), task(2, { title: "Book the dentist" })],
    focusSessionsCompleted: 1,
    focusMinutes: 25,
  },
  {
    date: "2026-03-01",
    tasks: [task(3, { title: "Draft the report outline", description: "For the QUARTERLY review" })],
    focusSessionsCompleted: 0,
    focusMinutes: 0,
  },
];

describe("finding a finished task by its words", () => {
  it("splits the search into lower-case words", () => {
    expect(searchWords("  Quarterly   REPORT ")).toEqual(["quarterly", "report"]);
  });

  it("keeps the tasks holding every word, in any order and case, title or description; days left empty drop out", () => {
    expect(searchHistory(days, "report quarterly").map((d) => [d.date, d.tasks.map((t) => t.id)])).toEqual([
      ["2026-03-02", [1]],
      ["2026-03-01", [3]],
    ]);
    expect(searchHistory(days, "dentist").map((d) => d.date)).toEqual(["2026-03-02"]);
    expect(searchHistory(days, "dentist report")).toEqual([]);
  });

  it("keeps every day as it is for an empty search", () => {
    expect(searchHistory(days, "   ")).toEqual(days);
  });
});

describe("the history's ranges", () => {
  it("are as long as the server allows", () => {
    expect(HISTORY_WINDOW_DAYS).toBe(MAX_HISTORY_RANGE_DAYS);
  });

  it("are back-to-back windows of 92 days, newest first, the first ending today", () => {
    expect(historyRanges("2026-03-02", 2)).toEqual([
      { from: "2025-12-01", to: "2026-03-02" },
      { from: "2025-08-31", to: "2025-11-30" },
    ]);
  });
});
