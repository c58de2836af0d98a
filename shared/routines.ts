import { addDays, daysFrom } from "./day";
import type { OccurrenceState, Repeat, WeekDay } from "./schemas/routines";
import { WEEK_DAYS } from "./schemas/routines";

/*
 * The rules of routines as pure functions over calendar dates (YYYY-MM-DD) of the person's days
 * (docs/decisions/280-routine-rules-on-calendar-dates.md): a date is already the person's day in
 * their zone and start hour (shared/day.ts), so no rule ever sees an instant, an offset or a
 * daylight-saving change. The worker makes occurrences by the same rules in SQL
 * (worker/routines/occurrences.ts); the tests hold the two equal over months.
 */

/** The day of the week of `date`, 0 = Monday … 6 = Sunday. */
export function weekDayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function weekDayOf(date: string): WeekDay {
  return WEEK_DAYS[weekDayIndex(date)] as WeekDay;
}

/** The Monday of the week `date` lies in: weeks run Monday to Sunday. */
export function weekStartOf(date: string): string {
  return addDays(date, -weekDayIndex(date));
}

/** How many days the month of `date` has (28–31). */
export function daysInMonth(date: string): number {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day of the month `rule` falls on in the month of `date`: 31 is the month's last day in shorter months. */
export function monthDayIn(day: number, date: string): number {
  return Math.min(day, daysInMonth(date));
}

/**
 * Whether `date` is one of the routine's days, by its rule counted from `startDay` (no day before
 * it is). "N times a week" is due every day until it is done N times that week:
 * `doneThisWeek` counts the dones of its week before `date`.
 */
export function isDueOn(repeat: Repeat, date: string, startDay: string, doneThisWeek = 0): boolean {
  if (date < startDay) return false;
  if ("everyDays" in repeat) return daysFrom(startDay, date) % repeat.everyDays === 0;
  if ("timesPerWeek" in repeat) return doneThisWeek < repeat.timesPerWeek;
  switch (repeat.every) {
    case "day":
      return true;
    case "weekday":
      return weekDayIndex(date) < 5;
    case "week":
      return repeat.days.includes(weekDayOf(date));
    case "month":
      return Number(date.slice(8, 10)) === monthDayIn(repeat.day, date);
  }
}

/** The longest a search for the next days looks ahead: past any gap a rule can leave (a year, February's 31st). */
const LOOK_AHEAD_DAYS = 400;

/**
 * The routine's next `count` days after `after`; none for "N times a week", whose days are any
 * the person does it on.
 */
export function nextDueDays(repeat: Repeat, after: string, startDay: string, count = 5): string[] {
  if ("timesPerWeek" in repeat) return [];
  const days: string[] = [];
  for (let offset = 1; offset <= LOOK_AHEAD_DAYS && days.length < count; offset += 1) {
    const date = addDays(after, offset);
    if (isDueOn(repeat, date, startDay)) days.push(date);
  }
  return days;
}

/** One kept day of a routine, as the streak reads it. */
export type OccurrenceDay = { date: string; state: OccurrenceState };

export type Streak = { current: number; best: number };

/**
 * A routine's streak from its kept days (docs/decisions/282-honest-streaks.md). Daily-type rules:
 * consecutive due days done; a skipped or paused day neither counts nor breaks, a missed day
 * breaks, today while open breaks nothing. "N times a week": consecutive weeks that reached N; a
 * week short of N with a missed day breaks, the current week breaks nothing until it ends.
 */
export function streakOf(repeat: Repeat, days: readonly OccurrenceDay[], today: string): Streak {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let current = 0;
  let best = 0;
  if ("timesPerWeek" in repeat) {
    const weeks = new Map<string, { done: number; missed: boolean }>();
    for (const day of sorted) {
      const week = weekStartOf(day.date);
      const tally = weeks.get(week) ?? { done: 0, missed: false };
      if (day.state === "done") tally.done += 1;
      if (day.state === "missed") tally.missed = true;
      weeks.set(week, tally);
    }
    const thisWeek = weekStartOf(today);
    for (const [week, tally] of [...weeks.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (tally.done >= repeat.timesPerWeek) {
        current += 1;
        best = Math.max(best, current);
      } else if (week < thisWeek && tally.missed) current = 0;
    }
    return { current, best };
  }
  for (const day of sorted) {
    if (day.state === "done") {
      current += 1;
      best = Math.max(best, current);
    } else if (day.state === "missed") current = 0;
  }
  return { current, best };
}
