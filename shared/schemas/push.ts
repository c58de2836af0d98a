import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { fitsLength } from "../text-length";
import { wordsAsText } from "../words";

/** A base64url string as PushSubscription.toJSON() gives the keys (no padding). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .refine((key) => fitsLength(key, max), wordsAsText(msg`At most ${max} characters.`))
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, wordsAsText(msg`Must be base64url.`));

/**
 * POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives in the browser. Push
 * services only use https endpoints (RFC 8030), so anything else is refused before it is stored.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: wordsAsText(msg`The endpoint must be an https URL.`) })
    .refine((endpoint) => fitsLength(endpoint, 2048), wordsAsText(msg`The endpoint is too long.`)),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    // An uncompressed P-256 point (65 bytes: 87 characters) and a 16-byte secret (22 characters).
    p256dh: base64url(100),
    auth: base64url(32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

/**
 * GET /api/push: the VAPID key the browser subscribes with (null: push is not configured on this
 * server), whether this device gets pushes, and which devices do (the ids of /api/account/sessions).
 */
export type PushStatus = { publicKey: string | null; thisDevice: boolean; devices: string[] };

/**
 * What a push carries to the service worker: the notification's texts. A plain type, not a schema:
 * the service worker checks it by hand (no zod in its bundle) and shows any push it gets; one it
 * cannot read gets a plain text of its own.
 */
export type PushMessageBody = {
  /** "plan-reminder": the morning nudge (docs/product.md#morning-nudge), opening /prioritize. */
  type: "timer-finished" | "plan-reminder" | "day-close";
  title: string;
  body: string;
  tag: string;
  url: string;
};
