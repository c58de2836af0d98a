import { DEFAULT_DAY_CLOSE_TIME, DEFAULT_DAY_START_HOUR } from "../../shared/day";

// Where the browser suite's accounts and browsers live: a place where the run cannot cross a day's
// start, a midnight, a daylight-saving change or the evening close's offer, whatever minute of
// whatever day it starts (docs/decisions/235-tests-live-where-the-day-cannot-turn.md). The local server's clock is the
// real one and cannot be moved, so the place moves instead.

/** A time zone and the hour the day starts there (the account's two settings that make its day). */
export type Place = { timeZone: string; dayStartHour: number };

const HOUR_MS = 3_600_000;
/** The hour from which a new account is offered to close its day (docs/decisions/291-the-evening-close.md). */
export const CLOSE_OFFER_HOUR = Number(DEFAULT_DAY_CLOSE_TIME.slice(0, 2));
/**
 * The local time the run's place shows when the run starts: early afternoon, 9 hours into a day
 * begun at 04:00 and 5 before the close is offered. The place is at most 3 hours off it (the
 * offsets near UTC are skipped), so a run has at least 2 hours before the offer changes the
 * braindump, and its day began at least 6 hours before.
 */
const RUN_START_HOUR = CLOSE_OFFER_HOUR - 5;
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
 * The place whose wall clock reads nearest 13:00 at `now`: a fixed-offset zone (no daylight saving)
 * and the default day start, so its day began at least 6 hours before, the close is offered at
 * least 2 hours after and its midnight is at least 8 hours after, whatever `now` is
 * (tests/unit/steady-place.test.ts checks every minute of seven days).
 */
export function steadyPlace(now: number): Place {
  const utcHours = (now % (24 * HOUR_MS)) / HOUR_MS;
  let best = { hours: 0, distance: Number.POSITIVE_INFINITY };
  // Etc/GMT+12 to Etc/GMT-14: every whole-hour offset a zone has.
  for (let hours = -12; hours <= 14; hours += 1) {
    if (Math.abs(hours) < LEAST_OFFSET_HOURS) continue;
    const local = (((utcHours + hours) % 24) + 24) % 24;
    const distance = Math.abs(local - RUN_START_HOUR);
    if (distance < best.distance) best = { hours, distance };
  }
  return { timeZone: fixedZone(best.hours), dayStartHour: DEFAULT_DAY_START_HOUR };
}
