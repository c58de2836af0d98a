import { msg } from "@lingui/core/macro";
import { Hono } from "hono";
import { type DeviceSession, deviceSessionIdParamSchema } from "../../shared/schemas/account";
import { beginDirectoryChange } from "../auth/begin-change";
import { clearSessionCookie } from "../auth/cookies";
import { applyOnce, requireUser } from "../auth/middleware";
import { readDirectoryAsUser } from "../auth/session-read";
import { deviceHandle, listLiveSessions, revokeOtherSessionsQuery, revokeSessionQuery } from "../auth/sessions";
import { sessions } from "../db/schema";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";

/** /api/account/sessions: the signed-in devices of this user. */
export const accountSessionRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const {
      user,
      data: [rows],
    } = await readDirectoryAsUser(c, (db, userId) => [listLiveSessions(db, userId)]);
    const devices = await Promise.all(
      rows.map(
        async (row): Promise<DeviceSession> => ({
          id: await deviceHandle(row.sid),
          current: row.sid === user.sessionId,
          method: row.sess.method,
          userAgent: row.sess.userAgent ?? null,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        }),
      ),
    );
    // This device first, then the most recently used.
    devices.sort((a, b) => Number(b.current) - Number(a.current));
    return c.json(devices);
  })
  .delete("/", requireUser, beginDay, applyOnce, async (c) => {
    const { user, commit } = await beginDirectoryChange(c);
    // Sessions are the directory's rows (docs/decisions/270-person-databases.md).
    const db = c.var.directory;
    const {
      results: [revoked],
    } = await commit(() => ({
      statements: [revokeOtherSessionsQuery(db, user.id, user.sessionId).returning({ sid: sessions.sid })],
      events: [],
      eventsAfter: ({ results: [ended] }) => [
        { type: "sessions-ended", sessionIds: ended.map((row) => row.sid), reason: "signed-out-everywhere" },
      ],
    }));
    return c.json({ signedOutSessions: revoked.length });
  })
  .delete("/:id", requireUser, beginDay, applyOnce, validate("param", deviceSessionIdParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    // The session check and the devices in one trip; the sign-out in a second.
    const {
      user,
      data: [rows],
      commit,
    } = await beginDirectoryChange(c, (db, userId) => [listLiveSessions(db, userId)]);
    // Sessions are the directory's rows (docs/decisions/270-person-databases.md).
    const db = c.var.directory;
    let target: string | undefined;
    for (const row of rows) {
      if ((await deviceHandle(row.sid)) === id) target = row.sid;
    }
    // Another user's device, an expired one or a made-up handle: all the same 404.
    if (!target) throw notFound(msg`That device is not signed in.`);
    await commit(() => ({
      statements: [revokeSessionQuery(db, target)],
      events: [{ type: "sessions-ended", sessionIds: [target] }],
    }));
    if (target === user.sessionId) clearSessionCookie(c);
    return c.body(null, 204);
  });
