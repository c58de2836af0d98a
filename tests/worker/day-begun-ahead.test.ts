import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stripDaysOf } from "../../shared/routine-strip";
import type { Routine } from "../../shared/schemas/routines";
import { CHANGE_SUBSCRIBERS } from "../../worker/change-subscribers";
import { createDb } from "../../worker/db/client";
import { runDayStartStep } from "../../worker/today/day-start";
import { setAccount, setClock } from "./day-helpers";
import { api, PASSWORD, type TestUser } from "./helpers";
import { finish, makeRoutine, occurrencesOf, routinesOf } from "./routine-helpers";

/*
 * A day start that ran for a later date, because the zone or the start hour moved ahead, is undone
 * when the setting moves back (docs/decisions/325-a-day-begun-ahead-is-undone.md): today is as it
 * was, as if the night had not passed. Each move is lived just after local midnight, for a person
 * homed in DB and one homed in PERSON_DB_1. Time is injected (setClock), never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

const HOMES = {
  DB: { continent: "EU", db: () => env.DB },
  PERSON_DB_1: { continent: "OC", db: () => env.PERSON_DB_1 },
};

/** A new account made at `now` from a request Cloudflare says comes from the home's continent. */
async function personHomedIn(home: keyof typeof HOMES, now: string): Promise<TestUser> {
  setClock(now);
  const name = `ahead${crypto.randomUUID().slice(0, 8)}`;
  const res = await api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: PASSWORD },
    cf: { continent: HOMES[home].continent },
  } as RequestInit);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TestUser;
}

async function rowsOfDay(db: D1Database, userId: string, day: string) {
  const count = async (query: string) => (await db.prepare(query).bind(userId, day).first<{ n: number }>())?.n ?? 0;
  return {
    days: await count("select count(*) as n from routine_days where user_id = ? and day = ?"),
    tasks: await count("select count(*) as n from tasks where user_id = ? and routine_day = ?"),
    created: await count(
      "select coalesce(sum(total_tasks_created), 0) as n from daily_analytics where user_id = ? and date = ?",
    ),
  };
}

async function dayBegunOf(db: D1Database, userId: string) {
  return (await db.prepare("select day_begun from users where id = ?").bind(userId).first<{ day_begun: string }>())
    ?.day_begun;
}

const MOVES = [
  {
    name: "the zone, UTC → Pacific/Kiritimati → UTC",
    dayStartHour: 0,
    // 10:01 UTC on the 10th is 00:01 on the 11th in Kiritimati (UTC+14).
    at: "2027-06-10T10:01:00Z",
    ahead: { timeZone: "Pacific/Kiritimati" },
    back: { timeZone: "UTC" },
  },
  {
    name: "the day's start hour, 4 → 0 → 4",
    dayStartHour: 4,
    // 00:01 UTC on the 11th: still the 10th's day from 04:00, the 11th's from 00:00.
    at: "2027-06-11T00:01:00Z",
    ahead: { dayStartHour: 0 },
    back: { dayStartHour: 4 },
  },
] as const;

describe("a day begun ahead and moved back", () => {
  for (const home of ["DB", "PERSON_DB_1"] as const) {
    for (const move of MOVES) {
      it(`by ${move.name}, homed in ${home}: today's routine day, occurrence and streak are as they were`, async () => {
        const db = HOMES[home].db();
        const person = await personHomedIn(home, "2027-06-08T12:00:00Z");
        const { token } = person;
        await setAccount(token, { timeZone: "UTC", dayStartHour: move.dayStartHour });
        const routine = await makeRoutine(token, "Take the medicine", { every: "day" });
        // Two days done, the third (the 10th) begun and open.
        for (const day of ["2027-06-08", "2027-06-09"]) {
          setClock(`${day}T12:00:00Z`);
          const [task] = (await occurrencesOf(token)).get(routine.id) ?? [];
          await finish(token, (task as { id: number }).id);
        }
        setClock("2027-06-10T06:00:00Z");
        const [open] = (await occurrencesOf(token)).get(routine.id) ?? [];
        expect(open?.isCompleted).toBe(false);
        const before = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
        expect(before).toMatchObject({ today: "open", streak: { current: 2, best: 2 } });
        const tenthBefore = await rowsOfDay(db, person.user.id, "2027-06-10");

        setClock(move.at);
        await setAccount(token, move.ahead);
        // The 11th begins: the 10th's open occurrence is missed and leaves the list.
        const ahead = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
        expect(stripDaysOf(ahead.last30).find((day) => day.date === "2027-06-10")?.state).toBe("missed");
        expect(await dayBegunOf(db, person.user.id)).toBe("2027-06-11");

        // A minute later the setting is put right: the 10th again.
        setClock(new Date(Date.parse(move.at) + 60_000).toISOString());
        await setAccount(token, move.back);
        // Twenty reads at once on the 10th again: one undoes the 11th, the rest find it undone.
        const reads = await Promise.all(
          Array.from({ length: 20 }, (_, i) => api(i % 2 ? "/api/tasks" : "/api/routines", { token })),
        );
        expect(reads.map((res) => res.status)).toEqual(Array(20).fill(200));
        const after = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
        expect(after).toMatchObject({ today: "open", dueToday: true, streak: { current: 2, best: 2 } });
        expect(stripDaysOf(after.last30).map((day) => [day.date, day.state])).toEqual([
          ["2027-06-08", "done"],
          ["2027-06-09", "done"],
          ["2027-06-10", "open"],
        ]);
        const occurrences = (await occurrencesOf(token)).get(routine.id) ?? [];
        expect(occurrences).toHaveLength(1);
        expect(occurrences[0]).toMatchObject({ isCompleted: false, title: "Take the medicine" });
        expect(after.todayTaskId).toBe(occurrences[0]?.id);
        expect(await dayBegunOf(db, person.user.id)).toBe("2027-06-10");
        // Nothing of the 11th is left, and no day's record counts an occurrence twice.
        expect(await rowsOfDay(db, person.user.id, "2027-06-11")).toEqual({ days: 0, tasks: 0, created: 0 });
        expect(await rowsOfDay(db, person.user.id, "2027-06-10")).toEqual(tenthBefore);

        // The real night: the 11th begins once, with its occurrence counted once.
        setClock("2027-06-11T12:00:00Z");
        expect((await occurrencesOf(token)).get(routine.id)).toHaveLength(1);
        expect(await rowsOfDay(db, person.user.id, "2027-06-11")).toEqual({ days: 1, tasks: 1, created: 1 });
        const next = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
        expect(stripDaysOf(next.last30).find((day) => day.date === "2027-06-10")?.state).toBe("missed");
        expect(next.streak).toEqual({ current: 0, best: 2 });
      });
    }
  }
});

describe("a day begun ahead into the next week and moved back", () => {
  for (const home of ["DB", "PERSON_DB_1"] as const) {
    it(`leaves "3 times a week" as its week was, homed in ${home}: today open, no day missed`, async () => {
      const db = HOMES[home].db();
      const person = await personHomedIn(home, "2027-06-07T12:00:00Z");
      const { token } = person;
      await setAccount(token, { timeZone: "UTC", dayStartHour: 0 });
      const routine = await makeRoutine(token, "Go running", { timesPerWeek: 3 });
      // Done on Monday and Tuesday, not on Wednesday to Saturday; Sunday the 13th begun and open.
      for (const day of ["2027-06-07", "2027-06-08", "2027-06-09", "2027-06-10", "2027-06-11", "2027-06-12"]) {
        setClock(`${day}T12:00:00Z`);
        const [task] = (await occurrencesOf(token)).get(routine.id) ?? [];
        if (day <= "2027-06-08") await finish(token, (task as { id: number }).id);
      }
      setClock("2027-06-13T06:00:00Z");
      const before = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
      expect(before.today).toBe("open");

      // 10:01 UTC on Sunday is 00:01 on Monday in Kiritimati: the week ends short of 3.
      setClock("2027-06-13T10:01:00Z");
      await setAccount(token, { timeZone: "Pacific/Kiritimati" });
      const ahead = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
      expect(stripDaysOf(ahead.last30).some((day) => day.state === "missed")).toBe(true);

      setClock("2027-06-13T10:02:00Z");
      await setAccount(token, { timeZone: "UTC" });
      const after = (await routinesOf(token)).find((r) => r.id === routine.id) as Routine;
      expect(after).toMatchObject({ today: "open", streak: before.streak, doneThisWeek: 2 });
      expect(stripDaysOf(after.last30)).toEqual(stripDaysOf(before.last30));
      const occurrences = (await occurrencesOf(token)).get(routine.id) ?? [];
      expect(occurrences.filter((task) => !task.isCompleted)).toHaveLength(1);
      expect(await dayBegunOf(db, person.user.id)).toBe("2027-06-13");
    });
  }
});

describe("the night passing while a step for the day before runs", () => {
  it("leaves the next day begun: a step for today in its last quarter hour undoes nothing", async () => {
    const person = await personHomedIn("DB", "2027-06-10T12:00:00Z");
    const routine = await makeRoutine(person.token, "Take the medicine", { every: "day" });
    const owner = { userId: person.user.id, timeZone: "UTC", dayStartHour: 4 };
    const db = createDb(env.DB);
    // The 11th begins at 04:00 UTC; a step for the 10th, its instant taken 30 s before, commits after it.
    expect(await runDayStartStep(db, owner, new Date("2027-06-11T04:00:01Z"), CHANGE_SUBSCRIBERS)).toMatchObject({
      begun: true,
      today: "2027-06-11",
    });
    const late = await runDayStartStep(db, owner, new Date("2027-06-11T03:59:30Z"), CHANGE_SUBSCRIBERS);
    expect(late).toEqual({ begun: false, today: "2027-06-10" });
    expect(await dayBegunOf(env.DB, person.user.id)).toBe("2027-06-11");
    setClock("2027-06-11T04:01:00Z");
    const [today] = (await occurrencesOf(person.token)).get(routine.id) ?? [];
    expect(today).toMatchObject({ isCompleted: false });
    expect(await rowsOfDay(env.DB, person.user.id, "2027-06-11")).toEqual({ days: 1, tasks: 1, created: 1 });
  });
});
