import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { type AuthProviders, loginSchema, registerSchema } from "../../shared/schemas/auth";
import { users } from "../db/schema";
import type { AppEnv } from "../env";
import { closeLiveSessions } from "../focus/live";
import { ApiError, conflict, unauthorized } from "../http/errors";
import { validate } from "../http/validation";
import { clearSessionCookie, setSessionCookie } from "./cookies";
import { rejectForeignOrigin, requireToken, requireUser } from "./middleware";
import { oidcConfigured } from "./oidc-provider";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { readAsUser } from "./session-read";
import { createSession, revokeSession } from "./sessions";
import {
  accountLockKey,
  assertNotLocked,
  clearAccountFailures,
  clientAddress,
  limitAuthRequests,
  recordFailure,
} from "./throttle";
import { SESSION_TTL_MS, signToken } from "./tokens";
import { findTakenIdentity, findUserById, findUserByLogin, toPublicUser, userByIdQuery } from "./users";

const INVALID_CREDENTIALS = "Invalid username/email or password.";

/** Opens a session for the user: the token goes in the body (for localStorage) and in the cookie. */
export async function signIn(c: Context<AppEnv>, userId: string, method: "password" | "oidc") {
  const { sid } = await createSession(c.var.db, userId, {
    method,
    userAgent: c.req.header("User-Agent")?.slice(0, 255),
  });
  const token = await signToken(c.env.AUTH_SECRET, { userId, sessionId: sid }, "session", SESSION_TTL_MS);
  setSessionCookie(c, token);
  return token;
}

export const authRoutes = new Hono<AppEnv>()
  .post("/register", rejectForeignOrigin, validate("json", registerSchema), async (c) => {
    await limitAuthRequests(c);
    const input = c.req.valid("json");
    const taken = await findTakenIdentity(c.var.db, input);
    if (taken === "username") throw conflict("That username is already taken.");
    if (taken === "email") throw conflict("An account with that email already exists.");
    const id = crypto.randomUUID();
    const passwordHash = await hashPassword(input.password);
    try {
      await c.var.db.insert(users).values({
        id,
        username: input.username,
        email: input.email,
        passwordHash,
        timeZone: input.timeZone ?? "UTC",
      });
    } catch {
      // Lost a race with another registration of the same name.
      throw conflict("That username or email is already taken.");
    }
    const user = await findUserById(c.var.db, id);
    if (!user) throw new ApiError(500, "Could not create the account.");
    const token = await signIn(c, id, "password");
    return c.json({ token, user: toPublicUser(user) }, 201);
  })
  .post("/login", rejectForeignOrigin, validate("json", loginSchema), async (c) => {
    await limitAuthRequests(c);
    const { login, password } = c.req.valid("json");
    const db = c.var.db;
    const client = clientAddress(c);
    const user = await findUserByLogin(db, login);
    const lockKey = user ? accountLockKey(user.id) : login;
    await assertNotLocked(db, lockKey, client);
    // Verify against a dummy hash when there is no account, so timing does not tell.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user?.passwordHash || !ok) {
      await recordFailure(db, lockKey, client);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await clearAccountFailures(db, lockKey, client);
    if (needsRehash(user.passwordHash)) {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, user.id));
    }
    const token = await signIn(c, user.id, "password");
    return c.json({ token, user: toPublicUser(user) });
  })
  // Public: the login page offers the identity provider only when one is configured.
  .get("/providers", (c) => c.json({ oidc: oidcConfigured(c.env) } satisfies AuthProviders))
  .get("/user", requireToken, async (c) => {
    const {
      data: [[user]],
    } = await readAsUser(c, (db, userId) => [userByIdQuery(db, userId)]);
    if (!user) throw unauthorized();
    return c.json(toPublicUser(user));
  })
  .post("/logout", requireUser, async (c) => {
    const { id, sessionId } = c.var.user;
    await revokeSession(c.var.db, sessionId);
    await closeLiveSessions(c.env, id, [sessionId]);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
