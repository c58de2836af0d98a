import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { hasRemovedMarker } from "../../shared/constants";
import { idParamSchema } from "../../shared/schemas/common";
import {
  acknowledgeTimerSchema,
  completeFocusSessionSchema,
  type StartedFocusSession,
  startFocusSessionSchema,
} from "../../shared/schemas/focus";
import type { LiveTicket } from "../../shared/schemas/live";
import { appOrigin, requireToken, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { findLiveSession } from "../auth/sessions";
import { signToken, verifyToken } from "../auth/tokens";
import { focusSessions } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, conflict, notFound, unauthorized } from "../http/errors";
import { validate, validOptionalBody } from "../http/validation";
import { ownTaskQuery } from "../tasks/task-rows";
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

const hubOf = (c: Context<AppEnv>) => c.env.USER_HUB.getByName(c.var.user.id);

/** A transition the hub refused (e.g. pause when nothing runs) is a 409 with the hub's reason. */
function unwrap(result: HubResult) {
  if (!result.ok) throw conflict(result.message);
  return result.snapshot;
}

const emptyBody = completeFocusSessionSchema;

const SESSION_RESET_MESSAGE = "This focus session was reset before it ended, so it cannot be completed.";

// Each route names requireUser (or requireToken) itself so unknown /api paths still answer 404.

/** Mounted at /api/focus-sessions. */
export const focusSessionRoutes = new Hono<AppEnv>()
  .get("/", requireToken, async (c) => {
    const {
      data: [rows],
    } = await readAsUser(c, (db, userId) => [listOwnSessions(db, userId)]);
    return c.json(rows.map(toFocusSession));
  })
  .post("/", requireToken, validate("json", startFocusSessionSchema), async (c) => {
    const { taskId, duration } = c.req.valid("json");
    // The session check and the task in one trip; the session row in a second.
    const {
      data: [[task]],
    } = await readAsUser(c, (db, userId) => [ownTaskQuery(db, userId, taskId)]);
    const { db, user } = c.var;
    if (!task) throw notFound("Task not found.");
    if (hasRemovedMarker(task.title)) throw conflict("This task has been removed.");
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
      result = await hubOf(c).start({
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
  .patch("/:id/complete", requireToken, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await validOptionalBody(c, completeFocusSessionSchema);
    // The session check and the focus session in one trip; the completion in a second
    // (docs/decisions.md#54).
    const {
      data: [[session]],
    } = await readAsUser(c, (db, userId) => [ownSessionQuery(db, userId, id)]);
    const { db, user } = c.var;
    if (!session) throw notFound("Focus session not found.");
    if (isClosedUncompleted(session)) throw conflict(SESSION_RESET_MESSAGE);
    // Completed already: nothing changes, so the row as read is the answer.
    if (session.isCompleted) return c.json(toFocusSession(session));
    // The timer's own session ends like "End Session" (minutes actually focused); any other
    // open session (e.g. from a client that runs its own timer) counts up to its planned length.
    if (await hubOf(c).endSession(id)) {
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
  .get("/", requireUser, async (c) => c.json(await hubOf(c).state()))
  .post("/pause", requireUser, async (c) => {
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).pause()));
  })
  .post("/resume", requireUser, async (c) => {
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).resume()));
  })
  .post("/end", requireUser, async (c) => {
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).end()));
  })
  .post("/reset", requireUser, async (c) => {
    await validOptionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).reset()));
  })
  .post("/acknowledge", requireUser, async (c) => {
    const { keepTask } = await validOptionalBody(c, acknowledgeTimerSchema);
    return c.json(unwrap(await hubOf(c).acknowledge(keepTask ?? false)));
  })
  .post("/break", requireUser, async (c) => {
    await validOptionalBody(c, emptyBody);
    const { id, timeZone, dayStartHour } = c.var.user;
    return c.json(unwrap(await hubOf(c).startBreak({ userId: id, timeZone, dayStartHour })));
  });

/** Mounted at /api/live: the WebSocket of an open tab or device, and the ticket that opens it. */
export const liveRoutes = new Hono<AppEnv>()
  .post("/ticket", requireUser, async (c) => {
    const { id, sessionId } = c.var.user;
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
    const ticket = c.req.query("ticket");
    if (!ticket) throw unauthorized("A live ticket is required.");
    const claims = await verifyToken(c.env.AUTH_SECRET, ticket, "live");
    if (!claims) throw unauthorized("The live ticket is invalid or has expired.");
    const hub = c.env.USER_HUB.getByName(claims.userId);
    const session = await findLiveSession(c.var.db, claims.sessionId, claims.userId);
    if (!session) throw unauthorized("Your session has ended. Please sign in again.");
    // One socket per ticket: a copied or replayed ticket opens nothing more.
    const redeemed = claims.tokenId !== null && (await hub.redeemTicket(claims.tokenId, claims.expiresAt));
    if (!redeemed) throw unauthorized("This live ticket has already been used. Ask for a new one.");
    const headers = new Headers(c.req.raw.headers);
    headers.set(LIVE_SESSION_HEADER, claims.sessionId);
    headers.set(LIVE_USER_HEADER, claims.userId);
    return hub.fetch(new Request(c.req.raw, { headers }));
  });
