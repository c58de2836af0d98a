import type { users } from "../db/schema";
import type { Bindings } from "../env";

/**
 * The settings of the person's day changed (time zone, start hour, morning nudge): ONE call to their
 * hub, which points its alarm at the nudge's new time (worker/day/reminder.ts) and tells every open
 * tab and device (`day-changed`), so the day's figures follow at once. D1 holds the settings and the
 * hub checks them again before sending a nudge, so a hub that cannot be reached is only logged.
 */
export async function announceDaySettings(env: Bindings, user: typeof users.$inferSelect): Promise<void> {
  const settings = user.planReminderEnabled
    ? { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour, time: user.planReminderTime }
    : null;
  try {
    await env.USER_HUB.getByName(user.id).daySettingsChanged(settings);
  } catch (err) {
    console.error("could not tell the user's hub that the day's settings changed", err);
  }
}
