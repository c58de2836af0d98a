// The live channel's fixed values, kept apart from its zod schemas (shared/schemas/live.ts): the web
// app's first screen uses these and loads no zod (docs/decisions.md#120).

/**
 * The close code and reason of a socket whose sign-in session was revoked (logout, device signed
 * out, password changed, account deleted). 4000–4999 is for applications; the client stops
 * reconnecting on it and checks whether anyone is still signed in.
 */
export const LIVE_SESSION_ENDED = { code: 4401, reason: "session ended" } as const;

/** Keep-alive text the server answers without waking up (hibernation auto-response). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
