import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextWallTimeAt } from "../../shared/day-close";
import type { PushSubscriptionBody } from "../../shared/schemas/push";
import { getDay, setAccount, setClock } from "./day-helpers";
import { hubOf, openLive, scheduledAt } from "./focus-helpers";
import { api, registerUser } from "./helpers";

/*
 * The evening close's push (docs/decisions/293-the-close-push-on-the-hub-s-schedule.md): a row of
 * the hub's one schedule at the close time, sent to devices with notifications on unless the day is
 * closed. Instants lie ahead of the real clock (the mock push service checks the VAPID token's expiry
 * against it), so no alarm rings by itself.
 */

afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The next whole hour after the real clock. */
const baseInstant = () => (Math.floor(Date.now() / HOUR) + 1) * HOUR;
const wallTime = (at: number) => new Date(at).toISOString().slice(11, 16);

async function subscribe(token: string): Promise<PushSubscriptionBody> {
  const res = await fetch(`${env.PUSH_MOCK_URL}/subscribe`, { method: "POST" });
  const sub = (await res.json()) as PushSubscriptionBody;
  const saved = await api("/api/push/subscriptions", { method: "POST", token, json: sub });
  expect(saved.status, await saved.clone().text()).toBe(204);
  return sub;
}

async function received(
  sub: PushSubscriptionBody,
): Promise<{ message?: { type: string; title: string; url: string } }[]> {
  const id = new URL(sub.endpoint).pathname.split("/").pop();
  return (await (await fetch(`${env.PUSH_MOCK_URL}/received/${id}`)).json()) as never;
}

describe("the evening close's push", () => {
  it("comes at the close time to devices with notifications on, once, and the next evening again", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const device = await subscribe(token);
    const due = base + HOUR;
    // The start hour stays before the close time, so the close and the day are the same date in UTC.
    await setAccount(token, { dayStartHour: 0, dayClose: { enabled: true, time: wallTime(due) } });
    expect(await scheduledAt(user.id, ["day-close"])).toBe(due);
    // Today's offer is the same instant, unless the hour ahead is already tomorrow's date.
    if (new Date(due).toISOString().slice(0, 10) === new Date(base).toISOString().slice(0, 10)) {
      expect((await getDay(token)).closeOfferedFrom).toBe(new Date(due).toISOString());
    }

    setClock(new Date(due).toISOString());
    expect(await runDurableObjectAlarm(hubOf(user.id))).toBe(true);
    await vi.waitFor(async () => expect((await received(device)).length).toBe(1));
    expect((await received(device))[0]?.message).toMatchObject({
      type: "day-close",
      title: "Close your day",
      url: "/close",
    });
    expect(await scheduledAt(user.id, ["day-close"])).toBe(due + 24 * HOUR);
  });

  it("is not sent once the day is closed, nor when the close is off", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const device = await subscribe(token);
    const due = base + HOUR;
    await setAccount(token, { dayStartHour: 0, dayClose: { enabled: true, time: wallTime(due) } });
    const closed = await api("/api/day/close", { method: "POST", token, json: { note: "Closed early" } });
    expect(closed.status).toBe(200);
    setClock(new Date(due).toISOString());
    await runDurableObjectAlarm(hubOf(user.id));
    expect(await received(device)).toEqual([]);

    await setAccount(token, { dayClose: { enabled: false, time: "18:00" } });
    expect(await scheduledAt(user.id, ["day-close"])).toBeNull();
    expect((await getDay(token)).closeOfferedFrom).toBeNull();
  });

  it("has its row once a device turns notifications on, the settings never saved", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    // The close is on by default; no day settings were ever saved, so no row yet.
    expect(await scheduledAt(user.id, ["day-close"])).toBeNull();
    const { timeZone } = (await (await api("/api/account", { token })).json()) as { timeZone: string };
    await subscribe(token);
    // The row the first test rings: the default close time, on the hub's one schedule.
    expect(await scheduledAt(user.id, ["day-close"])).toBe(nextWallTimeAt("18:00", timeZone, base));
  });

  it("is armed by a device turning notifications on, which changes no day: no tab is sent day-changed", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const { token, user } = await registerUser();
    const other = await openLive(token);
    try {
      await other.next((frame) => frame.type === "timer");
      other.frames.length = 0;
      await subscribe(token);
      expect(await scheduledAt(user.id, ["day-close"])).not.toBeNull();
      // Frames arrive in order: once the answer to a later sync is here, any frame before it is too.
      other.ws.send(JSON.stringify({ type: "sync" }));
      await other.next((frame) => frame.type === "timer");
      expect(other.frames.map((frame) => frame.type)).toEqual([]);
    } finally {
      other.ws.close();
    }
  });

  it("gets no row from a device's notifications when the close is off, and one row from 20 at once", async () => {
    const base = baseInstant();
    setClock(new Date(base).toISOString());
    const off = await registerUser();
    await setAccount(off.token, { dayClose: { enabled: false, time: "18:00" } });
    await subscribe(off.token);
    expect(await scheduledAt(off.user.id, ["day-close"])).toBeNull();

    const on = await registerUser();
    const { timeZone } = (await (await api("/api/account", { token: on.token })).json()) as { timeZone: string };
    await Promise.all(Array.from({ length: 20 }, () => subscribe(on.token)));
    expect(await scheduledAt(on.user.id, ["day-close"])).toBe(nextWallTimeAt("18:00", timeZone, base));
    const rows = await runInDurableObject(hubOf(on.user.id), (_hub, state) =>
      [...state.storage.kv.list<{ kind: string }>({ prefix: "schedule:" })].filter(
        ([, row]) => row.kind === "day-close",
      ),
    );
    expect(rows.length).toBe(1);
  });
});
