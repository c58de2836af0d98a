import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { D1_BOOKMARK_HEADER } from "../shared/constants";
import { analyticsRoutes } from "./analytics/routes";
import { accountRoutes } from "./auth/account-routes";
import { loginFlowRoutes } from "./auth/login-flow";
import { authRoutes } from "./auth/routes";
import { createDb } from "./db/client";
import { openD1Session } from "./db/d1-session";
import type { AppEnv } from "./env";
import { focusRoutes } from "./focus/routes";
import { ApiError, errorResponse, notFound } from "./http/errors";
import { securityHeaders } from "./http/security-headers";
import { suggestionRoutes } from "./suggestions/routes";
import { bulkTaskRoutes } from "./tasks/bulk-routes";
import { noListRoutes } from "./tasks/no-list-routes";
import { taskRoutes } from "./tasks/routes";

/** The largest request body any route accepts; the biggest real one (a long braindump) is far smaller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads the rest of a refused body without keeping it: a proxy in front of the Worker (the local
 * preview server) reports a failed fetch, answered as a 500, when the answer comes before the
 * request has been sent in full.
 */
async function discardBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  try {
    const reader = request.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // dropped
    }
  } catch {
    // Already being read by the limit's own stream wrapper: nothing more to do.
  }
}

export function createApp() {
  const app = new Hono<AppEnv>();

  app.use("*", securityHeaders);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: async (c) => {
        await discardBody(c.req.raw);
        return errorResponse(c, new ApiError(413, "The request body is too large."));
      },
    }),
  );
  app.use("*", async (c, next) => {
    const d1 = openD1Session(c.env.DB, c.req.raw);
    c.set("d1", d1);
    c.set("db", createDb(d1));
    await next();
    // The newest point this request saw or wrote: the device sends it back next time.
    const bookmark = d1.getBookmark();
    if (bookmark) c.header(D1_BOOKMARK_HEADER, bookmark);
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
