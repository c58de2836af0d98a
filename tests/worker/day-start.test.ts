import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, dayOf } from "../../shared/day";
import type { Day } from "../../shared/schemas/day";
import type { ChangeSubscriber } from "../../worker/changes/pipeline";
import { createDb } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { runDayStart } from "../../worker/hub-host/day-start";
import { nextDayStartAt, runDayStartStep } from "../../worker/today/day-start";
import { getDay, setAccount, setClock } from "./day-helpers";
import { hubOf, scheduledAt } from "./focus-helpers";
import { api, registerUser } from "./helpers";
import { type Continent, registerFrom } from "./homes";
import { clockAtDay, makeRoutine, occurrencesOf } from "./routine-helpers";

/*
 * The day begins on the server (docs/decisions/259-the-day-begins-on-the-server.md): the hub's one
 * schedule (docs/decisions/258-one-schedule-in-the-hub.md) keeps a day-start row at the person's
 * next day start, in their zone and start hour; its job, or the day's first read, runs the day-start
 * step once, and users.day_begun records it. Time is injected (setClock), never slept; every instant
 * lies ahead of the real clock, so no alarm rings by itself.
 */

afterEach(() => {
  vi.useRealTimers();
});

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

async function dayBegunOf(userId: string): Promise<string | null> {
  const row = await env.DB.prepare("select day_begun from users where id = ?")
    .bind(userId)
    .first<{ day_begun: string | null }>();
  return row?.day_begun ?? null;
}

const dayStartRow = (userId: string) => scheduledAt(userId, ["day-start"]);
const alarmOf = (userId: string) => runInDurableObject(hubOf(userId), (_hub, state) => state.storage.getAlarm());

/** A new account at `now` whose day is counted in `timeZone` from `dayStartHour`, with the morning nudge on (and the close's push off). */
async function personAt(now: string, timeZone: string, dayStartHour: number, nudge = "11:30") {
  setClock(now);
  const account = await registerUser();
  // The evening close's push off: its row would ring before some of these day starts
  // (tests/worker/day-close-push.test.ts has it).
  await setAccount(account.token, {
    timeZone,
    dayStartHour,
    planReminder: { enabled: true, time: nudge },
    dayClose: { enabled: false, time: "18:00" },
  });
  // Their day at `now` has begun (the account's first day was stamped in UTC, before the zone came).
  await createDb(env.DB)
    .update(users)
    .set({ dayBegun: dayOf(new Date(now), timeZone, dayStartHour) })
    .where(eq(users.id, account.user.id));
  return account;
}

describe("the next day start", () => {
  it("is the person's start hour in their zone, in every zone from UTC−12 to UTC+14", () => {
    const now = Date.parse("2027-06-10T12:00:00Z");
    const next = (timeZone: string, dayStartHour: number) => iso(nextDayStartAt({ timeZone, dayStartHour }, now));
    // UTC−12: it is 00:00 on the 10th there, still the 9th's day until 04:00.
    expect(next("Etc/GMT+12", 4)).toBe("2027-06-10T16:00:00.000Z");
    expect(next("Pacific/Pago_Pago", 0)).toBe("2027-06-11T11:00:00.000Z");
    expect(next("America/Los_Angeles", 12)).toBe("2027-06-10T19:00:00.000Z");
    expect(next("UTC", 4)).toBe("2027-06-11T04:00:00.000Z");
    expect(next("Asia/Kolkata", 6)).toBe("2027-06-11T00:30:00.000Z");
    expect(next("Asia/Kathmandu", 0)).toBe("2027-06-10T18:15:00.000Z");
    expect(next("Australia/Lord_Howe", 3)).toBe("2027-06-10T16:30:00.000Z");
    // UTC+14: it is 02:00 on the 11th there, still the 10th's day until 04:00.
    expect(next("Pacific/Kiritimati", 4)).toBe("2027-06-10T14:00:00.000Z");
  });

  it("on the spring daylight-saving day begins at the first moment after a start hour that does not exist", () => {
    // Europe/Berlin, 2027-03-28: 02:00 CET jumps to 03:00 CEST. A day starting at 02:00 begins at 03:00 CEST.
    const berlin = { timeZone: "Europe/Berlin", dayStartHour: 2 };
    expect(iso(nextDayStartAt(berlin, Date.parse("2027-03-27T12:00:00Z")))).toBe("2027-03-28T01:00:00.000Z");
    expect(iso(nextDayStartAt(berlin, Date.parse("2027-03-28T01:00:00Z")))).toBe("2027-03-29T00:00:00.000Z");
    // America/New_York, 2027-03-14: 02:00 EST jumps to 03:00 EDT.
    const newYork = { timeZone: "America/New_York", dayStartHour: 2 };
    expect(iso(nextDayStartAt(newYork, Date.parse("2027-03-13T12:00:00Z")))).toBe("2027-03-14T07:00:00.000Z");
    expect(iso(nextDayStartAt(newYork, Date.parse("2027-03-14T07:00:00Z")))).toBe("2027-03-15T06:00:00.000Z");
  });

  it("on the autumn daylight-saving day begins at the first of a start hour that happens twice", () => {
    // Europe/Berlin, 2027-10-31: 03:00 CEST goes back to 02:00 CET; 02:00 happens twice.
    const berlin = { timeZone: "Europe/Berlin", dayStartHour: 2 };
    expect(iso(nextDayStartAt(berlin, Date.parse("2027-10-30T12:00:00Z")))).toBe("2027-10-31T00:00:00.000Z");
    // The second 02:00 (01:00Z) is inside the day already begun: the next start is the 1st's.
    expect(iso(nextDayStartAt(berlin, Date.parse("2027-10-31T01:00:00Z")))).toBe("2027-11-01T01:00:00.000Z");
    // America/New_York, 2027-11-07: 02:00 EDT goes back to 01:00 EST; 01:00 happens twice.
    const newYork = { timeZone: "America/New_York", dayStartHour: 1 };
    expect(iso(nextDayStartAt(newYork, Date.parse("2027-11-06T12:00:00Z")))).toBe("2027-11-07T05:00:00.000Z");
    expect(iso(nextDayStartAt(newYork, Date.parse("2027-11-07T06:00:00Z")))).toBe("2027-11-08T06:00:00.000Z");
  });
});

describe("the hub's day-start row", () => {
  const zones: [string, number, string, string, string][] = [
    // zone, start hour, the clock, the day start the hub schedules, the day it begins
    ["Etc/GMT+12", 4, "2027-06-10T12:00:00Z", "2027-06-10T16:00:00.000Z", "2027-06-10"],
    ["America/Los_Angeles", 0, "2027-06-10T12:00:00Z", "2027-06-11T07:00:00.000Z", "2027-06-11"],
    ["Asia/Kathmandu", 6, "2027-06-10T12:00:00Z", "2027-06-11T00:15:00.000Z", "2027-06-11"],
    ["Pacific/Kiritimati", 4, "2027-06-10T12:00:00Z", "2027-06-10T14:00:00.000Z", "2027-06-11"],
    ["Europe/Berlin", 2, "2027-03-27T12:00:00Z", "2027-03-28T01:00:00.000Z", "2027-03-28"],
    ["Europe/Berlin", 2, "2027-10-30T12:00:00Z", "2027-10-31T00:00:00.000Z", "2027-10-31"],
    ["America/New_York", 2, "2027-03-13T12:00:00Z", "2027-03-14T07:00:00.000Z", "2027-03-14"],
    ["America/New_York", 1, "2027-11-06T12:00:00Z", "2027-11-07T05:00:00.000Z", "2027-11-07"],
  ];

  for (const [timeZone, hour, now, startsAt, day] of zones) {
    it(`in ${timeZone} from ${hour}:00 on ${day}: rings at the day's start, begins the day once and schedules the next`, async () => {
      const { user } = await personAt(now, timeZone, hour);
      expect(iso(await dayStartRow(user.id))).toBe(startsAt);
      // The one alarm points at the earliest row: the day start or the nudge at 11:30.
      const nudgeAt = await scheduledAt(user.id, ["plan-reminder"]);
      expect(await alarmOf(user.id)).toBe(Math.min(Date.parse(startsAt), nudgeAt ?? Number.POSITIVE_INFINITY));
      expect(await dayBegunOf(user.id)).not.toBe(day);

      // Rung early (before its instant) it runs nothing.
      setClock(new Date(Date.parse(startsAt) - 1000).toISOString());
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      expect(await dayBegunOf(user.id)).not.toBe(day);
      expect(iso(await dayStartRow(user.id))).toBe(startsAt);

      setClock(startsAt);
      expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
      expect(await dayBegunOf(user.id)).toBe(day);
      const next = nextDayStartAt({ timeZone, dayStartHour: hour }, Date.parse(startsAt));
      expect(await dayStartRow(user.id)).toBe(next);
      // A day lasts 23, 24 or 25 hours.
      expect([23, 24, 25]).toContain((next - Date.parse(startsAt)) / 3_600_000);
      // The nudge is still there, armed for the day.
      expect(await scheduledAt(user.id, ["plan-reminder"])).not.toBeNull();

      // Delivered again (alarms are at least once), it begins nothing twice.
      await runInDurableObject(hubOf(user.id), (hub) => hub.alarm());
      expect(await dayBegunOf(user.id)).toBe(day);
      expect(await dayStartRow(user.id)).toBe(next);
    });
  }

  it("moves when the person changes their zone or start hour, and goes when the hub has nothing to prepare", async () => {
    const { token, user } = await personAt("2027-06-10T12:00:00Z", "UTC", 4);
    expect(iso(await dayStartRow(user.id))).toBe("2027-06-11T04:00:00.000Z");
    await setAccount(token, { timeZone: "Pacific/Kiritimati" });
    expect(iso(await dayStartRow(user.id))).toBe("2027-06-10T14:00:00.000Z");
    await setAccount(token, { dayStartHour: 0 });
    expect(iso(await dayStartRow(user.id))).toBe("2027-06-11T10:00:00.000Z");
    await setAccount(token, { timeZone: "Etc/GMT+12", dayStartHour: 12 });
    expect(iso(await dayStartRow(user.id))).toBe("2027-06-11T00:00:00.000Z");
    // The alarm: the earlier of the day start and the nudge (11:30 there is 23:30 UTC).
    expect(iso(await alarmOf(user.id))).toBe("2027-06-10T23:30:00.000Z");
    // The nudge off: nothing for the hub to prepare, so no row and no alarm; reads still begin the day.
    await setAccount(token, { planReminder: { enabled: false, time: "11:30" } });
    expect(await dayStartRow(user.id)).toBeNull();
    expect(await alarmOf(user.id)).toBeNull();
  });
});

describe("a read that finds a new day not yet begun", () => {
  it("begins it first, and a day moved back is a night passed", async () => {
    setClock("2027-06-10T12:00:00Z");
    const { token, user } = await registerUser();
    // A new account's first day is begun with it.
    expect(await dayBegunOf(user.id)).toBe("2027-06-10");
    setClock("2027-06-11T04:00:00Z");
    expect((await getDay(token)).date).toBe("2027-06-11");
    expect(await dayBegunOf(user.id)).toBe("2027-06-11");

    // The person's rows moved a day back (as the browser tests do): the next request begins today again.
    await createDb(env.DB)
      .update(users)
      .set({ dayBegun: sql`date(${users.dayBegun}, '-1 day')` })
      .where(eq(users.id, user.id));
    expect(await dayBegunOf(user.id)).toBe("2027-06-10");
    const res = await api("/api/tasks", { token });
    expect(res.status).toBe(200);
    expect(await dayBegunOf(user.id)).toBe("2027-06-11");
  });

  it("of 20 reads racing, all answer the new day, which is begun (once: the step below), and the hub's row then finds it begun", async () => {
    const { token, user } = await personAt("2027-06-10T12:00:00Z", "Europe/Berlin", 4);
    setClock("2027-06-11T02:00:00Z"); // 04:00 CEST
    const days = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? getDay(token) : api("/api/tasks", { token }).then(async (r) => ({ status: r.status })),
      ),
    );
    for (const [i, day] of days.entries()) {
      if (i % 2 === 0) expect((day as Day).date).toBe("2027-06-11");
      else expect(day).toEqual({ status: 200 });
    }
    expect(await dayBegunOf(user.id)).toBe("2027-06-11");
    // The hub's own row for that start finds it begun and only schedules the next.
    setClock("2027-06-11T02:00:00Z");
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(await dayBegunOf(user.id)).toBe("2027-06-11");
    expect(iso(await dayStartRow(user.id))).toBe("2027-06-12T02:00:00.000Z");
  });
});

describe("the day-start step", () => {
  it("run 20 times at once begins the day once, with its subscribers' statements, through the change pipeline", async () => {
    setClock("2027-06-10T12:00:00Z");
    const { user } = await registerUser();
    const db = createDb(env.DB);
    const owner = { userId: user.id, timeZone: "UTC", dayStartHour: 4 };
    // A subscriber of the change pipeline that follows the day's start and shows how often it ran:
    // one more focus minute by default per run.
    const counted: ChangeSubscriber[] = [
      (events) =>
        events.some((event) => event.type === "day-began")
          ? [
              db
                .update(users)
                .set({ defaultFocusMinutes: sql`${users.defaultFocusMinutes} + 1` })
                .where(eq(users.id, user.id)),
            ]
          : [],
    ];
    const now = new Date("2027-06-11T05:00:00Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => runDayStartStep(db, owner, now, counted)));
    expect(results.filter((result) => result.begun)).toHaveLength(1);
    expect(results.every((result) => result.today === "2027-06-11")).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ dayBegun: "2027-06-11", defaultFocusMinutes: 26 });
    // The same day again: nothing; the next day: once more.
    expect((await runDayStartStep(db, owner, now, counted)).begun).toBe(false);
    expect((await runDayStartStep(db, owner, new Date("2027-06-12T04:00:00Z"), counted)).begun).toBe(true);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ dayBegun: "2027-06-12", defaultFocusMinutes: 27 });
  });
});

describe("the day start says what it removed (docs/decisions/381-one-message-from-a-change-to-the-hub.md)", () => {
  const DAY = "2026-03-10";
  const zone = { timeZone: "Europe/Berlin", dayStartHour: 4 };
  it.each(["EU", "OC"] as Continent[])(
    "names yesterday's open occurrence in tasks-removed, once of 20 runs at once, homed from %s",
    async (continent) => {
      clockAtDay(zone, DAY, 600);
      const person = await registerFrom(continent);
      await setAccount(person.token, zone);
      const routine = await makeRoutine(person.token, "Water the plants", { every: "day" });
      const [occurrence] = (await occurrencesOf(person.token)).get(routine.id) ?? [];
      if (!occurrence) throw new Error("no occurrence made");
      const next = clockAtDay(zone, addDays(DAY, 1), 10);
      const owner = { userId: person.user.id, ...zone };
      const runs = await Promise.all(Array.from({ length: 20 }, () => runDayStart(createDb(person.home), owner, next)));
      const begun = runs.filter((run) => run.begun);
      expect(begun).toHaveLength(1);
      expect(begun[0]?.events).toEqual([
        { type: "day-began", date: addDays(DAY, 1) },
        { type: "tasks-removed", taskIds: [occurrence.id] },
      ]);
      expect(begun[0]?.person).toMatchObject({ id: person.user.id, home: continent === "EU" ? 0 : 1 });
    },
  );
});
