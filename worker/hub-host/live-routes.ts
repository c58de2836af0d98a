import { Hono } from "hono";
import { LIVE_PROTOCOL } from "../../shared/live-protocol";
import type { LiveTicket } from "../../shared/schemas/live";
import { appOrigin, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { findLiveSession } from "../auth/sessions";
import { signToken, verifyToken } from "../auth/tokens";
import type { AppEnv } from "../env";
import { ApiError, badRequest, sessionEndedFor, unauthorized } from "../http/errors";
import { sessionEndReason, userHub } from "../hub/hub-client";
import { LIVE_SESSION_HEADER, LIVE_USER_HEADER } from "./hub-sockets";
import { ticketFromProtocols } from "./live-socket-limits";

/** A live ticket only has to survive the trip from the ticket call to the WebSocket upgrade. */
export const LIVE_TICKET_TTL_MS = 60_000;

/** Mounted at /api/live: the WebSocket of an open tab or device, and the ticket that opens it. */
export const liveRoutes = new Hono<AppEnv>()
  // No applyOnce: a ticket is a one-use credential, never given twice (docs/decisions/224-what-a-replay-keeps.md).
  .post("/ticket", requireUser, async (c) => {
    const {
      user: { id, sessionId },
    } = await readAsUser(c);
    const ticket = await signToken(c.env.AUTH_SECRET, { userId: id, sessionId }, "live", LIVE_TICKET_TTL_MS);
    return c.json({ ticket } satisfies LiveTicket);
  })
  .get("/", async (c) => {
    // Browsers send no Authorization header on a WebSocket, and any site could open one to us,
    // so the socket needs both a ticket from an authenticated call and our own Origin.
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "The live channel needs a WebSocket upgrade.");
    }
    if (c.req.header("Origin") !== appOrigin(c.req.url, c.env.APP_ORIGIN)) {
      throw new ApiError(403, "The live channel only serves the Onething app.");
    }
    // The ticket comes in Sec-WebSocket-Protocol, never in the URL, which request logs keep
    // (docs/decisions/130-live-channel-limits.md).
    if (Object.keys(c.req.queries()).some((name) => name.toLowerCase() === "ticket")) {
      throw badRequest("Send the live ticket in the Sec-WebSocket-Protocol header, not in the URL.");
    }
    const ticket = ticketFromProtocols(c.req.header("Sec-WebSocket-Protocol"));
    if (!ticket) throw unauthorized("A live ticket is required.");
    const claims = await verifyToken(c.env.AUTH_SECRET, ticket, "live");
    if (!claims) throw unauthorized("The live ticket is invalid or has expired.");
    const hub = userHub(c.env, claims.userId);
    const session = await findLiveSession(c.var.directory, claims.sessionId, claims.userId);
    if (!session) {
      const why = await sessionEndReason(c.env, claims.userId, claims.sessionId);
      throw why ? sessionEndedFor(why) : unauthorized("Your session has ended. Please sign in again.");
    }
    // One socket per ticket: a copied or replayed ticket opens nothing more.
    const redeemed = claims.tokenId !== null && (await hub.redeemTicket(claims.tokenId, claims.expiresAt));
    if (!redeemed) throw unauthorized("This live ticket has already been used. Ask for a new one.");
    const headers = new Headers(c.req.raw.headers);
    headers.set(LIVE_SESSION_HEADER, claims.sessionId);
    headers.set(LIVE_USER_HEADER, claims.userId);
    headers.set("Sec-WebSocket-Protocol", LIVE_PROTOCOL);
    return hub.fetch(new Request(c.req.raw, { headers }));
  });
