import { and, eq, gte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { abortBatchIf, abortedBy } from "../db/batch-guard";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { type DaySettings, daySettingsOf } from "../hub/hub-client";
import { todayOf } from "./today";

/*
 * The day begins on the server (docs/decisions/259-the-day-begins-on-the-server.md). Whether a
 * person's day has begun is a fact in their D1 row (users.day_begun, the last begun day), not in the
 * hub: the hub's schedule only wakes it at the day's start. The day-start step sets that fact once
 * per person and day, in one batch with what the day-start subscribers prepare, whoever gets there
 * first: the hub's day-start row, or the first read of the day (worker/auth/session-read.ts).
 */

/** Whose day: the person, their zone and the hour their day starts. */
export type DayStartOwner = { userId: string; timeZone: string; dayStartHour: number };

/** What a day-start subscriber adds to the step's one batch: statements that prepare the person's day. */
export type DayStartStatements = (db: Db, owner: DayStartOwner, today: string) => BatchItem<"sqlite">[];

/** What the step did: whether this run began the day (exactly one run per day does), and the day. */
export type DayStartResult = { begun: true; today: string; settings: DaySettings } | { begun: false; today: string };

/** Whether the person's rows say a day has begun since `dayBegun` (null: none yet): today's has not. */
export function dayNotBegun(dayBegun: string | null, owner: Omit<DayStartOwner, "userId">, now: Date): boolean {
  return dayBegun === null || dayBegun < todayOf(owner, now).date;
}

/** The instant the person's next day starts after `now` (ms): the end of the day `now` lies in. */
export function nextDayStartAt(owner: Omit<DayStartOwner, "userId">, now: number): number {
  return todayOf(owner, new Date(now)).endsAt.getTime();
}

/**
 * The day-start step: ONE D1 batch that sets users.day_begun to today and runs what the subscribers
 * prepare, guarded so that it runs once per person and day however many run it at once (the guard
 * repeats "not begun yet" as the batch's first statement; a run that loses the race fails whole and
 * answers begun: false). The winner also reads back the person's day settings from D1 (the truth
 * the hub re-arms from).
 */
export async function runDayStartStep(
  db: Db,
  owner: DayStartOwner,
  now: Date,
  subscribers: readonly DayStartStatements[],
): Promise<DayStartResult> {
  const today = todayOf(owner, now).date;
  try {
    const results = await db.batch([
      abortBatchIf(
        db,
        users,
        sql`exists (select 1 from ${users} where ${and(eq(users.id, owner.userId), gte(users.dayBegun, today))})`,
      ),
      db.update(users).set({ dayBegun: today }).where(eq(users.id, owner.userId)),
      ...subscribers.flatMap((statements) => statements(db, owner, today)),
      db.select().from(users).where(eq(users.id, owner.userId)).limit(1),
    ]);
    const [user] = results[results.length - 1] as (typeof users.$inferSelect)[];
    if (!user) return { begun: false, today };
    return { begun: true, today, settings: daySettingsOf(user) };
  } catch (err) {
    if (abortedBy(err, users)) return { begun: false, today };
    throw err;
  }
}
