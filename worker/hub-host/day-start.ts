import type { Context } from "hono";
import { CHANGE_SUBSCRIBERS } from "../change-subscribers";
import { type DayStartOwner, dayNotBegun, runDayStartStep } from "../day/day-start";
import type { Db } from "../db/client";
import type { AppEnv, SessionUser } from "../env";
import { announceDayBegun, type DaySettings } from "../hub/hub-client";

/*
 * The day start, composed (docs/decisions/259-the-day-begins-on-the-server.md). What a person's day
 * needs prepared in D1 is a change subscriber that follows the `day-began` event, wired once with the
 * others in worker/change-subscribers.ts (the routines' occurrences: worker/routines/change-subscriber.ts);
 * what the hub prepares once the day has begun (the day's morning nudge, armed from D1's settings)
 * is worker/hub-host/user-hub.ts's dayBegan.
 */

/**
 * Whether the person's hub has something to prepare at their day starts, and so keeps a day-start
 * row: a morning nudge that is on, or a routine that is not paused (its occurrence is made at the
 * day's start whether or not the app is open: docs/decisions/281-one-occurrence-made-at-day-start.md).
 * A hub with nothing to prepare is not woken every day; the first read of the day runs the step for
 * everyone.
 */
export function hubPreparesDay(settings: DaySettings): boolean {
  return settings.reminderTime !== null || settings.routines === true;
}

/** The day-start step through the change pipeline, with the app's subscribers (worker/day/day-start.ts): once per person and day. */
export function beginDay(db: Db, owner: DayStartOwner, now: Date) {
  return runDayStartStep(db, owner, now, CHANGE_SUBSCRIBERS);
}

/**
 * A read found the person's rows saying today has not begun (readAsUser's session check reads
 * users.day_begun in its batch, so the check costs no round trip): the step runs first, before the
 * read answers. Of reads racing, one begins the day; that one tells the hub, which prepares it.
 * Answers true when the rows said the day was new: what the read's batch read came before the day's
 * start (today's routine occurrences among it), and is read again.
 */
export async function beginDayOnRead(c: Context<AppEnv>, user: SessionUser, dayBegun: string | null): Promise<boolean> {
  const now = new Date();
  if (!dayNotBegun(dayBegun, user, now)) return false;
  const result = await beginDay(
    c.var.db,
    { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour },
    now,
  );
  if (result.begun && hubPreparesDay(result.settings)) {
    const told = announceDayBegun(c.env, result.settings);
    try {
      c.executionCtx.waitUntil(told);
    } catch {
      // No execution context (a direct app.fetch without one): the call still settles on its own.
    }
  }
  return true;
}
