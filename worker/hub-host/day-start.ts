import type { Context } from "hono";
import { CHANGE_SUBSCRIBERS } from "../change-subscribers";
import { tellHub } from "../changes/tell-hub";
import { type DayStartOwner, dayNotBegun, runDayStartStep } from "../day/day-start";
import type { Db } from "../db/client";
import type { AppEnv, SessionUser } from "../env";
import { hubPreparesDay } from "./hub-parts";

/*
 * The day start, composed (docs/decisions/259-the-day-begins-on-the-server.md). What a person's day
 * needs prepared in D1 is a change subscriber that follows the `day-began` event, wired once with the
 * others in worker/change-subscribers.ts (the routines' occurrences: worker/routines/change-subscriber.ts);
 * what the hub prepares once the day has begun is each of its parts' day (./hosted-parts.ts), told
 * the step's events like any change's (docs/decisions/381-one-message-from-a-change-to-the-hub.md).
 */

/** The day-start step through the change pipeline, with the app's subscribers (worker/day/day-start.ts): once per person and day. */
export function beginDay(db: Db, owner: DayStartOwner, now: Date) {
  return runDayStartStep(db, owner, now, CHANGE_SUBSCRIBERS);
}

/**
 * A read found the person's rows saying today has not begun (readAsUser's session check reads
 * users.day_begun in its batch, so the check costs no round trip): the step runs first, before the
 * read answers. Of reads racing, one begins the day; that one tells the hub its events, after the
 * answer, when the hub has something to prepare or to let go of (a timer about an occurrence the day
 * start removed). Answers true when the rows said the day was new: what the read's batch read came
 * before the day's start (today's routine occurrences among it), and is read again.
 */
export async function beginDayOnRead(c: Context<AppEnv>, user: SessionUser, dayBegun: string | null): Promise<boolean> {
  const now = new Date();
  if (!dayNotBegun(dayBegun, user, now)) return false;
  const result = await beginDay(
    c.var.db,
    { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour },
    now,
  );
  const removed = result.begun && result.events.some((event) => event.type === "tasks-removed");
  if (result.begun && (removed || hubPreparesDay(result.person))) {
    const told = tellHub(c.env, user.id, { events: result.events, tab: null, person: result.person });
    try {
      c.executionCtx.waitUntil(told);
    } catch {
      // No execution context (a direct app.fetch without one): the call still settles on its own.
    }
  }
  return true;
}
