// The evening close's local time as instants (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md).

import { addDays, firstInstantAt, minuteOfDay, wallClock } from "./day";

/**
 * The next instant after `now` (ms) at which the wall clock in `timeZone` reads `time` ("HH:MM"):
 * today's or tomorrow's, or the day after for a time a daylight-saving change skips.
 */
export function nextWallTimeAt(time: string, timeZone: string, now: number): number {
  const minute = minuteOfDay(time);
  const date = wallClock(new Date(now), timeZone).date;
  for (let days = 0; days < 3; days += 1) {
    const at = firstInstantAt(addDays(date, days), minute, timeZone).getTime();
    if (at > now) return at;
  }
  return firstInstantAt(addDays(date, 3), minute, timeZone).getTime();
}
