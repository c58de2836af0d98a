import { describe, expect, it } from "vitest";
import {
  addDays,
  DEFAULT_DAY_START_HOUR,
  dayEndsAt,
  dayOf,
  dayStartsAt,
  daysFrom,
  firstInstantAt,
  isTodaysNoListItem,
  isTodaysPriority,
} from "../../shared/day";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe("the person's day (dayOf)", () => {
  it("starts at 04:00 by default: working past midnight still counts for the evening", () => {
    expect(DEFAULT_DAY_START_HOUR).toBe(4);
    expect(dayOf(at("2026-03-11T01:30:00Z"), "UTC")).toBe("2026-03-10");
    expect(dayOf(at("2026-03-11T03:59:59Z"), "UTC")).toBe("2026-03-10");
    expect(dayOf(at("2026-03-11T04:00:00Z"), "UTC")).toBe("2026-03-11");
  });

  it("follows the chosen start hour, midnight included", () => {
    const instant = at("2026-03-11T06:30:00Z");
    expect(dayOf(instant, "UTC", 0)).toBe("2026-03-11");
    expect(dayOf(instant, "UTC", 6)).toBe("2026-03-11");
    expect(dayOf(instant, "UTC", 7)).toBe("2026-03-10");
    expect(dayOf(at("2026-03-11T00:00:00Z"), "UTC", 0)).toBe("2026-03-11");
  });

  it("counts in the zone at both ends of the world: UTC−12 and UTC+14", () => {
    // 2026-03-11T12:00Z is 00:00 on the 11th at UTC−12 and 02:00 on the 12th at UTC+14.
    const instant = at("2026-03-11T12:00:00Z");
    expect(dayOf(instant, "Etc/GMT+12", 0)).toBe("2026-03-11");
    expect(dayOf(instant, "Etc/GMT+12", 4)).toBe("2026-03-10");
    expect(dayOf(instant, "Pacific/Kiritimati", 0)).toBe("2026-03-12");
    expect(dayOf(instant, "Pacific/Kiritimati", 4)).toBe("2026-03-11");
  });

  it("a time-zone change that moves the local date forward starts the new day at once", () => {
    // 20:00 in New York on the 10th is 09:00 on the 11th in Tokyo.
    const instant = at("2026-03-11T00:00:00Z");
    expect(dayOf(instant, "America/New_York")).toBe("2026-03-10");
    expect(dayOf(instant, "Asia/Tokyo")).toBe("2026-03-11");
    // Moving back west gives the earlier date again; marks made on the later one still count as today's.
    expect(isTodaysPriority({ isPriority: true, priorityDate: "2026-03-11" }, "2026-03-10")).toBe(true);
  });

  it("counts an unknown zone in UTC rather than failing", () => {
    expect(dayOf(at("2026-03-11T05:00:00Z"), "Not/AZone")).toBe("2026-03-11");
  });
});

describe("when a day starts and ends", () => {
  it("starts at the start hour on the wall clock, in any zone", () => {
    expect(dayStartsAt("2026-03-11", "UTC").toISOString()).toBe("2026-03-11T04:00:00.000Z");
    expect(dayStartsAt("2026-03-11", "Asia/Tokyo", 4).toISOString()).toBe("2026-03-10T19:00:00.000Z");
    expect(dayStartsAt("2026-03-11", "Etc/GMT+12", 0).toISOString()).toBe("2026-03-11T12:00:00.000Z");
    expect(dayStartsAt("2026-03-11", "Pacific/Kiritimati", 0).toISOString()).toBe("2026-03-10T10:00:00.000Z");
    expect(dayStartsAt("2026-03-11", "Asia/Kolkata", 4).toISOString()).toBe("2026-03-10T22:30:00.000Z");
  });

  it("is the first instant dayOf answers the day", () => {
    for (const zone of ["UTC", "Etc/GMT+12", "Pacific/Kiritimati", "America/St_Johns", "Australia/Lord_Howe"]) {
      for (const hour of [0, 4, 12]) {
        const start = dayStartsAt("2026-10-04", zone, hour);
        expect(dayOf(start, zone, hour)).toBe("2026-10-04");
        expect(dayOf(new Date(start.getTime() - 1000), zone, hour)).toBe("2026-10-03");
      }
    }
  });

  it("lasts 23 hours on the day clocks go forward and 25 on the day they go back", () => {
    // Europe: forward on 2026-03-29 at 01:00 UTC, back on 2026-10-25 at 01:00 UTC.
    const length = (day: string, zone: string, hour = 4) =>
      (dayEndsAt(day, zone, hour).getTime() - dayStartsAt(day, zone, hour).getTime()) / HOUR;
    expect(length("2026-03-28", "Europe/Berlin")).toBe(23);
    expect(length("2026-03-29", "Europe/Berlin")).toBe(24);
    expect(length("2026-10-24", "Europe/Berlin")).toBe(25);
    expect(length("2026-10-25", "Europe/Berlin")).toBe(24);
    // With midnight as the start hour the short and long days are the change days themselves.
    expect(length("2026-03-29", "Europe/Berlin", 0)).toBe(23);
    expect(length("2026-10-25", "Europe/Berlin", 0)).toBe(25);
    // The US changes at 02:00 local (2026-03-08 and 2026-11-01).
    expect(length("2026-03-07", "America/New_York")).toBe(23);
    expect(length("2026-10-31", "America/New_York")).toBe(25);
  });

  it("begins at the first moment after a start hour that the clocks skip", () => {
    // New York skips 02:00–03:00 on 2026-03-08: a day starting at 02:00 begins at 03:00 EDT (07:00 UTC).
    expect(dayStartsAt("2026-03-08", "America/New_York", 2).toISOString()).toBe("2026-03-08T07:00:00.000Z");
    // Berlin repeats 02:00–03:00 on 2026-10-25: the day begins at the first 02:00 (CEST, 00:00 UTC).
    expect(dayStartsAt("2026-10-25", "Europe/Berlin", 2).toISOString()).toBe("2026-10-25T00:00:00.000Z");
  });

  it("finds any local wall time (the morning nudge's)", () => {
    expect(firstInstantAt("2026-06-01", 8 * 60 + 30, "Europe/Berlin").toISOString()).toBe("2026-06-01T06:30:00.000Z");
  });
});

describe("day arithmetic and marks", () => {
  it("counts whole days between dates across month and year ends", () => {
    expect(daysFrom("2026-03-10", "2026-03-11")).toBe(1);
    expect(daysFrom("2025-12-30", "2026-01-02")).toBe(3);
    expect(daysFrom("2026-03-29", "2026-03-28")).toBe(-1);
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("takes a mark for today's only when it was set today", () => {
    expect(isTodaysPriority({ isPriority: true, priorityDate: "2026-03-11" }, "2026-03-11")).toBe(true);
    expect(isTodaysPriority({ isPriority: true, priorityDate: "2026-03-10" }, "2026-03-11")).toBe(false);
    expect(isTodaysPriority({ isPriority: true, priorityDate: null }, "2026-03-11")).toBe(false);
    expect(isTodaysPriority({ isPriority: false, priorityDate: "2026-03-11" }, "2026-03-11")).toBe(false);
    expect(isTodaysNoListItem({ category: "no_list", noListDate: "2026-03-11" }, "2026-03-11")).toBe(true);
    expect(isTodaysNoListItem({ category: "no_list", noListDate: "2026-03-09" }, "2026-03-11")).toBe(false);
    expect(isTodaysNoListItem({ category: "later", noListDate: "2026-03-11" }, "2026-03-11")).toBe(false);
  });
});
