import { addDays } from "./day";
import type { OccurrenceState, RoutineStrip } from "./schemas/routines";

/*
 * A routine's last 30 days as the API answers them (docs/decisions/326-the-routines-list-reads-its-strips.md):
 * one letter a day instead of an object a day, so a list of 100 routines stays small. The worker
 * writes it (worker/routines/view.ts); the routine's card, Analytics and the plan read it back.
 */

/** Each state's letter: its first. `-` is a day that is not one of the routine's days. */
const STATE_LETTERS: Record<OccurrenceState, string> = {
  open: "o",
  done: "d",
  skipped: "s",
  missed: "m",
  paused: "p",
  undone: "u",
};

const STATE_OF_LETTER = new Map(
  Object.entries(STATE_LETTERS).map(([state, letter]) => [letter, state as OccurrenceState]),
);

/** The state a letter stands for; null for `-` or anything else. */
export function stateOfLetter(letter: string): OccurrenceState | null {
  return STATE_OF_LETTER.get(letter) ?? null;
}

/** A kept day of a routine: its date, its state and, when skipped with one, the reason. */
type StripDay = { date: string; state: OccurrenceState; reason: string | null };

/** The strip of the `length` days up to `until` (today) from the kept days among them. */
export function stripOf(days: readonly StripDay[], until: string, length = 30): RoutineStrip {
  const byDate = new Map(days.map((day) => [day.date, day]));
  let states = "";
  const reasons: Record<string, string> = {};
  for (let offset = length - 1; offset >= 0; offset -= 1) {
    const date = addDays(until, -offset);
    const day = byDate.get(date);
    states += day ? STATE_LETTERS[day.state] : "-";
    if (day?.reason) reasons[date] = day.reason;
  }
  return { until, states, reasons };
}

/** The kept days of a strip, oldest first (the days that are not the routine's left out). */
export function stripDaysOf(strip: RoutineStrip): StripDay[] {
  const first = addDays(strip.until, -(strip.states.length - 1));
  return [...strip.states].flatMap((letter, index) => {
    const state = stateOfLetter(letter);
    const date = addDays(first, index);
    return state ? [{ date, state, reason: strip.reasons[date] ?? null }] : [];
  });
}
