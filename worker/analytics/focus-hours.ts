import { HOURS_IN_DAY, localDateAndHour } from "../../shared/analytics";

/** Local hour boundaries fall on UTC quarter hours in every zone in use today. */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Beyond this wall-clock span (a pause over days) the minutes count as the last ones before the end. */
const LONGEST_SPREAD_MS = 7 * 24 * 60 * 60_000;

/** Focus minutes per local date, each a 24-slot array of minutes per local hour. */
export type MinutesByDay = Map<string, number[]>;

/**
 * Splits `minutes` focused between `start` and `end` across the local hours (and dates) that span
 * covers in `timeZone`, proportionally to the time in each hour. Pauses are not known one by one,
 * so they are spread evenly over the span; a run without pauses is split exactly. Whole minutes
 * are handed out by largest remainder, so the parts add up to `minutes`.
 */
export function spreadFocusMinutes(minutes: number, start: Date, end: Date, timeZone: string): MinutesByDay {
  const endMs = end.getTime();
  let startMs = Math.min(start.getTime(), endMs);
  if (endMs - startMs > LONGEST_SPREAD_MS) startMs = endMs - minutes * 60_000;

  // Milliseconds of the span in each local (date, hour).
  const share = new Map<string, { date: string; hour: number; ms: number }>();
  const add = (from: number, to: number) => {
    const { date, hour } = localDateAndHour(new Date(from + (to - from) / 2), timeZone);
    const key = `${date} ${hour}`;
    const slot = share.get(key) ?? { date, hour, ms: 0 };
    slot.ms += to - from;
    share.set(key, slot);
  };
  if (endMs === startMs) {
    add(endMs, endMs);
  } else {
    for (let from = startMs; from < endMs; ) {
      const to = Math.min(endMs, (Math.floor(from / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
      add(from, to);
      from = to;
    }
  }

  const slots = [...share.values()];
  const totalMs = slots.reduce((sum, slot) => sum + slot.ms, 0);
  const exact = slots.map((slot) => (totalMs > 0 ? (slot.ms / totalMs) * minutes : minutes / slots.length));
  const whole = exact.map(Math.floor);
  let left = minutes - whole.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    whole[i] = (whole[i] ?? 0) + 1;
    left -= 1;
  }

  const days: MinutesByDay = new Map();
  slots.forEach((slot, i) => {
    const amount = whole[i] ?? 0;
    if (amount === 0) return;
    const hours = days.get(slot.date) ?? Array.from({ length: HOURS_IN_DAY }, () => 0);
    hours[slot.hour] = (hours[slot.hour] ?? 0) + amount;
    days.set(slot.date, hours);
  });
  return days;
}
