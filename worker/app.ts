import { msg } from "@lingui/core/macro";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { D1_BOOKMARK_HEADER } from "../shared/constants";
import { accountRoutes } from "./account/routes";
import { analyticsRoutes } from "./analytics/routes";
import { loginFlowRoutes } from "./auth/login-flow";
import { oidcRoutes } from "./auth/oidc";
import { authRoutes } from "./auth/routes";
import { testPasswordCost } from "./auth/test-password-cost";
import { CHANGE_SUBSCRIBERS } from "./change-subscribers";
import { dayRoutes, historyRoutes } from "./day/routes";
import { dayCloseRoutes } from "./day-close/close-routes";
import { createDb } from "./db/client";
import { openD1Session } from "./db/d1-session";
import { directoryDatabase } from "./db/person-db";
import type { AppEnv } from "./env";
import { focusSessionRoutes, timerRoutes } from "./focus/routes";
import { drainUnreadBody } from "./http/drain-body";
import { ApiError, errorResponse, notFound } from "./http/errors";
import { securityHeaders } from "./http/security-headers";
import { tellHubOfDayBegun } from "./hub-host/day-start";
import { liveRoutes } from "./hub-host/live-routes";
import { pushRoutes } from "./push/routes";
import { routineRoutes } from "./routines/routes";
import { suggestionRoutes } from "./suggestions/routes";
import { prioritiesRoutes, processTasksRoutes } from "./tasks/braindump-routes";
import { clearTasksRoutes, startFreshRoutes } from "./tasks/clearing-routes";
import { noListRoutes } from "./tasks/no-list-routes";
import { taskRoutes } from "./tasks/routes";
import { undoRoutes } from "./tasks/undo-routes";

/** The largest request body any route accepts; the biggest real one (a long braindump) is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function createApp() {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders);
  app.use("/api/*", drainUnreadBody);
  app.use("/api/*", testPasswordCost);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // drainUnreadBody reads the rest of the refused body before this answer leaves.
      onError: (c) => errorResponse(c, new ApiError(413, msg`The request body is too large.`)),
    }),
  );
  app.use("*", async (c, next) => {
    // The directory's session; requireUser moves `d1` and `db` to the signed-in person's home
    // database (worker/db/person-db.ts, docs/decisions/270-person-databases.md).
    const d1 = openD1Session(directoryDatabase(c.env), c.req.raw);
    const directory = createDb(d1);
    c.set("directory", directory);
    c.set("d1", d1);
    c.set("db", directory);
    // What other capabilities add to a change (docs/decisions/252-subscribers-wired-at-the-top.md).
    c.set("subscribers", CHANGE_SUBSCRIBERS);
    await next();
    // A day the route's session check began (its chain names beginDay): the hub told what it made.
    tellHubOfDayBegun(c);
    // The newest point this request saw or wrote: the device sends it back next time.
    const bookmark = c.var.d1.getBookmark();
    if (bookmark) c.header(D1_BOOKMARK_HEADER, bookmark);
  });

  // The URL map: one resource prefix per line.
  app.get("/api/health", (c) => c.json({ ok: true }));
  app.route("/api", loginFlowRoutes); // GET /api/login and /api/logout: page navigations, no common prefix
  app.route("/api/auth", authRoutes);
  app.route("/api/auth/oidc", oidcRoutes);
  app.route("/api/account", accountRoutes);
  app.route("/api/tasks", taskRoutes);
  app.route("/api/tasks", prioritiesRoutes);
  app.route("/api/tasks", clearTasksRoutes);
  app.route("/api/process-tasks", processTasksRoutes);
  app.route("/api/start-fresh", startFreshRoutes);
  app.route("/api/no-list", noListRoutes);
  app.route("/api/focus-sessions", focusSessionRoutes);
  app.route("/api/timer", timerRoutes);
  app.route("/api/live", liveRoutes);
  app.route("/api/analytics", analyticsRoutes);
  app.route("/api/routines", routineRoutes);
  app.route("/api/day/close", dayCloseRoutes);
  app.route("/api/day", dayRoutes);
  app.route("/api/history", historyRoutes);
  app.route("/api/ai", suggestionRoutes);
  app.route("/api/undo", undoRoutes);
  app.route("/api/push", pushRoutes);

  app.notFound((c) => errorResponse(c, notFound(msg`No such API endpoint.`)));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}

export const app = createApp();
