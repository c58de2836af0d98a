import { addDays, DEFAULT_DAY_START_HOUR, firstInstantAt, minuteOfDay } from "../../shared/day";
import type { Yesterday } from "../../shared/schemas/day";
import {
  USUAL_FOCUS_DAYS,
  USUAL_FOCUS_DEFAULT_MINUTES,
  USUAL_FOCUS_HISTORY_MIN_DAYS,
} from "../../shared/schemas/day-close";
import type { TaskRow } from "../db/task-rows";
import type { DayOwner } from "../today/today";

/** The person's settings GET /api/day reads for the close and the usual focus. */
export type CloseSettingsRow = { usualFocusMinutes: number; dayCloseEnabled: boolean; dayCloseTime: string };

/**
 * When today's close is offered (ISO), null when off: the close time on today's date in the person's
 * zone, or on the next date when it falls before their start hour (the night still belongs to today).
 */
export function closeOfferedFrom(owner: DayOwner, date: string, settings?: CloseSettingsRow): string | null {
  if (!settings?.dayCloseEnabled) return null;
  const minute = minuteOfDay(settings.dayCloseTime);
  const startMinute = (owner.dayStartHour ?? DEFAULT_DAY_START_HOUR) * 60;
  const on = minute < startMinute ? addDays(date, 1) : date;
  return firstInstantAt(on, minute, owner.timeZone).toISOString();
}

/*
 * What GET /api/day tells of the evening close (docs/decisions/291-the-evening-close.md) and of the
 * person's usual focus (docs/decisions/294-a-plan-sized-to-the-person.md), from dayStateQueries'
 * rows (./day-state.ts).
 */

/** A day's close as GET /api/day reads it. */
export type CloseRow = {
  date: string;
  note: string | null;
  tomorrowTaskIds: number[];
  tomorrowFirstTaskId: number | null;
};

/** The close of `date`, if the day is closed. */
export function closeOfDay(closes: readonly CloseRow[], date: string): CloseRow | undefined {
  return closes.find((close) => close.date === date);
}

/**
 * Last evening's close as the morning shows it: the line, and tomorrow's first task while it is
 * still open and not said no to. Null when the day before was not closed.
 */
export function yesterdayOf(
  closes: readonly CloseRow[],
  openTasks: readonly TaskRow[],
  date: string,
): Yesterday | null {
  const close = closeOfDay(closes, date);
  if (!close) return null;
  const first = openTasks.find((task) => task.id === close.tomorrowFirstTaskId && task.category !== "no_list");
  return { date: close.date, note: close.note, firstTaskId: first?.id ?? null };
}

/**
 * What the person usually focuses a day, in minutes, and how many days it is the median of: the
 * median of their focus minutes over the last 14 days before today with any focus, once there are
 * at least 5 such days; until then their setting (2 hours unless set), `days` 0
 * (docs/decisions/331-the-usual-focus-says-where-it-comes-from.md).
 */
export function usualFocusOf(
  days: readonly { date: string; focusMinutes: number }[],
  today: string,
  setting: number = USUAL_FOCUS_DEFAULT_MINUTES,
): { minutes: number; days: number } {
  const minutes = days
    .filter((day) => day.date < today && day.focusMinutes > 0)
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .slice(-USUAL_FOCUS_DAYS)
    .map((day) => day.focusMinutes)
    .sort((a, b) => a - b);
  if (minutes.length < USUAL_FOCUS_HISTORY_MIN_DAYS) return { minutes: setting, days: 0 };
  const middle = Math.floor(minutes.length / 2);
  const median =
    minutes.length % 2 === 1
      ? (minutes[middle] as number)
      : ((minutes[middle - 1] as number) + (minutes[middle] as number)) / 2;
  return { minutes: Math.round(median), days: minutes.length };
}
