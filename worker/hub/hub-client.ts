import type { Context } from "hono";
import type { SessionEndReason } from "../../shared/live-protocol";
import { TAB_HEADER, TAB_ID_PATTERN } from "../../shared/live-protocol";
import type { users } from "../db/schema";
import type { AppEnv, Bindings } from "../env";

/** What a change of tasks asks of the focus timer (worker/focus/focus-timer.ts). */
export type TimerAfterTasksChange = {
  /** Tasks that are gone (deleted, cleared from the "No" list) or "all" of them (Clear Tasks). */
  removedTasks?: readonly number[] | "all";
  /** Start Fresh: the timer goes back to idle whatever it is about. */
  resetTimer?: boolean;
};

/** What a change of tasks did, for the hub's one call about it (UserHub.tasksChanged). */
export type TasksChange = TimerAfterTasksChange & {
  /** The tab that made the change (the X-Onething-Tab header it sent), or null when unknown. */
  tab: string | null;
  /**
   * The change also changed the state of the person's day (planned, a "No" item said again, a task
   * reopened): the one frame is `day-changed`, which devices read as a change of tasks too.
   */
  dayChanged?: boolean;
};

/**
 * What the person's hub is told after a change (worker/changes/events.ts derives it from the
 * change's events). Unless `tasksChanged` is false, the tasks (or the day) changed: the timer
 * follows (`removedTasks`, `resetTimer`) and every device refetches.
 */
export type ChangeAnnouncement = TimerAfterTasksChange & {
  /** The change also changed the person's day: the one frame is `day-changed` rather than `tasks-changed`. */
  dayChanged?: boolean;
  /** Only what follows is told (sessions, settings, a wipe): no tasks changed. */
  tasksChanged?: false;
  /** Sign-in sessions that ended, and why when there is a reason to say. */
  sessionsEnded?: { sessionIds: readonly string[]; reason?: SessionEndReason };
  /** The day's new settings, as the person's row stores them. */
  daySettings?: DaySettings;
  /** The account is gone: the hub is wiped, keeping only these revoked sessions until their tokens expire. */
  wiped?: { revokedSessionIds: readonly string[] };
};

/**
 * The settings of a person's day as their hub keeps them: the zone and start hour its day starts are
 * scheduled by, and the morning nudge's local time (null: off).
 */
export type DaySettings = {
  userId: string;
  timeZone: string;
  dayStartHour: number;
  reminderTime: string | null;
  /**
   * The person database of the person's rows, so the hub's alarms write there
   * (docs/decisions/274-the-hub-learns-the-home.md); a hub's row from before homes has none: 0.
   */
  home?: number;
  /** The person has a routine that is not paused: its occurrences are made at each day start (absent in rows kept before routines). */
  routines?: boolean;
  /** The evening close's local time (docs/decisions/291-the-evening-close.md); null: off. Absent from rows stored before it. */
  closeTime?: string | null;
};

/** The day's settings of a users row. */
export function daySettingsOf(user: typeof users.$inferSelect): DaySettings {
  return {
    userId: user.id,
    home: user.home,
    timeZone: user.timeZone,
    dayStartHour: user.dayStartHour,
    reminderTime: user.planReminderEnabled ? user.planReminderTime : null,
    routines: user.routinesActive,
    closeTime: user.dayCloseEnabled ? user.dayCloseTime : null,
  };
}

/*
 * Every call the Worker makes to a person's hub (worker/hub-host/user-hub.ts) goes through here. What a
 * capability stored in D1 already stands whatever becomes of the call: the ones that only tell the
 * hub (and through it every open tab) log a failure rather than turn a saved change into an error.
 */

/** The person's hub (one Durable Object per person, by their id). */
export function userHub(env: Bindings, userId: string) {
  return env.USER_HUB.getByName(userId);
}

/** Runs a call that only tells the hub something; a failure is logged, never thrown. */
async function tell(what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    console.error(`could not tell the user's hub ${what}`, err);
  }
}

/**
 * The tab that sent this request (its X-Onething-Tab header), or null: a client that sends none,
 * or a malformed one, only means no tab skips the echo.
 */
export function requestingTab(c: Context<AppEnv>): string | null {
  const tab = c.req.header(TAB_HEADER);
  return tab !== undefined && TAB_ID_PATTERN.test(tab) ? tab : null;
}

/**
 * A change of the user's tasks, stored already: ONE call to their hub, which first lets go of a
 * timer about removed tasks (or resets it for Start Fresh) and then tells every open tab and device
 * to refetch, naming the tab that made the change (docs/decisions/161-tab-skips-own-live-echo.md).
 *
 * A change that touches the timer is awaited (the answer follows the timer's new state); a plain
 * one goes in `waitUntil`, after the answer.
 */
function announceTasksChanged(c: Context<AppEnv>, userId: string, timer: Omit<TasksChange, "tab"> = {}): Promise<void> {
  const sent = tell("about a change of tasks", () =>
    userHub(c.env, userId).tasksChanged({ ...timer, tab: requestingTab(c) }),
  );
  if (timer.removedTasks !== undefined || timer.resetTimer) return sent;
  c.executionCtx.waitUntil(sent);
  return Promise.resolve();
}

/**
 * A change, committed already (worker/changes/pipeline.ts), told to the person's hub: ONE call of
 * the client, whatever the change did. An account deleted wipes the hub (which closes every socket
 * and keeps the sessions just revoked); otherwise the sessions that ended are closed, the day's
 * settings followed, and a change of tasks announced, in that order. A failure is logged: what D1
 * holds stands.
 */
export async function announceChange(
  c: Context<AppEnv>,
  userId: string,
  announcement: ChangeAnnouncement,
): Promise<void> {
  const { tasksChanged, sessionsEnded, daySettings, wiped, ...tasks } = announcement;
  if (wiped) {
    try {
      await wipeUserHub(c.env, userId, wiped.revokedSessionIds);
    } catch (err) {
      // The account is gone already; a timer left running finds no session row to complete and
      // writes nothing (completeFocusSession answers "missing").
      console.error("wiping the hub of a deleted account failed", err);
    }
    return;
  }
  if (sessionsEnded) await announceRevokedSessions(c.env, userId, sessionsEnded.sessionIds, sessionsEnded.reason);
  if (daySettings) await announceDaySettings(c.env, daySettings);
  if (tasksChanged !== false) await announceTasksChanged(c, userId, tasks);
}

/**
 * The settings of the person's day changed (time zone, start hour, morning nudge): the hub moves the
 * nudge's row to its new time (worker/day/plan-reminder.ts) and the next day start to the new zone
 * and hour (worker/day/day-start.ts), and tells every open tab and device (`day-changed`), so the
 * day's figures follow at once. D1 holds the settings and the hub reads them again at each day start
 * and before sending a nudge.
 */
async function announceDaySettings(env: Bindings, settings: DaySettings): Promise<void> {
  await tell("that the day's settings changed", () => userHub(env, settings.userId).daySettingsChanged(settings));
}

/**
 * The person's day began (the step of worker/day/day-start.ts ran on a read): the hub prepares the
 * day (the morning nudge, armed from these settings, read from D1 by the step) and schedules the
 * next day start.
 */
export async function announceDayBegun(env: Bindings, settings: DaySettings): Promise<void> {
  await tell("that the day began", () => userHub(env, settings.userId).dayBegan(settings));
}

/**
 * Sign-in sessions were just revoked: the hub remembers them (worker/auth/sign-in-records.ts) and
 * closes their live sockets. The revocation is stored in D1 already, which writes and tickets check
 * on the primary.
 */
async function announceRevokedSessions(
  env: Bindings,
  userId: string,
  sessionIds: readonly string[],
  why?: SessionEndReason,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await tell("about revoked sessions", () => userHub(env, userId).closeSessions(sessionIds, why));
}

/**
 * Why a sign-in session ended, when the user's hub was told a reason (a password change, a
 * sign-out everywhere, the session cap); null otherwise or when the hub cannot be reached. Asked
 * only for a request about to answer 401, so its answer can say why.
 */
export async function sessionEndReason(env: Bindings, userId: string, sessionId: string) {
  try {
    return await userHub(env, userId).sessionEndReason(sessionId);
  } catch (err) {
    console.error("could not ask the hub why a session ended", err);
    return null;
  }
}

/** Whether the user's hub knows this sign-in session as revoked (announceRevokedSessions); throws when unreachable. */
export async function revokedInHub(env: Bindings, userId: string, sessionId: string): Promise<boolean> {
  return userHub(env, userId).sessionRevoked(sessionId);
}

/** Account deletion: the hub closes every socket and forgets everything but the sessions just revoked. */
async function wipeUserHub(env: Bindings, userId: string, revokedSessionIds: readonly string[]): Promise<void> {
  await userHub(env, userId).wipe(revokedSessionIds);
}
