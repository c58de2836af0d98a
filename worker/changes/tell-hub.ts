import type { Context } from "hono";
import type { AppEnv, Bindings } from "../env";
import { requestingTab, tellSafely, userHub } from "../hub/hub-client";
import type { ChangeEvent, ChangeNews } from "./events";

/*
 * A committed change told to the person's hub: ONE call, with the change's events, whatever the
 * change did (docs/decisions/381-one-message-from-a-change-to-the-hub.md). The hub's parts each read
 * what they need from them: the timer lets go of a removed task, sign-in's records keep the sessions
 * that ended, the pushes follow the settings stored, every open tab is sent its frame naming the tab
 * that made the change (docs/decisions/161-tab-skips-own-live-echo.md). A failure is logged: what D1
 * holds stands.
 */

declare module "hono" {
  interface ContextVariableMap {
    /**
     * The news of a day the request's session check began (worker/today/begin-day.ts), not yet told:
     * a change of the request tells it first, so the hub follows the day's start before the change
     * (its settings, its person's row); a request that changes nothing has it told after the answer,
     * when the hub has something to prepare (worker/hub-host/day-start.ts, from worker/app.ts).
     */
    dayBegan: { userId: string; news: ChangeNews } | undefined;
  }
}

/** Events whose change answers only once the hub has followed them (the answer follows the timer, a revocation, the settings). */
const ANSWER_WAITS_FOR: ReadonlySet<ChangeEvent["type"]> = new Set([
  "tasks-removed",
  "everything-cleared",
  "sessions-ended",
  "day-settings-changed",
  "notifications-turned-on",
  "account-deleted",
]);

/** Tells the hub of `userId` the news: `changed`, one RPC. */
export function tellHub(env: Bindings, userId: string, news: ChangeNews): Promise<void> {
  return tellSafely("about a change", () => userHub(env, userId).changed(news));
}

/**
 * A request's committed change told to the person's hub, naming the request's tab. A change the
 * answer waits for is awaited; a plain one goes in `waitUntil`, after the answer.
 */
export function tellHubOfRequest(c: Context<AppEnv>, userId: string, events: readonly ChangeEvent[]): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  tellDayBegunFirst(c);
  const told = tellHub(c.env, userId, { events, tab: requestingTab(c) });
  if (events.some((event) => ANSWER_WAITS_FOR.has(event.type))) return told;
  c.executionCtx.waitUntil(told);
  return Promise.resolve();
}

/** The news of the day the request began, told before its change's (and once): see `dayBegan`. */
function tellDayBegunFirst(c: Context<AppEnv>): void {
  const { dayBegan } = c.var;
  if (!dayBegan) return;
  c.set("dayBegan", undefined);
  c.executionCtx.waitUntil(tellHub(c.env, dayBegan.userId, dayBegan.news));
}
