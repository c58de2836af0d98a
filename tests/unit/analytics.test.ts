import { describe, expect, it } from "vitest";
import {
  addDays,
  busiestHour,
  completedFromEarlier,
  datesBetween,
  localDate,
  localDateAndHour,
  openTasksByList,
  periodRange,
  productivityScore,
  sumHourly,
  zeroRecord,
} from "../../shared/analytics";
import { analyticsRangeQuerySchema } from "../../shared/schemas/analytics";
import { analyticsRecordSchema } from "../../shared/schemas/analytics-record";
import { inclusiveDayCount } from "../../shared/schemas/common";

const day = (tasksCompleted: number, totalTasksCreated: number, totalFocusMinutes: number) => ({
  tasksCompleted,
  totalTasksCreated,
  totalFocusMinutes,
});

describe("productivityScore (docs/product.md#productivity-score)", () => {
  it.each([
    [null, 0],
    [undefined, 0],
    [day(0, 0, 0), 0],
    [day(0, 5, 0), 0],
    [day(1, 2, 0), 25],
    [day(2, 2, 0), 50],
    [day(0, 0, 60), 25],
    [day(0, 0, 120), 50],
    [day(0, 0, 600), 50],
    [day(2, 2, 120), 100],
    [day(1, 3, 30), 29], // 16.67 + 12.5 = 29.17
    [day(2, 3, 45), 52], // 33.33 + 18.75 = 52.08
    [day(1, 0, 0), 0], // a deletion after a reset, nothing created: no work, no points (decision 148)
    [day(3, 1, 0), 50], // completions beyond those created add nothing
    [day(1, 0, 60), 25],
  ])("scores %o as %i", (record, score) => {
    expect(productivityScore(record)).toBe(score);
  });

  it("counts the finishes of tasks carried from an earlier day, but not deletions (decision 190)", () => {
    // Yesterday's task finished today, nothing created: the completion half is full.
    expect(productivityScore({ ...day(1, 0, 0), carriedTasksCompleted: 1 })).toBe(50);
    // Both of today's and one carried task finished: the whole completion half.
    expect(productivityScore({ ...day(3, 2, 0), carriedTasksCompleted: 1 })).toBe(50);
    expect(productivityScore({ ...day(2, 2, 0), carriedTasksCompleted: 1 })).toBe(33);
    expect(completedFromEarlier({ ...day(3, 1, 0), carriedTasksCompleted: 1 })).toBe(1);
  });

  it("stays within 100 when more tasks are completed than were created that day", () => {
    expect(productivityScore(day(6, 2, 240))).toBe(100);
  });
});

describe("local dates and hours", () => {
  const instant = new Date("2026-03-10T23:30:00Z");

  it.each([
    ["Asia/Tokyo", "2026-03-11", 8],
    ["America/Los_Angeles", "2026-03-10", 16],
    ["UTC", "2026-03-10", 23],
    ["Europe/Berlin", "2026-03-11", 0],
    ["Not/AZone", "2026-03-10", 23],
  ])("in %s it is %s at hour %i", (zone, date, hour) => {
    expect(localDateAndHour(instant, zone)).toEqual({ date, hour });
    expect(localDate(instant, zone)).toBe(date);
  });

  it("gives hour 0 (never 24) at local midnight", () => {
    expect(localDateAndHour(new Date("2026-03-10T00:00:00Z"), "UTC")).toEqual({ date: "2026-03-10", hour: 0 });
  });

  it("follows daylight saving: New York's 8:30 is 12:30 UTC in July and 13:30 UTC in January", () => {
    expect(localDateAndHour(new Date("2026-07-01T12:30:00Z"), "America/New_York").hour).toBe(8);
    expect(localDateAndHour(new Date("2026-01-15T13:30:00Z"), "America/New_York").hour).toBe(8);
  });
});

describe("date ranges", () => {
  it("moves across months, years and leap days", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30"); // a DST change in Europe is irrelevant to dates
  });

  it("lists every date of a range, both ends included", () => {
    expect(datesBetween("2026-02-26", "2026-03-02")).toEqual([
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(datesBetween("2026-03-02", "2026-03-02")).toEqual(["2026-03-02"]);
    expect(datesBetween("2026-03-03", "2026-03-02")).toEqual([]);
  });

  it("Day is today; Week is the last 7 days including today", () => {
    expect(periodRange("day", "2026-03-02")).toEqual({ startDate: "2026-03-02", endDate: "2026-03-02" });
    expect(periodRange("week", "2026-03-02")).toEqual({ startDate: "2026-02-24", endDate: "2026-03-02" });
    const week = periodRange("week", "2026-03-02");
    expect(inclusiveDayCount(week.startDate, week.endDate)).toBe(7);
  });

  it.each([
    [{ startDate: "2026-03-01", endDate: "2026-03-07" }, true],
    [{ startDate: "2024-01-01", endDate: "2024-12-31" }, true],
    [{ startDate: "2024-01-01", endDate: "2025-01-01" }, false],
    [{ startDate: "2026-03-08", endDate: "2026-03-07" }, false],
    [{ startDate: "2026-02-30", endDate: "2026-03-07" }, false],
    [{ startDate: "2026-02-28", endDate: "2026-2-28" }, false],
    [{ startDate: "2026-02-28" }, false],
  ])("the range query %o is valid: %s", (query, valid) => {
    expect(analyticsRangeQuerySchema.safeParse(query).success).toBe(valid);
  });
});

describe("zero records and hours", () => {
  it("a zero record is a valid record with nothing in it", () => {
    const zero = zeroRecord("u1", "2026-03-02");
    expect(analyticsRecordSchema.parse(zero)).toEqual(zero);
    expect(zero).toMatchObject({ id: null, tasksCompleted: 0, mostProductiveHour: null });
    expect(zero.hourlyActivity).toHaveLength(24);
    expect(productivityScore(zero)).toBe(0);
  });

  it("the busiest hour is the earliest of the highest, null without activity", () => {
    const hourly = Array(24).fill(0);
    expect(busiestHour(hourly)).toBeNull();
    hourly[15] = 4;
    hourly[9] = 4;
    hourly[20] = 3;
    expect(busiestHour(hourly)).toBe(9);
  });

  it("sums hourly activity over days", () => {
    const a = Array(24).fill(0);
    const b = Array(24).fill(0);
    a[3] = 2;
    b[3] = 5;
    b[23] = 1;
    const total = sumHourly([{ hourlyActivity: a }, { hourlyActivity: b }]);
    expect(total[3]).toBe(7);
    expect(total[23]).toBe(1);
    expect(total).toHaveLength(24);
  });
});

describe("openTasksByList (the Tasks by list chart, from the live tasks)", () => {
  it("counts open visible tasks per list, no category as later", () => {
    const task = (category: "urgent" | "later" | "delegate" | "no_list" | null, isCompleted = false, title = "t") => ({
      title,
      category,
      isCompleted,
    });
    expect(
      openTasksByList([
        task("urgent"),
        task(null),
        task("later"),
        task("delegate", true),
        task("no_list"),
        task("urgent", false, "[REMOVED] Task 3"),
      ]),
    ).toEqual({ urgent: 1, later: 2, delegate: 0, no_list: 1 });
  });
});
