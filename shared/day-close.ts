// When the app offers "Close your day" (docs/decisions/291-the-evening-close.md): pure, so the
// braindump's notice and the tests agree.

import { minuteOfDay, wallClock } from "./day";

/**
 * Whether the close is offered at `now`: the setting is on and the person's wall clock has reached
 * its time, or has passed midnight but not yet their day's start hour (still the evening's day).
 */
export function closeOffered(
  now: Date,
  owner: { timeZone: string; dayStartHour: number; dayClose: { enabled: boolean; time: string } },
): boolean {
  if (!owner.dayClose.enabled) return false;
  const wall = wallClock(now, owner.timeZone);
  const minute = wall.hour * 60 + wall.minute;
  return minute >= minuteOfDay(owner.dayClose.time) || wall.hour < owner.dayStartHour;
}
