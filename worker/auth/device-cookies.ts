import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { signToken, verifyToken } from "./tokens";

/**
 * OWASP's device cookies (docs/decisions/131-device-cookies.md): a browser that signed in to an
 * account keeps a signed token for it, and a sign-in that shows one is throttled on its own
 * counter (worker/auth/throttle.ts), so strangers' failures at the same address or at the same
 * account never lock it out. One cookie holds the tokens of the last few accounts signed in here.
 */
export const DEVICE_COOKIE = "__Host-onething_devices";
/** Long-lived: it only vouches that this browser knew the password once, and grants nothing else. */
export const DEVICE_COOKIE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser: a shared family computer, with room to spare. */
export const DEVICES_PER_BROWSER = 5;
/** Between the tokens in the cookie's value: not a character of a JWT, and allowed in a cookie. */
const SEPARATOR = "~";

/** A valid device token of this browser: whose account it is for, and its own id (its counter's name). */
export type KnownDevice = { userId: string; deviceId: string; token: string; issuedAt: number; expiresAt: number };

/** The valid device tokens this browser presents (forged, expired and surplus ones are left out). */
export async function knownDevices(c: Context<AppEnv>): Promise<KnownDevice[]> {
  const tokens = (getCookie(c, DEVICE_COOKIE) ?? "").split(SEPARATOR).filter(Boolean).slice(0, DEVICES_PER_BROWSER);
  const devices = await Promise.all(
    tokens.map(async (token) => {
      const claims = await verifyToken(c.env.AUTH_SECRET, token, "device");
      return claims?.tokenId
        ? {
            userId: claims.userId,
            deviceId: claims.tokenId,
            token,
            issuedAt: claims.issuedAt,
            expiresAt: claims.expiresAt,
          }
        : null;
    }),
  );
  return devices.filter((device): device is KnownDevice => device !== null);
}

/**
 * After a sign-in to the account: a fresh token for it (a new id, so its counter starts over) in
 * front of the browser's tokens for other accounts, the oldest dropped past DEVICES_PER_BROWSER.
 */
export async function rememberDevice(c: Context<AppEnv>, userId: string, known?: KnownDevice[]): Promise<void> {
  const others = (known ?? (await knownDevices(c))).filter((device) => device.userId !== userId);
  const token = await signToken(c.env.AUTH_SECRET, { userId, sessionId: "" }, "device", DEVICE_COOKIE_TTL_MS);
  const value = [token, ...others.map((device) => device.token)].slice(0, DEVICES_PER_BROWSER).join(SEPARATOR);
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    secure: true,
    // Lax, like the session cookie: the identity provider's redirect back is a navigation from
    // another site, and that sign-in must see the browser's tokens for its other accounts.
    sameSite: "Lax",
    path: "/",
    maxAge: Math.floor(DEVICE_COOKIE_TTL_MS / 1000),
  });
}
