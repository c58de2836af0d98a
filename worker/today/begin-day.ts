import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../env";
import { dayNotBegun, runDayStartStep } from "./day-start";

declare module "hono" {
  interface ContextVariableMap {
    /**
     * Set by the `beginDay` door: the route's session check begins the person's day when their
     * rows say today has not begun (docs/decisions/404-the-day-begun-by-a-named-door.md).
     */
    beginsDay: true;
  }
}

/**
 * THE day-start door, named in a route's chain right after requireUser: that route's one session
 * check (readAsUser, worker/auth/session-read.ts) reads the person's last begun day in its batch and,
 * when today has not begun, runs the day-start step before it answers, so the first read of a day
 * answers with the day begun (docs/decisions/259-the-day-begins-on-the-server.md). It reads nothing
 * itself: a day begun costs no round trip. A route that does not name it (sign-out, the live
 * ticket, the account's deletion) leaves the day to the next one that does, or to the hub.
 */
export const beginDay = createMiddleware<AppEnv>(async (c, next) => {
  c.set("beginsDay", true);
  await next();
});

/**
 * The session check found the person's day at `dayBegun`: on a route that names beginDay, a day not
 * begun begins now, with the request's change subscribers (worker/today/day-start.ts). Of reads
 * racing, one begins the day; that one leaves its news for the hub in `dayBegan`
 * (worker/changes/tell-hub.ts: docs/decisions/404-the-day-begun-by-a-named-door.md). Answers true when the rows
 * said the day was new: what the read's batch read came before the day's start (today's routine
 * occurrences among it), and is read again.
 */
export async function beginDayOnRead(c: Context<AppEnv>, user: SessionUser, dayBegun: string | null): Promise<boolean> {
  if (!c.var.beginsDay) return false;
  const now = new Date();
  if (!dayNotBegun(dayBegun, user, now)) return false;
  const { subscribers } = c.var;
  if (!subscribers) throw new Error("the app sets the change subscribers before any route (worker/app.ts)");
  const result = await runDayStartStep(
    c.var.db,
    { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour },
    now,
    subscribers,
  );
  if (result.begun) {
    c.set("dayBegan", { userId: user.id, news: { events: result.events, tab: null, person: result.person } });
  }
  return true;
}
