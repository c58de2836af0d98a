import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_TTL_MS } from "./tokens";

/** `__Host-` pins the cookie to this exact origin, path / and Secure (browsers treat localhost as secure). */
export const SESSION_COOKIE = "__Host-onething_session";

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/**
 * Signing out on this device: the cookie goes, and so does the browser's HTTP cache of the site,
 * which holds the last task list (GET /api/tasks is revalidated by ETag rather than never stored).
 */
export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: true });
  c.header("Clear-Site-Data", '"cache"');
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}
