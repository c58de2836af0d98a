import { Hono } from "hono";
import type { AppEnv } from "../env";
import { clearSessionCookie, readSessionCookie } from "./cookies";
import { oidcRoutes, startOidcLogin } from "./oidc";
import { oidcConfigured } from "./oidc-provider";
import { revokeSession } from "./sessions";
import { verifyToken } from "./tokens";

/** The full-page navigations of spec §1: GET /api/login and GET /api/logout. */
export const loginFlowRoutes = new Hono<AppEnv>()
  .get("/login", async (c) => {
    if (!oidcConfigured(c.env)) return c.redirect("/login", 302);
    return startOidcLogin(c);
  })
  .get("/logout", async (c) => {
    const token = readSessionCookie(c);
    const claims = token ? await verifyToken(c.env.AUTH_SECRET, token, "session") : null;
    if (claims) await revokeSession(c.var.db, claims.sessionId);
    clearSessionCookie(c);
    return c.redirect("/", 302);
  })
  .route("/auth/oidc", oidcRoutes);
