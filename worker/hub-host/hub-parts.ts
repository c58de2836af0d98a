import type { ServerFrame } from "../../shared/schemas/live";
import type { SignInRecords } from "../auth/sign-in-records";
import type { ChangeEvent, ChangeNews } from "../changes/events";
import { type DailyPushSpec, dailyPushPart } from "../day/daily-push";
import { adoptLegacyNudge, MORNING_NUDGE } from "../day/plan-reminder";
import { EVENING_CLOSE } from "../day-close/close-reminder";
import type { FocusTimer } from "../focus/focus-timer";
import type { HubHost, HubPart, PersonRow } from "../hub/hub-part";
import type { HubSockets } from "./hub-sockets";

/*
 * The one list of the person's hub's parts (docs/decisions/380-the-hub-hosts-parts.md): the host
 * builds its table of jobs, what it does after a change and at a day's start from it
 * (./hosted-parts.ts). A new timed part is one entry; a new push at a wall time is one DailyPushSpec.
 */

/**
 * The pushes at a person's wall time, daily or on given weekdays, each one entry: the morning nudge
 * and the evening close. A hub made after an entry is added hosts it.
 */
export const DAILY_PUSHES: DailyPushSpec[] = [MORNING_NUDGE, EVENING_CLOSE];

/** Sign-in's records keep the sessions that ended, and their sockets close, saying why when there is a reason. */
function sessionsPart(signIn: SignInRecords, sockets: HubSockets): HubPart<ChangeEvent> {
  return {
    follows: ["sessions-ended"],
    followChange: async ({ events }, now) => {
      for (const event of events) {
        if (event.type !== "sessions-ended" || event.sessionIds.length === 0) continue;
        signIn.revoke(event.sessionIds, now, event.reason);
        sockets.closeSessions(event.sessionIds, event.reason);
      }
    },
  };
}

/** Hubs from before the one schedule kept the nudge under its own key: it becomes the nudge's row. */
function legacyNudgePart({ kv, schedule }: HubHost): HubPart<ChangeEvent> {
  return { mend: () => adoptLegacyNudge(kv, (at, payload) => schedule.put(MORNING_NUDGE.kind, at, payload)) };
}

/** The parts of a person's hub, in the order they follow a change and a day's start: the timer first. */
export function hubParts(
  host: HubHost,
  { timer, signIn, sockets }: { timer: FocusTimer; signIn: SignInRecords; sockets: HubSockets },
): HubPart<ChangeEvent>[] {
  return [
    timer,
    sessionsPart(signIn, sockets),
    legacyNudgePart(host),
    ...DAILY_PUSHES.map((spec) => dailyPushPart<ChangeEvent>(host, spec)),
  ];
}

/**
 * Whether the person's hub has something to prepare at their day starts, and so keeps a day-start
 * row: a push that is armed again then (the morning nudge, while on), or a routine that is not paused
 * (its occurrence is made at the day's start whether or not the app is open:
 * docs/decisions/281-one-occurrence-made-at-day-start.md). A hub with nothing to prepare is not woken
 * every day; the first read of the day runs the step for everyone.
 */
export function hubPreparesDay(person: PersonRow): boolean {
  return (
    person.routinesActive || DAILY_PUSHES.some((spec) => spec.wakesAtDayStart === true && spec.when(person) !== null)
  );
}

/**
 * Which frame an event sends every open tab: a change of tasks, of the day (read again whole), of
 * the person's settings (the user read again, and the day), or none.
 */
const FRAME_OF: Record<ChangeEvent["type"], "tasks-changed" | "day-changed" | "settings-changed" | null> = {
  "tasks-created": "tasks-changed",
  "task-finished": "tasks-changed",
  "tasks-edited": "tasks-changed",
  "tasks-removed": "tasks-changed",
  "tasks-restored": "tasks-changed",
  "everything-cleared": "tasks-changed",
  "task-reopened": "day-changed",
  "day-planned": "day-changed",
  "day-skipped": "day-changed",
  "day-closed": "day-changed",
  "no-items-said-again": "day-changed",
  "analytics-cleared": "day-changed",
  "day-settings-changed": "day-changed",
  "settings-changed": "settings-changed",
  // A focus run's end is the timer's own frame; sessions close their sockets; the account's wipe closes all.
  "focus-finished": null,
  "sessions-ended": null,
  "notifications-turned-on": null,
  "account-deleted": null,
  "day-began": null,
};

/**
 * The one frame a change sends every open socket, or null: `settings-changed` when the person
 * changed their settings (devices read the user again, and the day: every tab reads the day, the
 * tab named skips only the user, which its form read already:
 * docs/decisions/398-a-change-of-settings-reaches-every-device.md), `day-changed` when it changed
 * the day (devices read it as a change of tasks too), else `tasks-changed`, naming the tab that
 * made it so that tab skips its echo (docs/decisions/161-tab-skips-own-live-echo.md). New day
 * settings without the person's (routines on or off) name no tab: the form that made the change may
 * not be the one showing the day. A day's start sends none: each device reads its day again at the
 * day's end.
 */
export function liveFrameOf({ events, tab }: ChangeNews): ServerFrame | null {
  const frames = new Set(events.map((event) => FRAME_OF[event.type]));
  if (events.some((event) => event.type === "day-began")) return null;
  if (frames.has("settings-changed")) return { type: "settings-changed", tab };
  if (events.some((event) => event.type === "day-settings-changed")) return { type: "day-changed" };
  if (frames.has("day-changed")) return { type: "day-changed", tab };
  return frames.has("tasks-changed") ? { type: "tasks-changed", tab } : null;
}
