import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/day";
import { USUAL_FOCUS_HISTORY_MIN_DAYS } from "../../shared/schemas/day-close";
import { getDay, setAccount, setClock } from "./day-helpers";
import { type Continent, HOMES, registerFrom } from "./homes";

/*
 * GET /api/day's usual focus (docs/decisions/331-the-usual-focus-says-where-it-comes-from.md): the
 * setting until five days with focus outweigh it, then their median, with how many days it is of.
 * In both homes (docs/decisions/270-person-databases.md); the clock is injected.
 */

afterEach(() => {
  vi.useRealTimers();
});

async function personFrom(continent: Continent) {
  const registered = await registerFrom(continent);
  await setAccount(registered.token, { timeZone: "UTC", dayStartHour: 4, usualFocusMinutes: 120 });
  return { token: registered.token, id: registered.user.id, home: HOMES[continent] };
}

/** A day's focus minutes in the person's analytics, as a finished session records them. */
function focusOn(person: { id: string; home: D1Database }, date: string, minutes: number) {
  return person.home
    .prepare(
      "insert into daily_analytics (user_id, date, total_focus_minutes, focus_sessions_completed) values (?, ?, ?, 0)",
    )
    .bind(person.id, date, minutes)
    .run();
}

for (const continent of ["EU", "OC"] as const) {
  describe(`the usual focus, homed by ${continent}`, () => {
    it("one stray session of a minute leaves the setting; five days with focus outweigh it", async () => {
      setClock("2027-05-10T08:00:00Z");
      const person = await personFrom(continent);
      await focusOn(person, "2027-05-09", 1); // one session of 1 min 3 s, ended early
      let day = await getDay(person.token);
      expect(day).toMatchObject({ usualFocusMinutes: 120, usualFocusDays: 0 });
      // Four days with focus: still the setting.
      for (const [offset, minutes] of [
        [2, 40],
        [3, 50],
        [4, 60],
      ] as const) {
        await focusOn(person, addDays("2027-05-10", -offset), minutes);
      }
      day = await getDay(person.token);
      expect(day).toMatchObject({ usualFocusMinutes: 120, usualFocusDays: 0 });
      // The fifth: the median of the five, 1 40 50 60 90.
      await focusOn(person, "2027-05-05", 90);
      day = await getDay(person.token);
      expect(USUAL_FOCUS_HISTORY_MIN_DAYS).toBe(5);
      expect(day).toMatchObject({ usualFocusMinutes: 50, usualFocusDays: 5 });
    });
  });
}
