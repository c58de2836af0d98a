import type { users } from "../db/schema";
import type { Bindings } from "../env";

/**
 * Tells every open tab and device of the user that the state of their day changed (planned, a "No"
 * list item said again, a task reopened, a setting of the day), so the plan step and the day's
 * figures follow at once. Called from `waitUntil` after the change is stored: a hub that cannot be
 * reached must not turn a saved change into an error, so failures are only logged.
 */
export async function notifyDayChanged(env: Bindings, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).notifyDayChanged();
  } catch (err) {
    console.error("could not tell the user's devices that the day changed", err);
  }
}

/**
 * Gives the user's hub the morning nudge's settings after they (or the zone or the day's start)
 * changed, so its alarm follows (worker/day/reminder.ts). D1 holds the settings and the hub checks
 * them again before sending, so a hub that cannot be reached is only logged.
 */
export async function updatePlanReminder(env: Bindings, user: typeof users.$inferSelect): Promise<void> {
  const settings = user.planReminderEnabled
    ? { userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour, time: user.planReminderTime }
    : null;
  try {
    await env.USER_HUB.getByName(user.id).setPlanReminder(settings);
  } catch (err) {
    console.error("could not update the plan reminder's alarm", err);
  }
}
