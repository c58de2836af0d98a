import { HOURS_IN_DAY, localDateAndHour } from "../../shared/analytics";
import { DEFAULT_DAY_START_HOUR, dayOf } from "../../shared/day";

/** Local hour boundaries fall on UTC quarter hours in every zone in use today. */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Beyond this much time (a pause over days not known) the minutes count as the last ones before the end. */
const LONGEST_SPREAD_MS = 7 * 24 * 60 * 60_000;

/** Focus minutes per day of the person (shared/day.ts), each a 24-slot array of minutes per local hour. */
export type MinutesByDay = Map<string, number[]>;

/** A pause of a focus run, epoch milliseconds. */
export type Pause = { from: number; to: number };

/** [start, end] without the pauses: the stretches of time actually focused, in order. */
function runsBetween(startMs: number, endMs: number, pauses: readonly Pause[]): [number, number][] {
  const runs: [number, number][] = [];
  let from = startMs;
  for (const pause of [...pauses].sort((a, b) => a.from - b.from)) {
    const to = Math.min(Math.max(pause.from, from), endMs);
    if (to > from) runs.push([from, to]);
    from = Math.max(from, Math.min(pause.to, endMs));
  }
  if (endMs > from) runs.push([from, endMs]);
  return runs;
}

/**
 * Splits `minutes` focused between `start` and `end` across the local hours (and the person's days,
 * which begin at `startHour`) in `timeZone`, proportionally to the time focused in each hour: the `pauses` do not count. When a
 * run's pauses are not known (a session ended through the API), its span counts evenly. Whole
 * minutes are handed out by largest remainder, so the parts add up to `minutes`.
 */
export function spreadFocusMinutes(
  minutes: number,
  start: Date,
  end: Date,
  timeZone: string,
  pauses: readonly Pause[] = [],
  startHour: number = DEFAULT_DAY_START_HOUR,
): MinutesByDay {
  const endMs = end.getTime();
  let runs = runsBetween(Math.min(start.getTime(), endMs), endMs, pauses);
  const runMs = runs.reduce((sum, [from, to]) => sum + to - from, 0);
  if (runMs > LONGEST_SPREAD_MS) runs = [[endMs - minutes * 60_000, endMs]];

  // Milliseconds focused in each local (date, hour).
  const share = new Map<string, { date: string; hour: number; ms: number }>();
  const add = (from: number, to: number) => {
    const middle = new Date(from + (to - from) / 2);
    const { hour } = localDateAndHour(middle, timeZone);
    const date = dayOf(middle, timeZone, startHour);
    const key = `${date} ${hour}`;
    const slot = share.get(key) ?? { date, hour, ms: 0 };
    slot.ms += to - from;
    share.set(key, slot);
  };
  if (runs.length === 0) add(endMs, endMs);
  for (const [runFrom, runTo] of runs) {
    for (let from = runFrom; from < runTo; ) {
      const to = Math.min(runTo, (Math.floor(from / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
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
