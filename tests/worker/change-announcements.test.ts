import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { revokeSessionQuery } from "../../worker/auth/sessions";
import { CHANGE_SUBSCRIBERS } from "../../worker/change-subscribers";
import { type ChangeEvent, personRowOf } from "../../worker/changes/events";
import { guardOn } from "../../worker/changes/guard";
import { type ChangeScope, type ChangeSubscriber, commitChange } from "../../worker/changes/pipeline";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics, sessions, users } from "../../worker/db/schema";
import { completeFocusSession } from "../../worker/focus/sessions";
import { api, newUser } from "./helpers";

/*
 * What sign-in's, the account's and the day settings' changes tell the person's hub: their events,
 * by the change pipeline (docs/decisions/254-the-hub-told-by-the-pipeline.md,
 * docs/decisions/381-one-message-from-a-change-to-the-hub.md), once, after the batch has committed,
 * and nothing when it failed.
 */

const db = createDb(env.DB);
const NOW = new Date("2026-03-10T12:00:00Z");

async function sessionsOf(userId: string) {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.sid);
}

/** A scope that records what the hub is told, and what D1 held at that moment. */
function recordingScope(userId: string) {
  const told: { events: readonly ChangeEvent[]; sessionsThen: string[] }[] = [];
  const scope: ChangeScope = {
    db,
    user: { id: userId, timeZone: "UTC", dayStartHour: 4 },
    now: NOW,
    subscribers: CHANGE_SUBSCRIBERS,
    announce: async (events) => {
      told.push({ events, sessionsThen: await sessionsOf(userId) });
    },
  };
  return { scope, told };
}

describe("the person's row the hub's parts follow settings from", () => {
  const row = { id: "u1", timeZone: "Europe/Paris", dayStartHour: 5 } as never;
  const cases: [string, ChangeEvent[], unknown][] = [
    ["a sign-out", [{ type: "sessions-ended", sessionIds: ["s1"] }], undefined],
    ["the day's settings", [{ type: "day-settings-changed", user: row }], row],
    ["notifications turned on", [{ type: "notifications-turned-on", user: row }], row],
    ["a change of tasks", [{ type: "tasks-edited" }], undefined],
  ];
  it.each(cases)("%s", (_name, events, expected) => {
    expect(personRowOf(events)).toBe(expected);
  });
});

describe("a sign-out through the pipeline", () => {
  it("tells the hub the session ended exactly once, after the batch removed it", async () => {
    const user = await newUser();
    const [sid] = await sessionsOf(user.id);
    if (!sid) throw new Error("no session");
    const { scope, told } = recordingScope(user.id);
    await commitChange(scope, () => ({
      statements: [revokeSessionQuery(db, sid)],
      events: [{ type: "sessions-ended", sessionIds: [sid] }],
    }));
    expect(told).toEqual([{ events: [{ type: "sessions-ended", sessionIds: [sid] }], sessionsThen: [] }]);
  });

  it("tells nothing when the batch fails, and the session stays", async () => {
    const user = await newUser();
    const [sid] = await sessionsOf(user.id);
    if (!sid) throw new Error("no session");
    const { scope, told } = recordingScope(user.id);
    await expect(
      commitChange(scope, () => ({
        // A guard that holds: the batch fails whole.
        guards: [guardOn(db, users, sql`exists (select 1 from ${users} where ${users.id} = ${user.id})`)],
        statements: [revokeSessionQuery(db, sid)],
        events: [{ type: "sessions-ended", sessionIds: [sid] }],
      })),
    ).rejects.toThrow();
    expect(told).toEqual([]);
    expect(await sessionsOf(user.id)).toEqual([sid]);
  });

  it("names the sessions a delete returned, from the batch's results", async () => {
    const user = await newUser();
    const [sid] = await sessionsOf(user.id);
    const { scope, told } = recordingScope(user.id);
    await commitChange(scope, () => ({
      statements: [db.delete(sessions).where(eq(sessions.userId, user.id)).returning({ sid: sessions.sid })],
      events: [],
      eventsAfter: ({ results: [ended] }) => [
        { type: "sessions-ended", sessionIds: ended.map((row) => row.sid), reason: "signed-out-everywhere" },
      ],
    }));
    expect(told.map((entry) => entry.events)).toEqual([
      [{ type: "sessions-ended", sessionIds: [sid], reason: "signed-out-everywhere" }],
    ]);
  });

  it("POST /api/auth/logout: the hub knows the session as revoked once the answer is back", async () => {
    const user = await newUser();
    const [sid] = await sessionsOf(user.id);
    if (!sid) throw new Error("no session");
    const res = await api("/api/auth/logout", { method: "POST", token: user.token });
    expect(res.status).toBe(204);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await env.USER_HUB.getByName(user.id).sessionRevoked(sid)).toBe(true);
  });
});

describe("a focus run's completion through the pipeline", () => {
  it("hands focus-finished to the subscribers it is given, which alone write its counters", async () => {
    const user = await newUser();
    const row = await env.DB.prepare(
      "insert into focus_sessions (user_id, duration, started_at, is_completed) values (?, 1500, ?, 0) returning id",
    )
      .bind(user.id, NOW.getTime() - 1_500_000)
      .first<{ id: number }>();
    const seen: ChangeEvent[][] = [];
    const recording: ChangeSubscriber = (events) => {
      seen.push([...events]);
      return [];
    };
    const outcome = await completeFocusSession(
      db,
      { id: user.id, timeZone: "UTC" },
      row?.id ?? 0,
      1500,
      NOW,
      [],
      [recording],
    );
    expect(outcome).toBe("completed");
    expect(seen.map((events) => events.map((event) => event.type))).toEqual([["focus-finished"]]);
    // No subscriber of the daily records was given: no counter was written.
    expect(await db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, user.id))).toEqual([]);
  });
});
