import { deleteExpiredSessions } from "./auth/sessions";
import { createDb } from "./db/client";

/**
 * The Worker's cron trigger (wrangler.toml `[triggers]`, once a day): sign-in sessions past their
 * expiry are deleted. A request already refuses them and drops the row of the person who sent it;
 * this removes the rows of devices that never come back (and their push subscriptions, by cascade).
 */
export async function runScheduled(controller: ScheduledController, env: Env): Promise<void> {
  await deleteExpiredSessions(createDb(env.DB), controller.scheduledTime);
}
