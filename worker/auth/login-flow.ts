import { Hono } from "hono";
import { announceEvents } from "../changes/request";
import type { AppEnv } from "../env";
import { clearSessionCookie, readSessionCookie } from "./cookies";
import { startOidcLogin } from "./oidc";
import { oidcConfigured } from "./oidc-provider";
import { revokeSession } from "./sessions";
import { verifyToken } from "./tokens";

/** Sec-Fetch-Site values of a navigation made by the app itself or typed in the address bar. */
const SIGN_OUT_FETCH_SITES = new Set(["same-origin", "none"]);

/** Mounted at /api: the full-page navigations GET /api/login and GET /api/logout. */
export const loginFlowRoutes = new Hono<AppEnv>()
  .get("/login", async (c) => {
    if (!oidcConfigured(c.env)) return c.redirect("/login", 302);
    return startOidcLogin(c);
  })
  .get("/logout", async (c) => {
    // A GET can be triggered by any site (an <img>, a link): only the app's own navigation, or
    // the person typing the address, signs out. Anything else just goes home (no CSRF logout).
    if (!SIGN_OUT_FETCH_SITES.has(c.req.header("Sec-Fetch-Site") ?? "")) return c.redirect("/", 302);
    const token = readSessionCookie(c);
    const claims = token ? await verifyToken(c.env.AUTH_SECRET, token, "session") : null;
    if (claims) {
      // Outside the change pipeline's batch: this sign-out checks no session (the cookie's claims
      // alone, whose session may be gone already) and reads no row of the person's, so there is no
      // scope of a change; the hub is still told through the pipeline's one place.
      await revokeSession(c.var.directory, claims.sessionId);
      await announceEvents(c, claims.userId, [{ type: "sessions-ended", sessionIds: [claims.sessionId] }]);
    }
    clearSessionCookie(c);
    return c.redirect("/", 302);
  });
