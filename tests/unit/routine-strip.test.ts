import { describe, expect, it } from "vitest";
import { stripDaysOf, stripOf } from "../../shared/routine-strip";

/* A routine's last 30 days, one letter a day (docs/decisions/326-the-routines-list-reads-its-strips.md). */

describe("a routine's strip", () => {
  const days = [
    { date: "2027-05-12", state: "done", reason: null },
    { date: "2027-06-01", state: "skipped", reason: "Away for the weekend" },
    { date: "2027-06-02", state: "missed", reason: null },
    { date: "2027-06-09", state: "paused", reason: null },
    { date: "2027-06-10", state: "open", reason: null },
  ] as const;

  it("has a letter for each of the 30 days up to today, and the reasons by date", () => {
    const strip = stripOf(days, "2027-06-10");
    expect(strip.until).toBe("2027-06-10");
    expect(strip.states).toBe(`d${"-".repeat(19)}sm${"-".repeat(6)}po`);
    expect(strip.reasons).toEqual({ "2027-06-01": "Away for the weekend" });
  });

  it("reads back the kept days, oldest first, leaving out a day before the 30 and the days not due", () => {
    expect(stripDaysOf(stripOf([{ date: "2027-05-11", state: "done", reason: null }, ...days], "2027-06-10"))).toEqual(
      days,
    );
  });
});
