import { i18n } from "@lingui/core";
import { plural, selectOrdinal, t } from "@lingui/core/macro";
import { addDays } from "../../shared/day";
import type { PreviousDay } from "../../shared/schemas/day";

// How the day is put into words on the plan step, the results and the Done screen
// (docs/product.md#plan-your-day-screen).

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** How long an open task has been carried: created yesterday (1 whole day) is its "2nd day". */
export function carriedLabel(daysCarried: number): string {
  const day = daysCarried + 1;
  return selectOrdinal(day, { one: "#st day", two: "#nd day", few: "#rd day", other: "#th day" });
}

/** A calendar date in the shown language: "Monday, November 23" in English. */
function dateWords(date: string): string {
  // Dates are calendar dates (no instant): formatted as UTC so they stay the same day everywhere.
  const format = new Intl.DateTimeFormat(i18n.locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** "Yesterday", "Today", or e.g. "Monday, November 23". */
export function dayName(date: string, today: string): string {
  if (date === today) return t({ message: "Today", context: "a day's name, alone" });
  if (date === addDays(today, -1)) return t({ message: "Yesterday", context: "a day's name, alone" });
  return dateWords(date);
}

/** The day inside a sentence: "today", "yesterday", or "on Monday, November 23". */
export function onDay(date: string, today: string): string {
  if (date === today) return t({ message: "today", context: "a day inside a sentence" });
  if (date === addDays(today, -1)) return t({ message: "yesterday", context: "a day inside a sentence" });
  const day = dateWords(date);
  return t({ message: `on ${day}`, context: "a day inside a sentence" });
}

/** When an earlier "No" item was said: "Said no yesterday", "Said no on Monday, November 23". */
export function saidNoOn(date: string | null, today: string): string {
  if (!date) return t`Said no on an earlier day`;
  if (date === today) return t`Said no today`;
  if (date === addDays(today, -1)) return t`Said no yesterday`;
  const day = dateWords(date);
  return t`Said no on ${day}`;
}

/** The previous day in one line: "Yesterday: 3 done, 50 focus minutes." */
export function previousDayLine(previous: PreviousDay | null, today: string): string {
  if (!previous) return t`Your first day here: nothing done before today.`;
  const day = dayName(previous.date, today);
  const done = i18n.number(previous.tasksCompleted);
  const minutes = previous.focusMinutes;
  return plural(minutes, {
    one: `${day}: ${done} done, # focus minute.`,
    other: `${day}: ${done} done, # focus minutes.`,
  });
}

/** The streak in one line: "Streak: 3 days (best 5)." */
export function streakLine(streak: number, bestStreak: number): string {
  if (streak === 0 && bestStreak === 0) return t`No streak yet: finish one thing today to start one.`;
  if (streak === 0)
    return plural(bestStreak, {
      one: "No streak yet: finish one thing today to start one (best # day).",
      other: "No streak yet: finish one thing today to start one (best # days).",
    });
  const best = plural(bestStreak, { one: "# day", other: "# days" });
  return plural(streak, { one: `Streak: # day (best ${best}).`, other: `Streak: # days (best ${best}).` });
}
