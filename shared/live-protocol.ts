// The live channel's fixed values, kept apart from its zod schemas (shared/schemas/live.ts): the web
// app's first screen uses these and loads no zod
// (docs/decisions/120-signed-first-screen-carries-waits.md).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

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
export const SESSION_END_REASONS = ["password-changed", "signed-out-everywhere", "too-many-sessions"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * What a signed-out device says for each reason: the 401's message, and the sign-in screen's
 * notice (docs/decisions/177-signed-out-told-why.md).
 */
export const SESSION_END_TEXT: Record<SessionEndReason, MessageDescriptor> = {
  "password-changed": msg`Your password was changed on another device, so this device was signed out. Sign in with the new password.`,
  "signed-out-everywhere": msg`You signed out of every other device from one of your devices, so this device was signed out. Sign in again to continue.`,
  "too-many-sessions": msg`You signed in on more devices than the 20 an account keeps, so this device, the least recently used, was signed out. Sign in again to continue.`,
};

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

/**
 * The live channel's WebSocket subprotocol. The client offers it with its ticket as a second
 * "protocol", so the ticket travels in the Sec-WebSocket-Protocol header, never in a URL that
 * request logs keep; the server answers with this one (docs/decisions/130-live-channel-limits.md).
 */
export const LIVE_PROTOCOL = "onething-live";

/**
 * The close code of a person's oldest socket when a new one would go over the hub's cap: the
 * client reconnects only when its tab is visible, so hidden tabs do not push each other out.
 */
export const LIVE_SUPERSEDED = { code: 4429, reason: "too many live connections" } as const;
