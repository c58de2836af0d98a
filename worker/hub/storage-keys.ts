/*
 * Every key the person's hub keeps in its storage, with the part that owns it: one list, so two
 * parts cannot pick the same key and a wipe knows what it drops. A part reads and writes only its
 * own keys (docs/decisions/205-hub-host-with-parts.md).
 */

/** Single keys. */
export const HUB_KEYS = {
  /** The focus timer's state (worker/focus/focus-timer.ts). */
  timer: "timer",
  /** Whose timer it is: the user, their zone and day start hour, for the alarm's D1 writes (focus-timer.ts). */
  timerOwner: "owner",
  /** The finished pauses of the focus run under way, so its minutes go to the hours focused (focus-timer.ts). */
  pauses: "pauses",
  /**
   * The morning nudge's settings and next instant as hubs kept them before the one schedule
   * (worker/day/plan-reminder.ts): read once and moved onto the schedule
   * (docs/decisions/258-one-schedule-in-the-hub.md).
   */
  legacyPlanReminder: "plan-reminder",
} as const;

/** Families of keys, prefix + id, each holding when it may be dropped (worker/auth/sign-in-records.ts). */
export const HUB_KEY_PREFIXES = {
  /** `revoked-session:<sid>` → when its token expires (ms), or {until, why} when there is a reason to tell. */
  revokedSession: "revoked-session:",
  /** `ticket:<jti>` → when the redeemed live ticket expires (ms). */
  redeemedTicket: "ticket:",
  /** `schedule:<id>` → a row of the hub's one schedule: {id, kind, at, payload} (./schedule.ts). */
  schedule: "schedule:",
} as const;

/**
 * The kinds of the schedule's rows, with the part that schedules them; each part brings the job of
 * its kinds, from which the hub's host builds its table (worker/hub-host/hosted-parts.ts,
 * docs/decisions/258-one-schedule-in-the-hub.md, docs/decisions/380-the-hub-hosts-parts.md).
 */
export const SCHEDULE_KINDS = {
  /** The running focus timer's end (worker/focus/focus-timer.ts); one row, id = kind. */
  focusEnd: "focus-end",
  /** The morning nudge's next local time (worker/day/plan-reminder.ts, a daily push); one row, id = kind. */
  planReminder: "plan-reminder",
  /** The evening close's next local time (worker/day-close/close-reminder.ts, a daily push); one row, id = kind. */
  dayClose: "day-close",
  /** The person's next day start (worker/today/day-start.ts); one row, id = kind. */
  dayStart: "day-start",
} as const;
