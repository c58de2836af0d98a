import { addDays } from "../../shared/day";
import type { PreviousDay } from "../../shared/schemas/day";
import { countOf } from "./plural";

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
  return `${ordinal(daysCarried + 1)} day`;
}

// Dates are calendar dates (no instant): formatted as UTC so they stay the same day everywhere.
const dateFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Yesterday", "Today", or e.g. "Monday, November 23". */
export function dayName(date: string, today: string): string {
  if (date === today) return "Today";
  if (date === addDays(today, -1)) return "Yesterday";
  return dateFormat.format(new Date(`${date}T12:00:00Z`));
}

/** The day inside a sentence: "today", "yesterday", or "on Monday, November 23". */
export function onDay(date: string, today: string): string {
  const name = dayName(date, today);
  return name === "Yesterday" || name === "Today" ? name.toLowerCase() : `on ${name}`;
}

/** When an earlier "No" item was said: "Said no yesterday", "Said no on Monday, November 23". */
export function saidNoOn(date: string | null, today: string): string {
  return date ? `Said no ${onDay(date, today)}` : "Said no on an earlier day";
}

/** The previous day in one line: "Yesterday: 3 done, 50 focus minutes." */
export function previousDayLine(previous: PreviousDay | null, today: string): string {
  if (!previous) return "Your first day here: nothing done before today.";
  return `${dayName(previous.date, today)}: ${previous.tasksCompleted} done, ${countOf(previous.focusMinutes, "focus minute", "focus minutes")}.`;
}

/** The streak in one line: "Streak: 3 days (best 5)." */
export function streakLine(streak: number, bestStreak: number): string {
  if (streak === 0)
    return `No streak yet: finish one thing today to start one${bestStreak > 0 ? ` (best ${countOf(bestStreak, "day", "days")})` : ""}.`;
  return `Streak: ${countOf(streak, "day", "days")} (best ${countOf(bestStreak, "day", "days")}).`;
}
