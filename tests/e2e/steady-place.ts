import { DEFAULT_DAY_START_HOUR } from "../../shared/day";

// Where the browser suite's accounts and browsers live: a place where the run cannot cross a day's
// start, a midnight or a daylight-saving change, whatever minute of whatever day it starts
// (docs/decisions/235-tests-live-where-the-day-cannot-turn.md). The local server's clock is the
// real one and cannot be moved, so the place moves instead.

/** A time zone and the hour the day starts there (the account's two settings that make its day). */
export type Place = { timeZone: string; dayStartHour: number };

const HOUR_MS = 3_600_000;
/** The local time the run's place shows when the run starts: halfway through a day begun at 04:00. */
const MIDDAY_HOUR = DEFAULT_DAY_START_HOUR + 12;
/**
 * Offsets nearer UTC than this are never chosen: code that counts days in UTC instead of the
 * person's zone then shows a wrong date for part of every day, not only for a run near midnight.
 */
const LEAST_OFFSET_HOURS = 3;

/** The fixed-offset zone `hours` east of UTC (the Etc/GMT names' signs are inverted: Etc/GMT-5 is UTC+5). */
export function fixedZone(hours: number): string {
  if (hours === 0) return "UTC";
  return `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`;
}

/**
 * The place whose wall clock reads nearest 16:00 at `now`: a fixed-offset zone (no daylight saving)
 * and the default day start, so its day began at least 8½ hours before and its midnight is at least
 * 4½ hours after, whatever `now` is (tests/unit/run-place.test.ts checks every minute of a year).
 */
export function steadyPlace(now: number): Place {
  const utcHours = (now % (24 * HOUR_MS)) / HOUR_MS;
  let best = { hours: 0, distance: Number.POSITIVE_INFINITY };
  // Etc/GMT+12 to Etc/GMT-14: every whole-hour offset a zone has.
  for (let hours = -12; hours <= 14; hours += 1) {
    if (Math.abs(hours) < LEAST_OFFSET_HOURS) continue;
    const local = (((utcHours + hours) % 24) + 24) % 24;
    const distance = Math.abs(local - MIDDAY_HOUR);
    if (distance < best.distance) best = { hours, distance };
  }
  return { timeZone: fixedZone(best.hours), dayStartHour: DEFAULT_DAY_START_HOUR };
}
