import { describe, expect, it } from "vitest";
import { dayOf, wallClock } from "../../shared/day";
import { CLOSE_OFFER_HOUR, fixedZone, steadyPlace } from "../e2e/steady-place";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Whether a run started at `now` in `steadyPlace(now)` keeps one day and one calendar date for
 * `hours`, and began its day at least `since` hours before.
 */
function steadyFor(now: number, hours: number, since: number) {
  const { timeZone, dayStartHour } = steadyPlace(now);
  const day = dayOf(new Date(now), timeZone, dayStartHour);
  const date = wallClock(new Date(now), timeZone).date;
  return (
    dayOf(new Date(now + hours * HOUR), timeZone, dayStartHour) === day &&
    dayOf(new Date(now - since * HOUR), timeZone, dayStartHour) === day &&
    wallClock(new Date(now + hours * HOUR), timeZone).date === date
  );
}

/** Every minute of the UTC day that begins at `isoDate`. */
const minutesOf = (isoDate: string) =>
  Array.from({ length: 24 * 60 }, (_, minute) => Date.parse(`${isoDate}T00:00:00Z`) + minute * MINUTE);

describe("the browser suite's place (steadyPlace)", () => {
  // A run can start on any minute of any day: the days of the first failure (a run started at 03:56
  // UTC, 4 minutes before the day's start), New Year's Eve, the daylight-saving changes of Europe and
  // the United States, and a leap day.
  for (const day of [
    "2026-11-28",
    "2026-12-31",
    "2027-03-14",
    "2027-03-28",
    "2027-10-31",
    "2027-11-07",
    "2028-02-29",
  ]) {
    it(`keeps one day and one date for 4 hours from any minute of ${day}, begun 6 hours before`, () => {
      const unsteady = minutesOf(day).filter((now) => !steadyFor(now, 4, 6));
      expect(unsteady.map((now) => new Date(now).toISOString())).toEqual([]);
    });

    // A new account is offered to close its day from 18:00: a run that crossed it would see the
    // braindump change under it (docs/decisions/291-the-evening-close.md).
    it(`stays before the evening close's offer for 2 hours from any minute of ${day}`, () => {
      const crossing = minutesOf(day).filter((now) => {
        const { timeZone } = steadyPlace(now);
        const later = wallClock(new Date(now + 2 * HOUR), timeZone);
        return later.hour >= CLOSE_OFFER_HOUR || later.date !== wallClock(new Date(now), timeZone).date;
      });
      expect(crossing.map((now) => new Date(now).toISOString())).toEqual([]);
    });
  }

  it("is a zone without daylight saving, at least 3 hours from UTC, whose day starts at the default hour", () => {
    for (const now of minutesOf("2027-03-28").filter((_, i) => i % 15 === 0)) {
      const { timeZone, dayStartHour } = steadyPlace(now);
      expect(timeZone).toMatch(/^Etc\/GMT[+-]\d+$/);
      expect(Math.abs(Number(timeZone.slice("Etc/GMT".length)))).toBeGreaterThanOrEqual(3);
      expect(dayStartHour).toBe(4);
    }
  });

  it("names fixed offsets the way the Etc zones do (signs inverted)", () => {
    expect(fixedZone(9)).toBe("Etc/GMT-9");
    expect(fixedZone(-5)).toBe("Etc/GMT+5");
    expect(fixedZone(0)).toBe("UTC");
    expect(wallClock(new Date("2026-11-28T03:56:00Z"), fixedZone(9))).toEqual({
      date: "2026-11-28",
      hour: 12,
      minute: 56,
    });
  });

  it("at 03:56 UTC, the first failure's minute, is where it is early afternoon", () => {
    const place = steadyPlace(Date.parse("2026-11-28T03:56:00Z"));
    expect(wallClock(new Date("2026-11-28T03:56:00Z"), place.timeZone).hour).toBe(12);
  });

  it("at 15:00 UTC, where a run once crossed the close's offer, is where it is noon", () => {
    const place = steadyPlace(Date.parse("2026-11-28T15:00:00Z"));
    expect(wallClock(new Date("2026-11-28T15:00:00Z"), place.timeZone).hour).toBe(12);
  });
});
