import { DEFAULT_DAY_START_HOUR, dayEndsAt, dayOf, dayStartsAt } from "../../shared/day";

/** What decides a person's day: their time zone and the hour their day starts at. */
export type DayOwner = { timeZone: string; dayStartHour?: number };

export type Today = { date: string; startsAt: Date; endsAt: Date };

/** The person's day at `now` (docs/product.md#the-day): its date and the instants it begins and ends. */
export function todayOf(owner: DayOwner, now: Date = new Date()): Today {
  const startHour = owner.dayStartHour ?? DEFAULT_DAY_START_HOUR;
  const date = dayOf(now, owner.timeZone, startHour);
  return {
    date,
    startsAt: dayStartsAt(date, owner.timeZone, startHour),
    endsAt: dayEndsAt(date, owner.timeZone, startHour),
  };
}
