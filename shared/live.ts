// The live channel's fixed values, kept apart from its zod schemas (shared/schemas/live.ts): the web
// app's first screen uses these and loads no zod
// (docs/decisions/120-signed-first-screen-carries-waits.md).

/**
 * The close code and reason of a socket whose sign-in session was revoked (logout, device signed
 * out, password changed, account deleted). 4000–4999 is for applications; the client stops
 * reconnecting on it and checks whether anyone is still signed in.
 */
export const LIVE_SESSION_ENDED = { code: 4401, reason: "session ended" } as const;

/** Keep-alive text the server answers without waking up (hibernation auto-response). */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/**
 * The header each request of a tab carries with that tab's id (one per page load), so the hub can
 * name the tab that made a change in its `tasks-changed` frame and that tab skips its own echo
 * (docs/decisions/161-tab-skips-own-live-echo.md). Per tab rather than per device: another tab of
 * the same browser must still refetch.
 */
export const TAB_HEADER = "X-Onething-Tab";
/** What the worker accepts as a tab id; anything else is treated as no tab. */
export const TAB_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
