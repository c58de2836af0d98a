import { addDays, daysFrom } from "../../shared/day";

/**
 * The current and the best streak from the days with activity (docs/product.md#streaks), in
 * ascending order: consecutive days with at least one task or focus session completed. The current
 * one ends today, or yesterday while today has none yet.
 */
export function streaks(activeDays: readonly string[], today: string): { streak: number; bestStreak: number } {
  let best = 0;
  let run = 0;
  let previous: string | null = null;
  for (const day of activeDays) {
    if (day > today) continue;
    run = previous !== null && daysFrom(previous, day) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  const current = previous === today || previous === addDays(today, -1) ? run : 0;
  return { streak: current, bestStreak: best };
}
