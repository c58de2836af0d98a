import { afterEach, describe, expect, it, vi } from "vitest";
import { dayOf } from "../../shared/day";
import { stripDaysOf } from "../../shared/routine-strip";
import type { Routine } from "../../shared/schemas/routines";
import { setAccount, setClock } from "./day-helpers";
import { api } from "./helpers";
import { type Continent, registerFrom } from "./homes";
import { clockAtDay, finish, makeRoutine, routinesOf } from "./routine-helpers";

/*
 * "N times a week" shows every day until done N times that week: a day of it not done misses
 * nothing, only a week that ends short is missed (docs/decisions/330-a-week-ends-short-not-a-day.md).
 * In both homes (docs/decisions/270-person-databases.md); the clock is injected, never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

/** A new account homed by `continent`, its days counted in UTC from 4:00, its day at `now` begun. */
async function personFrom(continent: Continent, now: string) {
  setClock(now);
  const registered = await registerFrom(continent);
  await registered.home
    .prepare("update users set time_zone = 'UTC', day_start_hour = 4, day_begun = ? where id = ?")
    .bind(dayOf(new Date(now), "UTC", 4), registered.user.id)
    .run();
  return { token: registered.token, id: registered.user.id, timeZone: "UTC", dayStartHour: 4 };
}

const statesOf = (routine: Routine | undefined) =>
  (routine ? stripDaysOf(routine.last30) : undefined)?.map((day) => [day.date, day.state]);

for (const continent of ["EU", "OC"] as const) {
  describe(`N times a week, homed by ${continent}`, () => {
    it("a day not done is not missed; the week that ends short is, and breaks the streak", async () => {
      const person = await personFrom(continent, "2027-06-07T10:00:00Z"); // a Monday
      const routine = await makeRoutine(person.token, "Go running in the park before work", { timesPerWeek: 3 });
      await finish(person.token, routine.todayTaskId as number); // Mon: done
      clockAtDay(person, "2027-06-08"); // Tue: shown, not done
      expect((await routinesOf(person.token))[0]?.dueToday).toBe(true);
      clockAtDay(person, "2027-06-09"); // Wed: the day after, nothing missed
      let [now] = await routinesOf(person.token);
      expect(statesOf(now)).toEqual([
        ["2027-06-07", "done"],
        ["2027-06-08", "undone"],
        ["2027-06-09", "open"],
      ]);
      expect(now?.dueToday).toBe(true);
      await finish(person.token, now?.todayTaskId as number); // Wed: done, the second
      clockAtDay(person, "2027-06-10");
      [now] = await routinesOf(person.token);
      await finish(person.token, now?.todayTaskId as number); // Thu: done, the third
      for (const day of ["2027-06-11", "2027-06-12", "2027-06-13"]) {
        clockAtDay(person, day);
        [now] = await routinesOf(person.token);
        expect(now?.dueToday, day).toBe(false);
      }
      // The next week: the first one reached three, its undone Tuesday stays undone.
      clockAtDay(person, "2027-06-14");
      [now] = await routinesOf(person.token);
      expect(now?.streak).toEqual({ current: 1, best: 1 });
      expect((now ? stripDaysOf(now.last30) : undefined)?.find((day) => day.date === "2027-06-08")?.state).toBe(
        "undone",
      );
      // Done once that week (Mon), then nothing: no day of it is missed while it lasts.
      await finish(person.token, now?.todayTaskId as number);
      for (const day of ["2027-06-15", "2027-06-16", "2027-06-17", "2027-06-18", "2027-06-19", "2027-06-20"]) {
        clockAtDay(person, day);
        [now] = await routinesOf(person.token);
        expect(
          (now ? stripDaysOf(now.last30) : undefined)?.some((past) => past.state === "missed"),
          day,
        ).toBe(false);
        expect(now?.streak, day).toEqual({ current: 1, best: 1 });
      }
      // It ended short: its undone days are missed, the streak is broken.
      clockAtDay(person, "2027-06-21");
      [now] = await routinesOf(person.token);
      expect(statesOf(now)?.filter(([date]) => (date as string) >= "2027-06-14")).toEqual([
        ["2027-06-14", "done"],
        ["2027-06-15", "missed"],
        ["2027-06-16", "missed"],
        ["2027-06-17", "missed"],
        ["2027-06-18", "missed"],
        ["2027-06-19", "missed"],
        ["2027-06-20", "missed"],
        ["2027-06-21", "open"],
      ]);
      expect((now ? stripDaysOf(now.last30) : undefined)?.find((day) => day.date === "2027-06-08")?.state).toBe(
        "undone",
      );
      expect(now?.streak).toEqual({ current: 0, best: 1 });
    });
  });
}

for (const continent of ["EU", "OC"] as const) {
  describe(`N times a week, a day begun ahead and moved back, homed by ${continent}`, () => {
    it("opens today's undone day again with its occurrence (docs/decisions/325-a-day-begun-ahead-is-undone.md)", async () => {
      const person = await personFrom(continent, "2027-06-10T12:00:00Z"); // a Thursday
      const routine = await makeRoutine(person.token, "Go running around the park before work", { timesPerWeek: 3 });
      expect(routine.dueToday).toBe(true);
      // 00:01 UTC on the 11th: the 10th's day from 04:00, the 11th's from 00:00.
      setClock("2027-06-11T00:01:00Z");
      await setAccount(person.token, { dayStartHour: 0 });
      let [now] = await routinesOf(person.token);
      expect(statesOf(now)?.find(([date]) => date === "2027-06-10")?.[1]).toBe("undone");
      setClock("2027-06-11T00:02:00Z");
      await setAccount(person.token, { dayStartHour: 4 });
      [now] = await routinesOf(person.token);
      expect(statesOf(now)).toEqual([["2027-06-10", "open"]]);
      expect(now?.todayTaskId).not.toBeNull();
      const tasks = (await (await api("/api/tasks", { token: person.token })).json()) as { routineId: number | null }[];
      expect(tasks.filter((task) => task.routineId === routine.id)).toHaveLength(1);
    });
  });
}
