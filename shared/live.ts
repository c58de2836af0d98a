// The live channel's fixed values, kept apart from its zod schemas (shared/schemas/live.ts): the web
// app's first screen uses these and loads no zod (docs/decisions.md#120).

/**
 * The close code and reason of a socket whose sign-in session was revoked (logout, device signed
 * out, password changed, account deleted). 4000–4999 is for applications; the client stops
 * reconnecting on it and checks whether anyone is still signed in.
 */
export const LIVE_SESSION_ENDED = { code: 4401, reason: "session ended" } as const;

/**
 * Why a device's sign-in session ended, when the device should say so on the sign-in screen
 * (docs/product.md#signed-out-by-a-password-change): its password was changed on another device.
 */
export const SESSION_END_REASONS = ["password-changed"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Keep-alive text the server answers without waking up (hibernation auto-response). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
