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
  /** The morning nudge's settings and its next instant (worker/day/plan-reminder.ts). */
  planReminder: "plan-reminder",
} as const;

/** Families of keys, prefix + id, each holding when it may be dropped (worker/auth/sign-in-records.ts). */
export const HUB_KEY_PREFIXES = {
  /** `revoked-session:<sid>` → when its token expires (ms), or {until, why} when there is a reason to tell. */
  revokedSession: "revoked-session:",
  /** `ticket:<jti>` → when the redeemed live ticket expires (ms). */
  redeemedTicket: "ticket:",
} as const;
