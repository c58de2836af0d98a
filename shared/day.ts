// The person's day (docs/product.md#the-day): a local date in their time zone that begins at their
// "day starts at" hour. The worker and the web app compute "today" only through this file, with
// Intl alone, so workerd and every browser agree.

/** The hour a day begins at when the person has not chosen one: working past midnight still counts for the evening. */
export const DEFAULT_DAY_START_HOUR = 4;
/** From when the evening close is offered to a person who never set it (docs/decisions/291-the-evening-close.md). */
export const DEFAULT_DAY_CLOSE_TIME = "18:00";
/** The start hours Settings offers (docs/decisions/132-day-start-hour.md). */
export const DAY_START_HOUR_MIN = 0;
export const DAY_START_HOUR_MAX = 12;

const HOURS_IN_DAY = 24;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// Building a DateTimeFormat is far slower than using one; keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      // A zone this runtime does not know (stored before a tzdata change): count in UTC rather than fail.
      formatter = formatterFor("UTC");
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock that `instant` shows in `timeZone`: calendar date (YYYY-MM-DD), hour (0–23) and minute. */
export function wallClock(instant: Date, timeZone: string): { date: string; hour: number; minute: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % HOURS_IN_DAY,
    minute: Number(parts.minute),
  };
}

/**
 * The person's day that `instant` falls in: the local date in `timeZone`, where a wall-clock hour
 * before `startHour` still belongs to the day before (docs/product.md#the-day).
 */
export function dayOf(instant: Date, timeZone: string, startHour: number = DEFAULT_DAY_START_HOUR): string {
  const { date, hour } = wallClock(instant, timeZone);
  return hour < startHour ? addDays(date, -1) : date;
}

/**
 * The instant `day` begins: the first moment `dayOf` answers `day` (its start hour on the wall
 * clock, or the first moment after it when a daylight-saving change skips that hour).
 */
export function dayStartsAt(day: string, timeZone: string, startHour: number = DEFAULT_DAY_START_HOUR): Date {
  return firstInstantAt(day, startHour * 60, timeZone);
}

/**
 * The first instant whose wall clock in `timeZone` reads `date` at `minute` (0–1439) or later: the
 * wall time itself, or the first moment after it when a daylight-saving change skips it. Found by
 * bisection over whole seconds, which needs no offset arithmetic and holds in every zone (UTC−12
 * to UTC+14) and on days of 23 and 25 hours.
 */
export function firstInstantAt(date: string, minute: number, timeZone: string): Date {
  const target = `${date} ${String(minute).padStart(4, "0")}`;
  const reached = (time: number) => {
    const wall = wallClock(new Date(time), timeZone);
    return `${wall.date} ${String(wall.hour * 60 + wall.minute).padStart(4, "0")}` >= target;
  };
  const wallAsUtc = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  // Real offsets lie within −12 h and +14 h; a margin on each side covers daylight saving.
  let low = wallAsUtc - 16 * HOUR_MS; // not reached
  let high = wallAsUtc + 14 * HOUR_MS; // reached
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (reached(middle)) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The instant `day` ends (the next day's start): a day lasts 23, 24 or 25 hours. */
export function dayEndsAt(day: string, timeZone: string, startHour: number = DEFAULT_DAY_START_HOUR): Date {
  return dayStartsAt(addDays(day, 1), timeZone, startHour);
}

/**
 * The dates a person can send (docs/decisions/169-dates-in-a-sane-range.md): every date the app
 * computes from them (a window, the day before, the day after) stays a four-digit year.
 */
export const FIRST_DATE = "2000-01-01";
export const LAST_DATE = "2100-12-31";

/**
 * `date` (YYYY-MM-DD) moved by `days` calendar days. Throws past year 9999, where an ISO date
 * grows to six digits and no longer compares as text.
 */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  const moved = new Date(time).toISOString();
  if (!/^\d{4}-/.test(moved)) throw new RangeError(`No four-digit date ${days} days from ${date}.`);
  return moved.slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier): 1 from yesterday to today. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The most days datesBetween lists: a leap year, the longest range any request may ask for. */
export const MAX_DATES_BETWEEN = 366;

/**
 * Every date from `start` to `end`, both included, in order (empty when end < start). Bounded by
 * construction: it counts the days first and throws past MAX_DATES_BETWEEN, so no date can make it
 * loop on.
 */
export function datesBetween(start: string, end: string): string[] {
  const count = daysFrom(start, end) + 1;
  if (!Number.isFinite(count)) throw new RangeError(`Not a date range: ${start} to ${end}.`);
  if (count > MAX_DATES_BETWEEN) throw new RangeError(`${count} days from ${start} to ${end}: too many to list.`);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(start, index));
}

/**
 * Whether a mark (priority or "No" list) set on `markDate` belongs to `today`. A mark dated later
 * than today counts too: a time-zone change westwards can move today back a date, and what was
 * marked must not fall out of today for it (docs/decisions/133-marks-belong-to-their-day.md).
 */
export function isMarkOfDay(markDate: string | null, today: string): boolean {
  return markDate !== null && markDate >= today;
}

/** One of today's three: priority-marked on today (docs/product.md#the-day). */
export function isTodaysPriority(task: { isPriority: boolean; priorityDate: string | null }, today: string): boolean {
  return task.isPriority && isMarkOfDay(task.priorityDate, today);
}

/** On today's "No" list, as opposed to under "Earlier". */
export function isTodaysNoListItem(
  task: { category: string | null; noListDate: string | null },
  today: string,
): boolean {
  return task.category === "no_list" && isMarkOfDay(task.noListDate, today);
}

/** The minute of the day ("HH:MM" → 0–1439) a local time names. */
export function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
