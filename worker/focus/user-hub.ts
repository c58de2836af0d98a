import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

/**
 * One per user (`USER_HUB.getByName(userId)`): owns the live focus timer and the WebSockets of the
 * user's open tabs and devices.
 */
export class UserHub extends DurableObject<Bindings> {}
