// The one wall-time rule of the pushes that come at a person's local time: the morning nudge, the
// evening close and any other (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md,
// docs/decisions/380-the-hub-hosts-parts.md).

import { addDays, firstInstantAt, minuteOfDay, wallClock } from "./day";

/** Days of the week as `Date.getUTCDay` counts them on a local date: 0 is Sunday, 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The weekday of a date ("YYYY-MM-DD"). */
function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/**
 * The next instant after `now` (ms) at which the wall clock in `timeZone` reads `time` ("HH:MM"),
 * on any day or, given `weekdays`, only on those: today's or a later day's, the first moment after
 * it for a time a daylight-saving change skips. Two weeks of days are enough, and bound the loop.
 */
export function nextWallTimeAt(time: string, timeZone: string, now: number, weekdays?: readonly Weekday[]): number {
  const minute = minuteOfDay(time);
  const date = wallClock(new Date(now), timeZone).date;
  const onItsDay = (day: string) =>
    weekdays === undefined || weekdays.length === 0 || weekdays.includes(weekdayOf(day));
  for (let days = 0; days < 15; days += 1) {
    const day = addDays(date, days);
    if (!onItsDay(day)) continue;
    const at = firstInstantAt(day, minute, timeZone).getTime();
    if (at > now) return at;
  }
  return firstInstantAt(addDays(date, 15), minute, timeZone).getTime();
}
