import { msg } from "@lingui/core/macro";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { hasRemovedMarker } from "../../shared/constants";
import { emptyBodySchema, idParamSchema } from "../../shared/schemas/common";
import {
  acknowledgeTimerSchema,
  completeFocusSessionSchema,
  type StartedFocusSession,
  startFocusSessionSchema,
} from "../../shared/schemas/focus";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser, readRowAsUser } from "../auth/session-read";
import { requestScope } from "../changes/request";
import { focusSessions } from "../db/schema";
import { ownTaskQuery } from "../db/task-rows";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../http/errors";
import { validate, validOptionalBody } from "../http/validation";
import { beginDay } from "../today/begin-day";
import type { HubResult } from "./focus-timer";
import {
  completeOpenSession,
  findOwnSession,
  insertSessionIfTaskExists,
  isClosedUncompleted,
  listOwnSessions,
  ownSessionQuery,
  toFocusSession,
} from "./sessions";
import { focusTimerOf } from "./timer-client";

/** The session check alone (one D1 call), then the signed-in person's timer (./timer-client.ts). */
async function hubOfUser(c: Context<AppEnv>) {
  const { user } = await readAsUser(c);
  return { user, hub: focusTimerOf(c.env, user.id) };
}

/** A transition the hub refused (e.g. pause when nothing runs) is a 409 with the hub's reason. */
function unwrap(result: HubResult) {
  if (!result.ok) throw conflict(result.message);
  return result.snapshot;
}

const SESSION_RESET_MESSAGE = msg`This focus session was reset before it ended, so it cannot be completed.`;

// Each route names requireUser itself so unknown /api paths still answer 404.

/** Mounted at /api/focus-sessions. */
export const focusSessionRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const {
      data: [rows],
    } = await readAsUser(c, (db, userId) => [listOwnSessions(db, userId)]);
    return c.json(rows.map(toFocusSession));
  })
  .post("/", requireUser, beginDay, applyOnce, validate("json", startFocusSessionSchema), async (c) => {
    const { taskId, duration } = c.req.valid("json");
    // The session check and the task in one trip; the session row in a second.
    const { user, row: task } = await readRowAsUser(c, (db, userId) => ownTaskQuery(db, userId, taskId));
    const { db } = c.var;
    // A hidden task is gone for the person, as a deleted one is
    // (docs/decisions/127-hidden-tasks-stay-hidden.md).
    if (!task || hasRemovedMarker(task.title)) throw notFound(msg`Task not found.`);
    if (task.isCompleted) throw conflict(msg`This task is already completed. Pick an open task to focus on.`);
    if (task.category === "no_list") throw conflict('This task is on your "No" List. Pick another task to focus on.');

    const row = await insertSessionIfTaskExists(db, user.id, taskId, duration, new Date());
    // Deleted since it was read (a delete racing this start): as if it had never been there.
    if (!row) throw notFound(msg`Task not found.`);
    // The row exists before the hub decides; if the hub refuses (or fails) it is removed again.
    const removeRow = () =>
      db.delete(focusSessions).where(and(eq(focusSessions.id, row.id), eq(focusSessions.userId, user.id)));
    let result: HubResult;
    try {
      result = await focusTimerOf(c.env, user.id).start({
        userId: user.id,
        timeZone: user.timeZone,
        dayStartHour: user.dayStartHour,
        home: user.home,
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
  .patch("/:id/complete", requireUser, beginDay, applyOnce, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    await validOptionalBody(c, completeFocusSessionSchema);
    // The session check and the focus session in one trip; the completion in a second
    // (docs/decisions/054-every-write-makes-most-two-d1.md).
    const { user, row: session } = await readRowAsUser(c, (db, userId) => ownSessionQuery(db, userId, id));
    const { db } = c.var;
    if (!session) throw notFound(msg`Focus session not found.`);
    if (isClosedUncompleted(session)) throw conflict(SESSION_RESET_MESSAGE);
    // Completed already: nothing changes, so the row as read is the answer.
    if (session.isCompleted) return c.json(toFocusSession(session));
    // The timer's own session ends like "End Session" (minutes actually focused); any other
    // open session (e.g. from a client that runs its own timer) counts up to its planned length.
    if (await focusTimerOf(c.env, user.id).endSession(id)) {
      const row = await findOwnSession(db, user.id, id);
      if (!row) throw notFound(msg`Focus session not found.`);
      return c.json(toFocusSession(row));
    }
    const now = new Date();
    const focusedSeconds = Math.min(session.duration, (now.getTime() - session.startedAt.getTime()) / 1000);
    const { outcome, row } = await completeOpenSession(requestScope(c, user, now), session, focusedSeconds);
    if (outcome === "closed") throw conflict(SESSION_RESET_MESSAGE);
    if (!row) throw notFound(msg`Focus session not found.`);
    return c.json(toFocusSession(row));
  });

/** Mounted at /api/timer: the live timer, owned by the user's hub. */
export const timerRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const { hub } = await hubOfUser(c);
    return c.json(await hub.state());
  })
  .post("/pause", requireUser, beginDay, applyOnce, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBodySchema);
    return c.json(unwrap(await hub.pause()));
  })
  .post("/resume", requireUser, beginDay, applyOnce, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBodySchema);
    return c.json(unwrap(await hub.resume()));
  })
  .post("/end", requireUser, beginDay, applyOnce, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBodySchema);
    return c.json(unwrap(await hub.end()));
  })
  .post("/reset", requireUser, beginDay, applyOnce, async (c) => {
    const { hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBodySchema);
    return c.json(unwrap(await hub.reset()));
  })
  .post("/acknowledge", requireUser, beginDay, applyOnce, async (c) => {
    const { hub } = await hubOfUser(c);
    const { keepTask } = await validOptionalBody(c, acknowledgeTimerSchema);
    return c.json(unwrap(await hub.acknowledge(keepTask ?? false)));
  })
  .post("/break", requireUser, beginDay, applyOnce, async (c) => {
    const { user, hub } = await hubOfUser(c);
    await validOptionalBody(c, emptyBodySchema);
    return c.json(
      unwrap(
        await hub.startBreak({
          userId: user.id,
          timeZone: user.timeZone,
          dayStartHour: user.dayStartHour,
          home: user.home,
        }),
      ),
    );
  });
