import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type PushStatus, pushSubscriptionSchema } from "../../shared/schemas/push";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser, readDirectoryAsUser } from "../auth/session-read";
import { deviceHandle } from "../auth/sessions";
import { userByIdQuery } from "../auth/users";
import { announceEvents } from "../changes/request";
import { abortedBy } from "../db/batch-guard";
import { pushSubscriptions } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, badRequest, conflict } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { pushEndpointProblem } from "./push-services";
import { vapidKeys } from "./send";
import { ENDPOINT_OF_ANOTHER_ACCOUNT, saveSubscription, subscriptionsOfUser } from "./subscriptions";

/** /api/push: this device's Web Push subscription (notifications when a timer runs out). */
export const pushRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const {
      user,
      data: [rows],
    } = await readDirectoryAsUser(c, (db, userId) => [subscriptionsOfUser(db, userId)]);
    const sids = [...new Set(rows.map((row) => row.sessionId))];
    const status: PushStatus = {
      publicKey: vapidKeys(c.env)?.publicKey ?? null,
      thisDevice: sids.includes(user.sessionId),
      devices: await Promise.all(sids.map(deviceHandle)),
    };
    return c.json(status);
  })
  .post("/subscriptions", requireUser, beginDay, applyOnce, validate("json", pushSubscriptionSchema), async (c) => {
    const {
      user,
      data: [[row] = []],
    } = await readAsUser(c, (db, userId) => [userByIdQuery(db, userId)]);
    if (!vapidKeys(c.env)) throw new ApiError(409, "Notifications are not set up on this server.");
    const subscription = c.req.valid("json");
    const problem = pushEndpointProblem(subscription.endpoint, c.env.PUSH_TEST_SERVICE_HOST);
    if (problem) throw badRequest(problem, [{ path: ["endpoint"], message: problem }]);
    try {
      // A device's subscriptions go with its session, in the directory (docs/decisions/270-person-databases.md).
      await saveSubscription(c.var.directory, user.id, user.sessionId, subscription);
    } catch (err) {
      if (abortedBy(err, pushSubscriptions)) throw conflict(ENDPOINT_OF_ANOTHER_ACCOUNT);
      throw err;
    }
    // A device with notifications on: the hub is told so with the person's row, so the evening
    // close's push (on by default) has its row without the settings ever saved
    // (docs/decisions/295-the-close-push-armed-when-notifications-go-on.md).
    if (row) await announceEvents(c, user.id, [{ type: "notifications-turned-on", user: row }]);
    return c.body(null, 204);
  })
  // Notifications off for this device: its subscriptions go, other devices keep theirs.
  .delete("/subscriptions", requireUser, beginDay, applyOnce, async (c) => {
    const { user } = await readAsUser(c);
    const db = c.var.directory;
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, user.sessionId));
    return c.body(null, 204);
  });
