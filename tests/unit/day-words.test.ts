import { describe, expect, it } from "vitest";
import { carriedLabel, dayName, onDay, ordinal, previousDayLine, saidNoOn, streakLine } from "../../web/ui/day-words";

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [101, "101st"],
    [111, "111th"],
  ])("%i is %s", (n, word) => expect(ordinal(n)).toBe(word));
});

describe("how long a task has been carried", () => {
  it("counts the day it is on: created yesterday is its 2nd day, two days ago its 3rd", () => {
    expect(carriedLabel(1)).toBe("2nd day");
    expect(carriedLabel(2)).toBe("3rd day");
    expect(carriedLabel(10)).toBe("11th day");
  });
});

describe("day names", () => {
  it("says Today and Yesterday, else the weekday and date, across a month's end", () => {
    expect(dayName("2026-03-01", "2026-03-01")).toBe("Today");
    expect(dayName("2026-02-28", "2026-03-01")).toBe("Yesterday");
    expect(dayName("2026-02-27", "2026-03-01")).toBe("Friday, February 27");
  });

  it("puts a day inside a sentence", () => {
    expect(onDay("2026-03-01", "2026-03-01")).toBe("today");
    expect(onDay("2026-02-28", "2026-03-01")).toBe("yesterday");
    expect(onDay("2026-02-27", "2026-03-01")).toBe("on Friday, February 27");
  });

  it("says when an earlier No was said", () => {
    expect(saidNoOn("2026-02-28", "2026-03-01")).toBe("Said no yesterday");
    expect(saidNoOn("2026-02-20", "2026-03-01")).toBe("Said no on Friday, February 20");
    expect(saidNoOn(null, "2026-03-01")).toBe("Said no on an earlier day");
  });
});

describe("the plan step's first lines", () => {
  it("puts the previous day in one line: done and focus minutes", () => {
    const previous = { date: "2026-02-28", tasksCompleted: 3, focusSessionsCompleted: 2, focusMinutes: 50 };
    expect(previousDayLine(previous, "2026-03-01")).toBe("Yesterday: 3 done, 50 focus minutes.");
    expect(previousDayLine({ ...previous, date: "2026-02-26", focusMinutes: 1 }, "2026-03-01")).toBe(
      "Thursday, February 26: 3 done, 1 focus minute.",
    );
    expect(previousDayLine(null, "2026-03-01")).toBe("Your first day here: nothing done before today.");
  });

  it("says the streak and the best, and how to start one", () => {
    expect(streakLine(3, 5)).toBe("Streak: 3 days (best 5 days).");
    expect(streakLine(1, 1)).toBe("Streak: 1 day (best 1 day).");
    expect(streakLine(0, 0)).toBe("No streak yet: finish one thing today to start one.");
    expect(streakLine(0, 4)).toBe("No streak yet: finish one thing today to start one (best 4 days).");
  });
});
