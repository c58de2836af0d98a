import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { analyticsRoutes } from "./analytics/routes";
import { accountRoutes } from "./auth/account-routes";
import { loginFlowRoutes } from "./auth/login-flow";
import { authRoutes } from "./auth/routes";
import { createDb } from "./db/client";
import type { AppEnv } from "./env";
import { focusRoutes } from "./focus/routes";
import { drainUnreadBody } from "./http/drain-body";
import { ApiError, errorResponse, notFound } from "./http/errors";
import { securityHeaders } from "./http/security-headers";
import { suggestionRoutes } from "./suggestions/routes";
import { bulkTaskRoutes } from "./tasks/bulk-routes";
import { noListRoutes } from "./tasks/no-list-routes";
import { taskRoutes } from "./tasks/routes";

/** The largest request body any route accepts; the biggest real one (a long braindump) is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function createApp() {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders);
  app.use("/api/*", drainUnreadBody);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      // drainUnreadBody reads the rest of the refused body before this answer leaves.
      onError: (c) => errorResponse(c, new ApiError(413, "The request body is too large.")),
    }),
  );
  app.use("*", async (c, next) => {
    c.set("db", createDb(c.env.DB));
    await next();
  });

  app.get("/api/health", (c) => c.json({ ok: true }));
  app.route("/api/auth", authRoutes);
  app.route("/api/account", accountRoutes);
  app.route("/api", loginFlowRoutes);
  app.route("/api", taskRoutes);
  app.route("/api/analytics", analyticsRoutes);
  app.route("/api", bulkTaskRoutes);
  app.route("/api", noListRoutes);
  app.route("/api", focusRoutes);
  app.route("/api", suggestionRoutes);

  app.notFound((c) => errorResponse(c, notFound("No such API endpoint.")));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}

export const app = createApp();
