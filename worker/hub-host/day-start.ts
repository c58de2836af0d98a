import type { Context } from "hono";
import { type DayStartOwner, type DayStartStatements, dayNotBegun, runDayStartStep } from "../day/day-start";
import type { Db } from "../db/client";
import type { AppEnv, SessionUser } from "../env";
import { announceDayBegun, type DaySettings } from "../hub/hub-client";

/*
 * The day-start subscribers, wired once (docs/decisions/259-the-day-begins-on-the-server.md). What
 * a person's day needs prepared goes here: statements for the step's one D1 batch (the routines of a
 * later issue), and what the hub prepares once the day has begun (the day's morning nudge, armed
 * from D1's settings: worker/hub-host/user-hub.ts, dayBegan).
 */

/** The D1 side: statements each subscriber adds to the day-start batch. None yet. */
const DAY_START_STATEMENTS: readonly DayStartStatements[] = [];

/**
 * Whether the person's hub has something to prepare at their day starts, and so keeps a day-start
 * row: today, a morning nudge that is on. A hub with nothing to prepare is not woken every day; the
 * first read of the day runs the step for everyone.
 */
export function hubPreparesDay(settings: DaySettings): boolean {
  return settings.reminderTime !== null;
}

/** The day-start step with the subscribers' statements (worker/day/day-start.ts): once per person and day. */
export function beginDay(db: Db, owner: DayStartOwner, now: Date) {
  return runDayStartStep(db, owner, now, DAY_START_STATEMENTS);
}

/**
 * A read found the person's rows saying today has not begun (readAsUser's session check reads
 * users.day_begun in its batch, so the check costs no round trip): the step runs first, before the
 * read answers. Of reads racing, one begins the day; that one tells the hub, which prepares it.
 */
export async function beginDayOnRead(c: Context<AppEnv>, user: SessionUser, dayBegun: string | null): Promise<void> {
  const now = new Date();
  if (!dayNotBegun(dayBegun, user, now)) return;
  const result = await beginDay(
    c.var.db,
    { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour },
    now,
  );
  if (result.begun && hubPreparesDay(result.settings)) {
    c.executionCtx.waitUntil(announceDayBegun(c.env, result.settings));
  }
}
