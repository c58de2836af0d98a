import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { hasRemovedMarker } from "../../shared/constants";
import { LIVE_PROTOCOL } from "../../shared/live";
import { idParamSchema } from "../../shared/schemas/common";
import {
  acknowledgeTimerSchema,
  completeFocusSessionSchema,
  type StartedFocusSession,
  startFocusSessionSchema,
} from "../../shared/schemas/focus";
import type { LiveTicket } from "../../shared/schemas/live";
import { appOrigin, requireUser } from "../auth/middleware";
import { sessionEndReason } from "../auth/revocations";
import { readAsUser, readRowAsUser } from "../auth/session-read";
import { findLiveSession } from "../auth/sessions";
import { signToken, verifyToken } from "../auth/tokens";
import { focusSessions } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, badRequest, conflict, notFound, sessionEndedFor, unauthorized } from "../http/errors";
import { validate, validOptionalBody } from "../http/validation";
import { ownTaskQuery } from "../tasks/task-rows";
import { ticketFromProtocols } from "./live-socket-limits";
import {
  completeOpenSession,
  findOwnSession,
  insertSessionIfTaskExists,
  isClosedUncompleted,
  listOwnSessions,
  ownSessionQuery,
  toFocusSession,
} from "./sessions";
import { type HubResult, LIVE_SESSION_HEADER, LIVE_USER_HEADER } from "./user-hub";

/** A live ticket only has to survive the trip from the ticket call to the WebSocket upgrade. */
export const LIVE_TICKET_TTL_MS = 60_000;

/** The session check alone (one D1 call), then the signed-in user's hub. */
async function hubOfUser(c: Context<AppEnv>) {
  const { user } = await readAsUser(c);
  return { user, hub: c.env.USER_HUB.getByName(user.id) };
}

/** A transition the hub refused (e.g. pause when nothing runs) is a 409 with the hub's reason. */
function unwrap(result: HubResult) {
  if (!result.ok) throw conflict(result.message);
  return result.snapshot;
}

const emptyBody = completeFocusSessionSchema;

const SESSION_RESET_MESSAGE = "This focus session was reset before it ended, so it cannot be completed.";

// Each route names requireUser itself so unknown /api paths still answer 404.

/** Mounted at /api/focus-sessions. */
export const focusSessionRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const {
      data: [rows],
    } = await readAsUser(c, (db, userId) => [listOwnSessions(db, userId)]);
    return c.json(rows.map(toFocusSession));
  })
  .post("/", requireUser, validate("json", startFocusSessionSchema), async (c) => {
    const { taskId, duration } = c.req.valid("json");
    // The session check and the task in one trip; the session row in a second.
    const { user, row: task } = await readRowAsUser(c, (db, userId) => ownTaskQuery(db, userId, taskId));
    const { db } = c.var;
    // A hidden task is gone for the person, as a deleted one is
    // (docs/decisions/127-hidden-tasks-stay-hidden.md).
    if (!task || hasRemovedMarker(task.title)) throw notFound("Task not found.");
    if (task.isCompleted) throw conflict("This task is already completed. Pick an open task to focus on.");
    if (task.category === "no_list") throw conflict('This task is on your "No" List. Pick another task to focus on.');

    const row = await insertSessionIfTaskExists(db, user.id, taskId, duration, new Date());
    // Deleted since it was read (a delete racing this start): as if it had never been there.
    if (!row) throw notFound("Task not found.");
    // The row exists before the hub decides; if the hub refuses (or fails) it is removed again.
    const removeRow = () =>
      db.delete(focusSessions).where(and(eq(focusSessions.id, row.id), eq(focusSessions.userId, user.id)));
    let result: HubResult;
    try {
      result = await c.env.USER_HUB.getByName(user.id).start({
        userId: user.id,
        timeZone: user.timeZone,
        dayStartHour: user.dayStartHour,
        taskId,
        taskTitle: task.title,
        sessionId: row.id,
        durationMs: duration * 1000,
      });
    } catch (err) {
      await removeRow();
      throw err;
    }
    if (!result.ok) {
      await removeRow();
      throw conflict(result.message);
    }
    return c.json({ ...toFocusSession(row), timer: result.snapshot } satisfies StartedFocusSession, 201);
  })
  .patch("/:id/complete", requireUser, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await validOptionalBody(c, completeFocusSessionSchema);
    // The session check and the focus session in one trip; the completion in a second
    // (docs/decisions/054-every-write-makes-most-two-d1.md).
    const { user, row: session } = await readRowAsUser(c, (db, userId) => ownSessionQuery(db, userId, id));
    const { db } = c.var;
    if (!session) throw notFound("Focus session not found.");
    if (isClosedUncompleted(session)) throw conflict(SESSION_RESET_MESSAGE);
    // Completed already: nothing changes, so the row as read is the answer.
    if (session.isCompleted) return c.json(toFocusSession(session));
    // The timer's own session ends like "End Session" (minutes actually focused); any other
    // open session (e.g. from a client that runs its own timer) counts up to its planned length.
    if (await c.env.USER_HUB.getByName(user.id).endSession(id)) {
      const row = await findOwnSession(db, user.id, id);
      if (!row) throw notFound("Focus session not found.");
      return c.json(toFocusSession(row));
    }
    const now = new Date();
    const focusedSeconds = Math.min(session.duration, (now.getTime() - session.startedAt.getTime()) / 1000);
    const { outcome, row } = await completeOpenSession(db, user, session, focusedSeconds, now);
    if (outcome === "closed") throw conflict(SESSION_RESET_MESSAGE);
    if (!row) throw notFound("Focus session not found.");
    return c.json(toFocusSession(row));
  });

/** Mounted at /api/timer: the live timer, owned by the user's hub. */
export const timerRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    return c.json(await hub.state());
  })
  .post("/pause", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hub.pause()));
  })
  .post("/resume", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hub.resume()));
  })
  .post("/end", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hub.end()));
  })
  .post("/reset", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hub.reset()));
  })
  .post("/acknowledge", requireUser, async (c) => {
    const { hub } = await hubOfUser(c);
    const { keepTask } = await validOptionalBody(c, acknowledgeTimerSchema);
    return c.json(unwrap(await hub.acknowledge(keepTask ?? false)));
  })
  .post("/break", requireUser, async (c) => {
    const { user, hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBody);
    return c.json(
      unwrap(await hub.startBreak({ userId: user.id, timeZone: user.timeZone, dayStartHour: user.dayStartHour })),
    );
  });

/** Mounted at /api/live: the WebSocket of an open tab or device, and the ticket that opens it. */
export const liveRoutes = new Hono<AppEnv>()
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
    const hub = c.env.USER_HUB.getByName(claims.userId);
    const session = await findLiveSession(c.var.db, claims.sessionId, claims.userId);
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
