import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { REMOVED_MARKER } from "../../shared/constants";
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
import { ApiError, conflict, fromZodError, notFound, unauthorized } from "../http/errors";
import { readOptionalJson, validate } from "../http/validation";
import { findOwnTask } from "../tasks/task-rows";
import { completeFocusSession, findOwnSession, listOwnSessions, toFocusSession } from "./sessions";
import { type HubResult, LIVE_SESSION_HEADER, LIVE_USER_HEADER } from "./user-hub";

/** A live ticket only has to survive the trip from the ticket call to the WebSocket upgrade. */
export const LIVE_TICKET_TTL_MS = 60_000;

const hubOf = (c: Context<AppEnv>) => c.env.USER_HUB.getByName(c.var.user.id);

/** A transition the hub refused (e.g. pause when nothing runs) is a 409 with the hub's reason. */
function unwrap(result: HubResult) {
  if (!result.ok) throw conflict(result.message);
  return result.snapshot;
}

/** Bodies that spec §7 sends empty (or not at all): anything present must match the schema. */
async function optionalBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readOptionalJson(c));
  if (!result.success) throw fromZodError(result.error, "request body");
  return result.data;
}

const emptyBody = completeFocusSessionSchema;

/** Mounted at /api. Each route names requireUser itself so unknown /api paths still answer 404. */
export const focusRoutes = new Hono<AppEnv>()
  .get("/focus-sessions", requireToken, async (c) => {
    const {
      data: [rows],
    } = await readAsUser(c, (db, userId) => [listOwnSessions(db, userId)]);
    return c.json(rows.map(toFocusSession));
  })
  .post("/focus-sessions", requireUser, validate("json", startFocusSessionSchema), async (c) => {
    const { taskId, duration } = c.req.valid("json");
    const { db, user } = c.var;
    const task = await findOwnTask(db, user.id, taskId);
    if (!task) throw notFound("Task not found.");
    if (task.title.includes(REMOVED_MARKER)) throw conflict("This task has been removed.");
    if (task.isCompleted) throw conflict("This task is already completed. Pick an open task to focus on.");
    if (task.category === "no_list") throw conflict('This task is on your "No" List. Pick another task to focus on.');

    const [row] = await db
      .insert(focusSessions)
      .values({ userId: user.id, taskId, duration, startedAt: new Date(), isCompleted: false })
      .returning();
    if (!row) throw new Error("insert returned no row");
    // The row exists before the hub decides; if the hub refuses (or fails) it is removed again.
    const removeRow = () =>
      db.delete(focusSessions).where(and(eq(focusSessions.id, row.id), eq(focusSessions.userId, user.id)));
    let result: HubResult;
    try {
      result = await hubOf(c).start({
        userId: user.id,
        timeZone: user.timeZone,
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
  .patch("/focus-sessions/:id/complete", requireUser, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await optionalBody(c, completeFocusSessionSchema);
    const { db, user } = c.var;
    const session = await findOwnSession(db, user.id, id);
    if (!session) throw notFound("Focus session not found.");
    if (!session.isCompleted) {
      // The timer's own session ends like "End Session" (minutes actually focused); any other
      // open session (e.g. from a client that runs its own timer) counts up to its planned length.
      const ended = await hubOf(c).endSession(id);
      if (!ended) {
        const now = new Date();
        const focusedSeconds = Math.min(session.duration, (now.getTime() - session.startedAt.getTime()) / 1000);
        await completeFocusSession(db, user, id, focusedSeconds, now);
      }
    }
    const row = await findOwnSession(db, user.id, id);
    if (!row) throw notFound("Focus session not found.");
    return c.json(toFocusSession(row));
  })
  .get("/timer", requireUser, async (c) => c.json(await hubOf(c).state()))
  .post("/timer/pause", requireUser, async (c) => {
    await optionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).pause()));
  })
  .post("/timer/resume", requireUser, async (c) => {
    await optionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).resume()));
  })
  .post("/timer/end", requireUser, async (c) => {
    await optionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).end()));
  })
  .post("/timer/reset", requireUser, async (c) => {
    await optionalBody(c, emptyBody);
    return c.json(unwrap(await hubOf(c).reset()));
  })
  .post("/timer/acknowledge", requireUser, async (c) => {
    const { keepTask } = await optionalBody(c, acknowledgeTimerSchema);
    return c.json(unwrap(await hubOf(c).acknowledge(keepTask ?? false)));
  })
  .post("/timer/break", requireUser, async (c) => {
    await optionalBody(c, emptyBody);
    const { id, timeZone } = c.var.user;
    return c.json(unwrap(await hubOf(c).startBreak({ userId: id, timeZone })));
  })
  .post("/live/ticket", requireUser, async (c) => {
    const { id, sessionId } = c.var.user;
    const ticket = await signToken(c.env.AUTH_SECRET, { userId: id, sessionId }, "live", LIVE_TICKET_TTL_MS);
    return c.json({ ticket } satisfies LiveTicket);
  })
  .get("/live", async (c) => {
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
    const session = await findLiveSession(c.var.db, claims.sessionId, claims.userId);
    if (!session) throw unauthorized("Your session has ended. Please sign in again.");
    const headers = new Headers(c.req.raw.headers);
    headers.set(LIVE_SESSION_HEADER, claims.sessionId);
    headers.set(LIVE_USER_HEADER, claims.userId);
    return c.env.USER_HUB.getByName(claims.userId).fetch(new Request(c.req.raw, { headers }));
  });
