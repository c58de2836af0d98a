import type { Context } from "hono";
import { CHANGE_SUBSCRIBERS } from "../change-subscribers";
import { tellHub } from "../changes/tell-hub";
import type { Db } from "../db/client";
import type { AppEnv } from "../env";
import { type DayStartOwner, runDayStartStep } from "../today/day-start";
import { hubPreparesDay } from "./hub-parts";

/*
 * The day start, composed (docs/decisions/259-the-day-begins-on-the-server.md). What a person's day
 * needs prepared in D1 is a change subscriber that follows the `day-began` event, wired once with the
 * others in worker/change-subscribers.ts (the routines' occurrences: worker/routines/change-subscriber.ts);
 * what the hub prepares once the day has begun is each of its parts' day (./hosted-parts.ts), told
 * the step's events like any change's (docs/decisions/381-one-message-from-a-change-to-the-hub.md).
 * A request begins it through the beginDay door (worker/today/begin-day.ts), with the same
 * subscribers from its context.
 */

/** The day-start step through the change pipeline, with the app's subscribers (worker/today/day-start.ts): once per person and day. */
export function runDayStart(db: Db, owner: DayStartOwner, now: Date) {
  return runDayStartStep(db, owner, now, CHANGE_SUBSCRIBERS);
}

/**
 * A request's session check began the person's day (the beginDay door, worker/today/begin-day.ts)
 * and the route told the hub no change (which would have told the day's news first:
 * worker/changes/tell-hub.ts): once the route has answered, the hub is told the step's events when
 * it has something to prepare or to let go of (a timer about an occurrence the day start removed),
 * as its own row would have; a person with nothing to prepare costs no wake-up
 * (docs/decisions/404-the-day-begun-by-a-named-door.md).
 */
export function tellHubOfDayBegun(c: Context<AppEnv>): void {
  const { dayBegan } = c.var;
  if (!dayBegan) return;
  const { userId, news } = dayBegan;
  const removed = news.events.some((event) => event.type === "tasks-removed");
  if (!removed && !(news.person && hubPreparesDay(news.person))) return;
  const told = tellHub(c.env, userId, news);
  try {
    c.executionCtx.waitUntil(told);
  } catch {
    // No execution context (a direct app.fetch without one): the call still settles on its own.
  }
}
