import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { wallClock } from "../../shared/day";
import { nextWallTimeAt, type Weekday } from "../../shared/day-close";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import type { DailyPushSpec, PushTime } from "../../worker/day/daily-push";
import { DAILY_PUSHES } from "../../worker/hub-host/hub-parts";
import { setAccount, setClock } from "./day-helpers";
import { hubOf, scheduledAt } from "./focus-helpers";
import { api, registerUser } from "./helpers";

/*
 * A weekly push is one entry of the hub's pushes at a wall time (docs/decisions/380-the-hub-hosts-parts.md):
 * this file's own spec, added to the list in its set-up, so every hub made after hosts it. It
 * comes at its wall time on its weekday only, in a far zone, across a daylight-saving change.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KIND = "weekly-review";
/** Far from UTC, with its own daylight saving: +13:45 in its summer, +12:45 from the first Sunday of April. */
const ZONE = "Pacific/Chatham";

/** Who gets the weekly review, and when: only the people of this file. */
const wanted = new Map<string, PushTime>();
/** When the push was due and read D1 to decide: whose, at which instant, on which local date. */
const ran: { userId: string; at: number; date: string }[] = [];
/** Past a day ahead of the real clock the mock push service refuses the token: such runs only record. */
let sendsPushes = true;

const WEEKLY_REVIEW: DailyPushSpec = {
  kind: KIND,
  name: "the weekly review",
  when: (person) => wanted.get(person.id) ?? null,
  message: (person, day) => {
    ran.push({ userId: person.id, at: Date.now(), date: day.date });
    if (!sendsPushes) return null;
    return { type: "plan-reminder", title: "Review your week", body: "What mattered this week?", tag: KIND, url: "/" };
  },
};

beforeAll(() => {
  DAILY_PUSHES.push(WEEKLY_REVIEW);
});

afterAll(() => {
  DAILY_PUSHES.splice(DAILY_PUSHES.indexOf(WEEKLY_REVIEW), 1);
});

afterEach(() => {
  vi.useRealTimers();
  sendsPushes = true;
});

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;

async function subscribe(token: string): Promise<PushSubscriptionBody> {
  const res = await fetch(`${env.PUSH_MOCK_URL}/subscribe`, { method: "POST" });
  const sub = (await res.json()) as PushSubscriptionBody;
  const saved = await api("/api/push/subscriptions", { method: "POST", token, json: sub });
  expect(saved.status, await saved.clone().text()).toBe(204);
  return sub;
}

async function received(sub: PushSubscriptionBody): Promise<{ message?: { title: string } }[]> {
  const id = new URL(sub.endpoint).pathname.split("/").pop();
  return (await (await fetch(`${env.PUSH_MOCK_URL}/received/${id}`)).json()) as never;
}

describe("a weekly push added as one entry", () => {
  it("comes at its wall time on its weekday to devices with notifications on, then a week later", async () => {
    // The next whole hour after the real clock (the mock push service checks the token's expiry against it).
    const base = (Math.floor(Date.now() / HOUR) + 1) * HOUR;
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    // An hour or two ahead: the first whose wall time is read once (not the hour a change back repeats).
    const wallTimeAt = (at: number) => {
      const local = wallClock(new Date(at), ZONE);
      const time = `${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`;
      return { local, time };
    };
    const due = [base + HOUR, base + 2 * HOUR].find((at) => {
      const { local, time } = wallTimeAt(at);
      return nextWallTimeAt(time, ZONE, base, [weekdayOf(local.date)]) === at;
    });
    if (due === undefined) throw new Error("no wall time read once in the next two hours");
    const { local, time } = wallTimeAt(due);
    wanted.set(user.id, { time, weekdays: [weekdayOf(local.date)] });
    // The evening close's push (on by default) stays out of the way: its 18:00 may come first.
    await setAccount(token, { timeZone: ZONE, dayClose: { enabled: false, time: "18:00" } });
    const device = await subscribe(token);
    expect(await scheduledAt(user.id, [KIND])).toBe(due);

    setClock(new Date(due).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    await vi.waitFor(async () => expect((await received(device)).length).toBe(1));
    expect((await received(device))[0]?.message).toMatchObject({ title: "Review your week" });
    // Next on the same weekday and wall time: a week on (an hour either way across a daylight-saving change).
    const next = (await scheduledAt(user.id, [KIND])) ?? 0;
    expect(next).toBe(nextWallTimeAt(time, ZONE, due, [weekdayOf(local.date)]));
    expect(Math.abs(next - due - 7 * DAY)).toBeLessThanOrEqual(HOUR);
    expect(wallClock(new Date(next), ZONE)).toMatchObject({ hour: local.hour, minute: local.minute });
    expect(weekdayOf(wallClock(new Date(next), ZONE).date)).toBe(weekdayOf(local.date));
  });

  it("on Sundays at 09:00 in a far zone, across its daylight-saving change, and on no other day", async () => {
    sendsPushes = false;
    // Thursday 2027-04-01 in Chatham; its summer time ends on Sunday 2027-04-04 at 03:45 (back to 02:45).
    setClock("2027-04-01T00:00:00Z");
    const { token, user } = await registerUser();
    wanted.set(user.id, { time: "09:00", weekdays: [0] });
    await setAccount(token, { timeZone: ZONE });
    // Sunday 09:00 at +12:45, not Friday's nor Saturday's 09:00 (at +13:45).
    const sunday = Date.parse("2027-04-03T20:15:00Z");
    expect(await scheduledAt(user.id, [KIND])).toBe(sunday);

    // Saturday 09:00 in Chatham: not its day, and the row is not due.
    setClock("2027-04-02T19:15:00Z");
    await runDurableObjectAlarm(hubOf(user.id));
    expect(ran.filter((run) => run.userId === user.id)).toEqual([]);

    setClock(new Date(sunday).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    expect(ran.filter((run) => run.userId === user.id)).toEqual([{ userId: user.id, at: sunday, date: "2027-04-04" }]);
    // A week later, still 09:00 on Sunday in Chatham.
    expect(await scheduledAt(user.id, [KIND])).toBe(sunday + 7 * DAY);

    // Off: its row goes.
    wanted.delete(user.id);
    await setAccount(token, { dayStartHour: 5 });
    expect(await scheduledAt(user.id, [KIND])).toBeNull();
  });
});
