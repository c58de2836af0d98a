import { closeDay, closeDayChange } from "../changes/close-day";
import { type ReopenDayEffect, reopenDay, reopenDayChange } from "../changes/reopen-day";
import { useDayChange } from "./day-change";

// The evening close and its reopen (docs/decisions/291-the-evening-close.md). Each works offline
// through the outbox. Apart from the day's other changes so that only the screens that close a day
// load it.

/** POST /api/day/close: answers the closed day. */
export function useCloseDay() {
  return useDayChange(closeDayChange, closeDay);
}

/** DELETE /api/day/close: the day is open again. */
export function useReopenDay() {
  return useDayChange<void, ReopenDayEffect>(reopenDayChange, reopenDay);
}
