import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TimerState } from "../../shared/schemas/focus";
import { type AnalyticsEvent, analyticsStatements } from "../../worker/analytics/recorder";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics } from "../../worker/db/schema";
import { completeFocusSession } from "../../worker/focus/sessions";
import { hubOf, startSession, timer } from "./focus-helpers";
import { createTask, newUser, registerUser } from "./helpers";

const db = createDb(env.DB);
const at = (iso: string) => new Date(iso);

async function record(user: { id: string; timeZone: string }, events: AnalyticsEvent[], now: Date) {
  const [first, ...rest] = analyticsStatements(db, user, events, now);
  if (!first) throw new Error("no statements");
  await db.batch([first, ...rest]);
}

/** date → the day's counters and its non-zero hours. */
async function days(userId: string) {
  const rows = await db.select().from(dailyAnalytics).where(eq(dailyAnalytics.userId, userId));
  return Object.fromEntries(
    rows.map((row) => {
      const hourly = JSON.parse(row.hourlyActivity) as number[];
      const hours = Object.fromEntries(hourly.flatMap((value, hour) => (value > 0 ? [[hour, value]] : [])));
      return [
        row.date,
        {
          sessions: row.focusSessionsCompleted,
          minutes: row.totalFocusMinutes,
          busiest: row.mostProductiveHour,
          hours,
        },
      ];
    }),
  );
}

describe("focus minutes go to the local hours they were focused in", () => {
  it("splits a session across the hours it spans", async () => {
    const user = await newUser();
    const focus: AnalyticsEvent = { type: "focus-completed", minutes: 50, startedAt: at("2026-03-10T09:40:00Z") };
    await record(user, [focus], at("2026-03-10T10:30:00Z"));
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 50, busiest: 10, hours: { 9: 20, 10: 30 } },
    });
  });

  it("follows local hours in a zone with a half-hour offset", async () => {
    const user = await newUser("Asia/Kolkata"); // UTC+05:30
    const focus: AnalyticsEvent = { type: "focus-completed", minutes: 60, startedAt: at("2026-03-10T04:00:00Z") };
    await record(user, [focus], at("2026-03-10T05:00:00Z")); // 09:30–10:30 local
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 60, busiest: 9, hours: { 9: 30, 10: 30 } },
    });
  });

  it("puts the minutes before the day's start (04:00) on the day before; the session counts on the day it ended", async () => {
    const user = await newUser("Asia/Tokyo"); // UTC+9
    // 03:50 to 04:20 in Tokyo.
    const focus: AnalyticsEvent = { type: "focus-completed", minutes: 30, startedAt: at("2026-03-10T18:50:00Z") };
    await record(user, [focus], at("2026-03-10T19:20:00Z"));
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 0, minutes: 10, busiest: 3, hours: { 3: 10 } },
      "2026-03-11": { sessions: 1, minutes: 20, busiest: 4, hours: { 4: 20 } },
    });
    // Across midnight the night is one day.
    const night = await newUser("Asia/Tokyo");
    await record(night, [{ ...focus, startedAt: at("2026-03-10T14:50:00Z") }], at("2026-03-10T15:20:00Z"));
    expect(await days(night.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 30, busiest: 0, hours: { 23: 10, 0: 20 } },
    });
  });

  it("adds to what the hours already hold, and the parts always add up to the minutes", async () => {
    const user = await newUser();
    await record(user, [{ type: "task-completed", priority: false }], at("2026-03-10T11:05:00Z"));
    // 25 minutes spread over 10:50–11:20 (a pause in between): 1/3 and 2/3, rounded to 8 + 17.
    const focus: AnalyticsEvent = { type: "focus-completed", minutes: 25, startedAt: at("2026-03-10T10:50:00Z") };
    await record(user, [focus], at("2026-03-10T11:20:00Z"));
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 25, busiest: 11, hours: { 10: 8, 11: 18 } },
    });
  });

  it("leaves the pauses out: the minutes go to the hours actually focused", async () => {
    const user = await newUser();
    // 09:40–10:30 with a pause 09:50–10:20: ten minutes in each hour (spread evenly it would be 8 + 12).
    const pauses = [{ from: at("2026-03-10T09:50:00Z").getTime(), to: at("2026-03-10T10:20:00Z").getTime() }];
    const focus: AnalyticsEvent = {
      type: "focus-completed",
      minutes: 20,
      startedAt: at("2026-03-10T09:40:00Z"),
      pauses,
    };
    await record(user, [focus], at("2026-03-10T10:30:00Z"));
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 20, busiest: 9, hours: { 9: 10, 10: 10 } },
    });
  });

  it("clips pauses to the run, in any order, and a run paused throughout counts at its end", async () => {
    const user = await newUser();
    const ms = (time: string) => at(`2026-03-10T${time}:00Z`).getTime();
    // Pauses reaching past both ends of 09:40–10:30 leave 09:45–10:20 focused: 15 + 20.
    const clipped: AnalyticsEvent = {
      type: "focus-completed",
      minutes: 35,
      startedAt: at("2026-03-10T09:40:00Z"),
      pauses: [
        { from: ms("10:20"), to: ms("10:40") },
        { from: ms("09:30"), to: ms("09:45") },
      ],
    };
    await record(user, [clipped], at("2026-03-10T10:30:00Z"));
    const throughout: AnalyticsEvent = {
      type: "focus-completed",
      minutes: 1,
      startedAt: at("2026-03-10T11:10:00Z"),
      pauses: [{ from: ms("11:10"), to: ms("12:40") }],
    };
    await record(user, [throughout], at("2026-03-10T12:40:00Z"));
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 2, minutes: 36, busiest: 10, hours: { 9: 15, 10: 20, 12: 1 } },
    });
  });

  it("completeFocusSession hands the session's start to the recorder", async () => {
    const user = await newUser();
    const row = await env.DB.prepare(
      "insert into focus_sessions (user_id, duration, started_at, is_completed) values (?, 3600, ?, 0) returning id",
    )
      .bind(user.id, at("2026-03-10T13:45:00Z").getTime())
      .first<{ id: number }>();
    const outcome = await completeFocusSession(db, user, row?.id ?? 0, 3600, at("2026-03-10T14:45:00Z"));
    expect(outcome).toBe("completed");
    expect(await days(user.id)).toEqual({
      "2026-03-10": { sessions: 1, minutes: 60, busiest: 14, hours: { 13: 15, 14: 45 } },
    });
  });
});

describe("the hub hands a run's pauses to the analytics", () => {
  /** A focus run of an hour, moved back to 09:40 UTC on 2026-03-10 and paused there at 09:50. */
  async function runPausedLongAgo() {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const started = await startSession(token, task.id, 3600);
    expect((await timer(token, "pause")).status).toBe(200);
    const startedAt = at("2026-03-10T09:40:00Z").getTime();
    await env.DB.prepare("update focus_sessions set started_at = ? where id = ?").bind(startedAt, started.id).run();
    await runInDurableObject(hubOf(user.id), (_hub, state) => {
      const stored = state.storage.kv.get<TimerState>("timer");
      if (!stored) throw new Error("no run");
      state.storage.kv.put("timer", { ...stored, startedAt, pausedAt: startedAt + 10 * 60_000, pausedTotalMs: 0 });
    });
    return { token, user };
  }

  it("a run resumed after a long pause and ended counts its ten minutes at 09:40–09:50", async () => {
    const { token, user } = await runPausedLongAgo();
    expect((await timer(token, "resume")).status).toBe(200);
    expect((await timer(token, "end")).status).toBe(200);
    expect((await days(user.id))["2026-03-10"]).toEqual({ sessions: 0, minutes: 10, busiest: 9, hours: { 9: 10 } });
  });

  it("a run ended while paused counts the pause so far as a pause too", async () => {
    const { token, user } = await runPausedLongAgo();
    expect((await timer(token, "end")).status).toBe(200);
    expect((await days(user.id))["2026-03-10"]).toEqual({ sessions: 0, minutes: 10, busiest: 9, hours: { 9: 10 } });
  });
});
