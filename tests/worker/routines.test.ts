import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { addDays } from "../../shared/day";
import { stripDaysOf } from "../../shared/routine-strip";
import { isDueOn, weekStartOf } from "../../shared/routines";
import type { Repeat, Routine } from "../../shared/schemas/routines";
import { CHANGE_SUBSCRIBERS } from "../../worker/change-subscribers";
import { createDb } from "../../worker/db/client";
import { runDayStartStep } from "../../worker/today/day-start";
import { setClock } from "./day-helpers";
import { hubOf, scheduledAt } from "./focus-helpers";
import { api, PASSWORD, rowsOf, signInAgain } from "./helpers";
import {
  clockAtDay,
  finish,
  makeRoutine,
  occurrenceRows,
  occurrencesOf,
  personIn,
  routinesOf,
  tasksOf,
} from "./routine-helpers";

/*
 * Routines (docs/product.md#routines, docs/decisions/280–283): today's occurrence is a task made
 * once when the person's day begins (the day-start step's batch, run by the hub's schedule or the
 * day's first read), exactly one per routine and day; a day not done is missed, not carried; the
 * streak forgives skipped and paused days. The clock and the zone are injected (setClock), never slept.
 */

afterEach(() => {
  vi.useRealTimers();
});

const RULES: [string, Repeat][] = [
  ["Take the medicine", { every: "day" }],
  ["Review the inbox", { every: "weekday" }],
  ["Water the plants", { every: "week", days: ["mon", "thu"] }],
  ["Stretch", { everyDays: 3 }],
  ["Pay the rent", { every: "month", day: 31 }],
  ["Go running", { timesPerWeek: 3 }],
];

/**
 * Lives `days` of a person in `timeZone` from `first` with one routine of each rule: each day is
 * begun by a read (or, every third day, by the hub's alarm, the app closed), its occurrences are
 * checked against the shared rules, and some are done. Answers the routines at the end.
 */
async function liveDays(timeZone: string, dayStartHour: number, first: string, days: number) {
  const person = await personIn(clockAtDay({ timeZone, dayStartHour }, first).toISOString(), timeZone, dayStartHour);
  const made = new Map<number, Repeat>();
  for (const [title, repeat] of RULES) made.set((await makeRoutine(person.token, title, repeat)).id, repeat);
  const doneByWeek = new Map<string, number>();
  for (let offset = 0; offset < days; offset += 1) {
    const day = addDays(first, offset);
    if (offset > 0) {
      clockAtDay(person, day);
      // A session lasts 30 days: a person living months signs in again.
      if (offset % 20 === 0) person.token = await signInAgain(person.username);
      if (offset % 3 === 0) expect(await runDurableObjectAlarm(hubOf(person.id))).toBe(true);
    }
    const occurrences = await occurrencesOf(person.token);
    for (const [id, repeat] of made) {
      const doneThisWeek = "timesPerWeek" in repeat ? (doneByWeek.get(`${id} ${weekStartOf(day)}`) ?? 0) : 0;
      const due = isDueOn(repeat, day, first, doneThisWeek);
      const today = (occurrences.get(id) ?? []).filter((task) => !task.isCompleted);
      expect(today.length, `${timeZone} ${day} ${JSON.stringify(repeat)}`).toBe(due ? 1 : 0);
      // Done on two days of three; "N times a week" on every other day.
      const task = today[0];
      if (task && offset % 3 !== 2 && !("timesPerWeek" in repeat && offset % 2 === 1)) {
        await finish(person.token, task.id);
        const key = `${id} ${weekStartOf(day)}`;
        doneByWeek.set(key, (doneByWeek.get(key) ?? 0) + 1);
      }
    }
  }
  // Never two occurrences of a routine on a day.
  const rows = await occurrenceRows(person.id);
  expect(new Set(rows.map((row) => `${row.routineId} ${row.routineDay}`)).size).toBe(rows.length);
  return { person, routines: await routinesOf(person.token) };
}

describe("the rules over months, in every zone", () => {
  it("UTC, over the month ends of 29–31 and the leap day: every rule makes its days, once", async () => {
    const { routines } = await liveDays("UTC", 4, "2028-01-26", 40);
    const rent = routines.find((routine) => routine.title === "Pay the rent") as Routine;
    // Rent on Jan 31 (missed: the third day of a run) and Feb 29, the leap day, February's last (done).
    expect(stripDaysOf(rent.last30).map((day) => [day.date, day.state])).toEqual([["2028-02-29", "done"]]);
    expect(rent.streak).toEqual({ current: 1, best: 1 });
    expect(rent.nextDays.slice(0, 2)).toEqual(["2028-03-31", "2028-04-30"]);
  }, 120_000);

  for (const [timeZone, hour, first] of [
    ["Etc/GMT+12", 4, "2027-06-08"],
    ["Pacific/Kiritimati", 0, "2027-06-08"],
    ["Europe/Berlin", 2, "2027-03-24"], // spring change on the 28th
    ["America/New_York", 1, "2027-11-03"], // autumn change on the 7th
    ["Australia/Lord_Howe", 3, "2027-04-01"], // half an hour back on the 4th
  ] as const) {
    it(`${timeZone}, day starting at ${hour}:00 from ${first}: two weeks, each due day once`, async () => {
      await liveDays(timeZone, hour, first, 14);
    }, 60_000);
  }
});

describe("exactly one occurrence", () => {
  it("of 20 first reads racing on two devices, with the hub's alarm, makes one occurrence per routine", async () => {
    const person = await personIn("2027-06-10T12:00:00Z", "Europe/Paris", 4);
    const routine = await makeRoutine(person.token, "Take the medicine", { every: "day" });
    const username = (
      await env.DB.prepare("select username from users where id = ?").bind(person.id).first<{ username: string }>()
    )?.username as string;
    const other = await signInAgain(username);
    setClock("2027-06-11T02:00:00Z"); // 04:00 in Paris
    const reads = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        api(i % 3 === 0 ? "/api/routines" : "/api/tasks", { token: i % 2 ? other : person.token }),
      ),
      runDurableObjectAlarm(hubOf(person.id)),
    ]);
    for (const res of reads) if (res instanceof Response) expect(res.status).toBe(200);
    const rows = await occurrenceRows(person.id);
    expect(rows.filter((row) => row.routineDay === "2027-06-11")).toEqual([
      { routineId: routine.id, routineDay: "2027-06-11" },
    ]);
  });

  it("run 20 times at once, the day-start step makes one", async () => {
    const person = await personIn("2027-06-10T12:00:00Z", "Asia/Kathmandu", 6);
    await makeRoutine(person.token, "Stretch", { every: "day" });
    const now = new Date("2027-06-11T00:20:00Z"); // 06:05 in Kathmandu
    const owner = { userId: person.id, timeZone: person.timeZone, dayStartHour: 6 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => runDayStartStep(createDb(env.DB), owner, now, CHANGE_SUBSCRIBERS)),
    );
    expect(results.filter((result) => result.begun)).toHaveLength(1);
    expect((await occurrenceRows(person.id)).filter((row) => row.routineDay === "2027-06-11")).toHaveLength(1);
  });

  it("a routine made offline and replayed with the same change id arrives once, with one occurrence", async () => {
    const person = await personIn("2027-06-10T12:00:00Z", "UTC");
    const id = crypto.randomUUID();
    const send = () =>
      api("/api/routines", {
        method: "POST",
        token: person.token,
        headers: { [CHANGE_ID_HEADER]: id },
        json: { title: "Review the inbox", repeat: { every: "day" } },
      });
    const answers = await Promise.all([send(), send(), send()]);
    for (const res of answers) expect([201, 409]).toContain(res.status);
    const again = await send();
    expect(again.status).toBe(201);
    expect(await routinesOf(person.token)).toHaveLength(1);
    expect(await occurrenceRows(person.id)).toHaveLength(1);
    // Done offline and replayed: done once.
    const [task] = (await tasksOf(person.token)).filter((t) => t.routineId !== null);
    const doneId = crypto.randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const res = await api(`/api/tasks/${task?.id}`, {
        method: "PATCH",
        token: person.token,
        headers: { [CHANGE_ID_HEADER]: doneId },
        json: { isCompleted: true },
      });
      expect(res.status).toBe(200);
    }
    const [routine] = await routinesOf(person.token);
    expect(routine?.doneToday).toBe(true);
    expect(routine?.streak).toEqual({ current: 1, best: 1 });
  });
});

describe("a day not done", () => {
  it("is missed, not carried: today has its own occurrence, yesterday says missed, the streak breaks", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const routine = await makeRoutine(person.token, "Take the medicine", { every: "day" });
    await finish(person.token, routine.todayTaskId as number);
    clockAtDay(person, "2027-06-08");
    let [today] = await routinesOf(person.token);
    expect(today?.streak).toEqual({ current: 1, best: 1 });
    await finish(person.token, today?.todayTaskId as number);
    // The 9th: not done.
    clockAtDay(person, "2027-06-09");
    expect((await occurrencesOf(person.token)).get(routine.id)?.filter((t) => !t.isCompleted)).toHaveLength(1);
    clockAtDay(person, "2027-06-10");
    const open = (await occurrencesOf(person.token)).get(routine.id)?.filter((t) => !t.isCompleted) ?? [];
    expect(open).toHaveLength(1);
    [today] = await routinesOf(person.token);
    expect(open[0]?.id).toBe(today?.todayTaskId);
    expect(stripDaysOf((today as Routine).last30).map((day) => [day.date, day.state])).toEqual([
      ["2027-06-07", "done"],
      ["2027-06-08", "done"],
      ["2027-06-09", "missed"],
      ["2027-06-10", "open"],
    ]);
    expect(today?.streak).toEqual({ current: 0, best: 2 });
  });
});

describe("skip, pause, edit, delete", () => {
  it("a skipped day (with its reason) and a paused stretch neither count nor break the streak", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const routine = await makeRoutine(person.token, "Stretch", { every: "day" });
    await finish(person.token, routine.todayTaskId as number);
    clockAtDay(person, "2027-06-08");
    const skip = await api(`/api/routines/${routine.id}/skip`, {
      method: "POST",
      token: person.token,
      json: { reason: "Sore back" },
    });
    expect(skip.status, await skip.clone().text()).toBe(200);
    const skipped = (await skip.json()) as Routine;
    expect(skipped.today).toBe("skipped");
    expect(skipped.todayTaskId).toBeNull();
    expect((await occurrencesOf(person.token)).get(routine.id)).toBeUndefined();
    // Skipping twice is refused.
    expect(
      (await api(`/api/routines/${routine.id}/skip`, { method: "POST", token: person.token, json: {} })).status,
    ).toBe(409);
    // The 9th: paused for two days; no occurrence is made.
    clockAtDay(person, "2027-06-09");
    const paused = await api(`/api/routines/${routine.id}`, {
      method: "PATCH",
      token: person.token,
      json: { paused: true },
    });
    expect(paused.status).toBe(200);
    expect((await occurrencesOf(person.token)).get(routine.id)).toBeUndefined();
    clockAtDay(person, "2027-06-10");
    expect((await occurrencesOf(person.token)).get(routine.id)).toBeUndefined();
    // The 11th: resumed, today's comes back at once.
    clockAtDay(person, "2027-06-11");
    const resumed = await api(`/api/routines/${routine.id}`, {
      method: "PATCH",
      token: person.token,
      json: { paused: false },
    });
    const back = (await resumed.json()) as Routine;
    expect(back.today).toBe("open");
    await finish(person.token, back.todayTaskId as number);
    const [after] = await routinesOf(person.token);
    expect(stripDaysOf((after as Routine).last30).map((day) => [day.date, day.state, day.reason])).toEqual([
      ["2027-06-07", "done", null],
      ["2027-06-08", "skipped", "Sore back"],
      ["2027-06-09", "paused", null],
      ["2027-06-10", "paused", null],
      ["2027-06-11", "done", null],
    ]);
    expect(after?.streak).toEqual({ current: 2, best: 2 });
  });

  it("pausing keeps the hub's day start only while a routine is active", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    expect(await scheduledAt(person.id, ["day-start"])).toBeNull();
    const routine = await makeRoutine(person.token, "Stretch", { every: "day" });
    expect(await scheduledAt(person.id, ["day-start"])).toBe(Date.parse("2027-06-08T04:00:00Z"));
    await api(`/api/routines/${routine.id}`, { method: "PATCH", token: person.token, json: { paused: true } });
    expect(await scheduledAt(person.id, ["day-start"])).toBeNull();
    await api(`/api/routines/${routine.id}`, { method: "PATCH", token: person.token, json: { paused: false } });
    expect(await scheduledAt(person.id, ["day-start"])).toBe(Date.parse("2027-06-08T04:00:00Z"));
    // The app closed, the hub makes the day's occurrence at its start.
    setClock("2027-06-08T04:00:00Z");
    expect(await runDurableObjectAlarm(hubOf(person.id))).toBe(true);
    // Yesterday's, not done, left the list: only today's is there.
    expect((await occurrenceRows(person.id)).map((row) => row.routineDay)).toEqual(["2027-06-08"]);
  });

  it("editing a rule changes its days from tomorrow; a new title renames today's open occurrence", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC"); // a Monday
    const routine = await makeRoutine(person.token, "Water the plants", { every: "week", days: ["mon"] });
    expect(routine.nextDays).toEqual(
      ["2027-06-14", "2027-06-21", "2027-07-05", "2027-07-12", "2027-07-19"]
        .slice(0, 2)
        .concat(routine.nextDays.slice(2)),
    );
    const res = await api(`/api/routines/${routine.id}`, {
      method: "PATCH",
      token: person.token,
      json: { title: "Water the balcony plants", repeat: { every: "week", days: ["mon", "tue"] } },
    });
    const edited = (await res.json()) as Routine;
    expect(edited.today).toBe("open");
    expect(edited.nextDays.slice(0, 3)).toEqual(["2027-06-08", "2027-06-14", "2027-06-15"]);
    const [task] = (await occurrencesOf(person.token)).get(routine.id) ?? [];
    expect(task?.title).toBe("Water the balcony plants");
    clockAtDay(person, "2027-06-08");
    expect((await occurrencesOf(person.token)).get(routine.id)?.filter((t) => !t.isCompleted)).toHaveLength(1);
  });

  it("deleting takes today's open occurrence off the list and keeps finished ones in Done", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const done = await makeRoutine(person.token, "Take the medicine", { every: "day" });
    const open = await makeRoutine(person.token, "Stretch", { every: "day" });
    await finish(person.token, done.todayTaskId as number);
    for (const routine of [done, open]) {
      const res = await api(`/api/routines/${routine.id}`, { method: "DELETE", token: person.token });
      expect(res.status).toBe(204);
    }
    const left = await tasksOf(person.token);
    expect(left.map((task) => [task.id, task.isCompleted])).toEqual([[done.todayTaskId, true]]);
    expect(await routinesOf(person.token)).toEqual([]);
    expect(await rowsOf("routine_days", person.id)).toBe(0);
    expect((await api(`/api/routines/${done.id}`, { method: "DELETE", token: person.token })).status).toBe(404);
  });
});

describe("N times a week", () => {
  it("shows every day until done N times that week, and counts weeks that reached N", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC"); // Monday
    const routine = await makeRoutine(person.token, "Go running", { timesPerWeek: 2 });
    await finish(person.token, routine.todayTaskId as number); // Mon
    clockAtDay(person, "2027-06-08"); // Tue: not done
    expect((await routinesOf(person.token))[0]?.dueToday).toBe(true);
    clockAtDay(person, "2027-06-09"); // Wed: done, the second
    let [now] = await routinesOf(person.token);
    await finish(person.token, now?.todayTaskId as number);
    [now] = await routinesOf(person.token);
    expect(now?.streak).toEqual({ current: 1, best: 1 });
    expect(now?.doneThisWeek).toBe(2);
    for (const day of ["2027-06-10", "2027-06-11", "2027-06-12", "2027-06-13"]) {
      clockAtDay(person, day);
      [now] = await routinesOf(person.token);
      expect(now?.dueToday, day).toBe(false);
    }
    // Next week, not yet done: the current week breaks nothing.
    clockAtDay(person, "2027-06-15");
    [now] = await routinesOf(person.token);
    expect(now?.dueToday).toBe(true);
    expect(now?.streak).toEqual({ current: 1, best: 1 });
    // The week after, the one before ended short: broken.
    clockAtDay(person, "2027-06-21");
    [now] = await routinesOf(person.token);
    expect(now?.streak).toEqual({ current: 0, best: 1 });
  });
});

describe("bounds and bad input", () => {
  it("refuses an unknown rule, an empty day list, N outside its range and a bad title with a 400, changing nothing", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const bad: [unknown, string][] = [
      [{ title: "Stretch", repeat: { every: "year" } }, "Unknown rule"],
      [{ title: "Stretch", repeat: { every: "week", days: [] } }, "Choose at least one day of the week."],
      [{ title: "Stretch", repeat: { everyDays: 0 } }, "Every N days takes N from 2 to 365."],
      [{ title: "Stretch", repeat: { timesPerWeek: 8 } }, "N times a week takes N from 1 to 6."],
      [{ title: "Stretch", repeat: { every: "month", day: 32 } }, "A day of the month is from 1 to 31."],
      [{ title: "   ", repeat: { every: "day" } }, "A task needs a title."],
      [{ title: "Stretch" }, "repeat"],
    ];
    for (const [json, message] of bad) {
      const res = await api("/api/routines", { method: "POST", token: person.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    const routine = await makeRoutine(person.token, "Stretch", { every: "day" });
    const patch = await api(`/api/routines/${routine.id}`, {
      method: "PATCH",
      token: person.token,
      json: { repeat: { every: "week", days: [] } },
    });
    expect(patch.status).toBe(400);
    expect((await api(`/api/routines/${routine.id}`, { method: "PATCH", token: person.token, json: {} })).status).toBe(
      400,
    );
    expect((await routinesOf(person.token))[0]?.repeat).toEqual({ every: "day" });
    expect(await rowsOf("routines", person.id)).toBe(1);
  });

  it("keeps at most 100 routines", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    for (let i = 0; i < 100; i += 1) await makeRoutine(person.token, `Routine ${i}`, { every: "month", day: 1 });
    const res = await api("/api/routines", {
      method: "POST",
      token: person.token,
      json: { title: "One more", repeat: { every: "day" } },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe("You can keep at most 100 routines.");
    expect(await rowsOf("routines", person.id)).toBe(100);
  }, 60_000);

  it("another person's routine is not found", async () => {
    const one = await personIn("2027-06-07T10:00:00Z", "UTC");
    const two = await personIn("2027-06-07T10:00:00Z", "UTC");
    const routine = await makeRoutine(one.token, "Stretch", { every: "day" });
    for (const [method, path, json] of [
      ["PATCH", `/api/routines/${routine.id}`, { paused: true }],
      ["DELETE", `/api/routines/${routine.id}`, undefined],
      ["POST", `/api/routines/${routine.id}/skip`, {}],
    ] as const) {
      expect((await api(path, { method, token: two.token, json })).status).toBe(404);
    }
  });
});

describe("everywhere else", () => {
  it("the export carries the routines with their days, and the occurrence's routine; account deletion clears them", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const routine = await makeRoutine(person.token, "Pay the rent", { every: "month", day: 31 });
    const daily = await makeRoutine(person.token, "Stretch", { every: "day" });
    const res = await api("/api/account/export", { token: person.token });
    expect(res.status).toBe(200);
    const exported = (await res.json()) as {
      routines: { id: number; title: string; repeat: unknown; days: { date: string; state: string }[] }[];
      tasks: { routineId: number | null; routineDay: string | null }[];
    };
    expect(exported.routines.map((r) => [r.title, r.repeat, r.days])).toEqual([
      ["Pay the rent", { every: "month", day: 31 }, []],
      ["Stretch", { every: "day" }, [{ date: "2027-06-07", state: "open", reason: null }]],
    ]);
    expect(exported.tasks).toMatchObject([{ routineId: daily.id, routineDay: "2027-06-07" }]);
    expect(routine.nextDays.slice(0, 2)).toEqual(["2027-06-30", "2027-07-31"]);

    const deleted = await api("/api/account", {
      method: "DELETE",
      token: person.token,
      json: { confirmation: person.username, password: PASSWORD },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect(await rowsOf("routines", person.id)).toBe(0);
    expect(await rowsOf("routine_days", person.id)).toBe(0);
  });

  it("Start Fresh takes today's occurrences with the tasks; the routines stay and the day counts as skipped", async () => {
    const person = await personIn("2027-06-07T10:00:00Z", "UTC");
    const routine = await makeRoutine(person.token, "Stretch", { every: "day" });
    expect((await api("/api/start-fresh", { method: "POST", token: person.token })).status).toBe(204);
    expect(await tasksOf(person.token)).toEqual([]);
    clockAtDay(person, "2027-06-08");
    const [after] = await routinesOf(person.token);
    expect(after?.id).toBe(routine.id);
    expect(stripDaysOf((after as Routine).last30).map((day) => [day.date, day.state])).toEqual([
      ["2027-06-07", "skipped"],
      ["2027-06-08", "open"],
    ]);
  });
});
