import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { bestLanguage } from "../../shared/languages";
import { type AuthProviders, loginSchema, registerSchema } from "../../shared/schemas/auth";
import { commitChange } from "../changes/pipeline";
import { announceEvents, requestScope } from "../changes/request";
import { abortBatchIf, abortedBy, isUniqueViolation } from "../db/batch-guard";
import { users } from "../db/schema";
import type { AppEnv } from "../env";
import { ApiError, conflict, unauthorized } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { beginDirectoryChange } from "./begin-change";
import { clearSessionCookie, setSessionCookie } from "./cookies";
import { type KnownDevice, knownDevices, rememberDevice } from "./device-cookies";
import { applyOnce, rejectForeignOrigin, requireUser } from "./middleware";
import { oidcConfigured } from "./oidc-provider";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "./password";
import {
  ACCOUNT_DELETED,
  finishDeletionCutShort,
  forgetPersonRow,
  insertPersonRow,
  personRowOf,
  placeNewPerson,
  readAccountAsUser,
  withPersonSettings,
} from "./person-row";
import { capSessionsQuery, createSession, newSession, revokeSessionQuery } from "./sessions";
import {
  accountLockKey,
  assertNotLocked,
  clientAddress,
  countedDevice,
  countingAttempt,
  limitAuthRequests,
  limitSignIns,
  retireDevicesQuery,
  rightPasswordQueries,
  signInAttemptQueries,
  signInLockRowsQuery,
} from "./throttle";
import { SESSION_TTL_MS, signToken } from "./tokens";
import {
  firstDayOf,
  identityOwnersQuery,
  identityTaken,
  takenIdentityAmong,
  toPublicUser,
  userByLoginQuery,
} from "./users";

const INVALID_CREDENTIALS = msg`Invalid username/email or password.`;

const sessionData = (c: Context<AppEnv>, method: "password" | "oidc") => ({
  method,
  userAgent: c.req.header("User-Agent")?.slice(0, 255),
});

/**
 * The token of a session just stored: in the body (for localStorage) and in the cookie. The
 * browser also gets a device cookie for the account (./device-cookies.ts).
 */
async function issueToken(
  c: Context<AppEnv>,
  account: { id: string; home: number },
  sessionId: string,
  known?: KnownDevice[],
) {
  const userId = account.id;
  // The token names the person's home, so each request finds their rows with no read
  // (docs/decisions/270-person-databases.md).
  const token = await signToken(
    c.env.AUTH_SECRET,
    { userId, sessionId, home: account.home },
    "session",
    SESSION_TTL_MS,
  );
  setSessionCookie(c, token);
  await rememberDevice(c, userId, known);
  return token;
}

/**
 * Opens a session for the user (identity-provider sign-in): stores it, then issues its token. Its
 * batch is sign-in's own, outside the change pipeline: it knows the person only by id (no row of
 * theirs is read, so no zone or day a change's scope needs); the sessions past the cap it signs
 * out are still told to the hub through the pipeline's one place (announceEvents).
 */
export async function signIn(c: Context<AppEnv>, account: { id: string; home: number }, method: "password" | "oidc") {
  const userId = account.id;
  const { sid, signedOut } = await createSession(c.var.directory, userId, sessionData(c, method));
  await announceEvents(c, userId, [{ type: "sessions-ended", sessionIds: signedOut, reason: "too-many-sessions" }]);
  return issueToken(c, account, sid);
}

/**
 * Registration and sign-in make two D1 trips each: a read that decides the answer, the CPU work of
 * the password hash, then every write in one batch whose first statement repeats the read's check
 * (docs/decisions/054-every-write-makes-most-two-d1.md).
 */
export const authRoutes = new Hono<AppEnv>()
  .post("/register", rejectForeignOrigin, validate("json", registerSchema), async (c) => {
    await limitAuthRequests(c);
    const input = c.req.valid("json");
    const db = c.var.directory;
    // Who uses the name or the email already, for a 409 that says which, before any hashing.
    const taken = takenIdentityAmong(await identityOwnersQuery(db, input));
    if (taken === "username") throw conflict(msg`That username is already taken.`);
    if (taken === "email") throw conflict(msg`An account with that email already exists.`);
    const id = crypto.randomUUID();
    const passwordHash = await hashPassword(input.password);
    const session = newSession(db, id, sessionData(c, "password"));
    // Where the person's rows will live: near them, or spread evenly (docs/decisions/271-home-chosen-at-sign-up.md).
    const { home, person } = placeNewPerson(c, id);
    const timeZone = input.timeZone ?? "UTC";
    // The language the person registered in, or their browser's best match (docs/product.md#your-language).
    const language = input.language ?? bestLanguage(c.req.header("Accept-Language"));
    const now = new Date();
    if (person)
      await insertPersonRow(person, {
        id,
        home,
        timeZone,
        language,
        dayBegun: firstDayOf(timeZone, now),
        createdAt: now,
      });
    let created: (typeof users.$inferSelect)[];
    try {
      // The account and its session in one transaction; the guard repeats the check above, so a
      // registration of the same name that got in meanwhile (in any letter case) leaves no row.
      [, created] = await db.batch([
        abortBatchIf(db, users, identityTaken(input)),
        db
          .insert(users)
          // createdAt on the Worker's clock, as every instant its days are counted from
          // (docs/decisions/238-browser-suite-runs-across-a-days-start.md).
          .values({
            id,
            username: input.username,
            email: input.email,
            passwordHash,
            home,
            timeZone,
            language,
            dayBegun: firstDayOf(timeZone, now),
            createdAt: now,
          })
          .returning(),
        session.insert,
      ]);
    } catch (err) {
      if (person) await forgetPersonRow(person, id);
      // Lost a race with another registration of the same name.
      if (abortedBy(err, users) || isUniqueViolation(err)) {
        throw conflict(msg`That username or email is already taken.`);
      }
      throw err;
    }
    const [user] = created;
    if (!user) throw new ApiError(500, msg`Could not create the account.`);
    const token = await issueToken(c, user, session.sid);
    return c.json({ token, user: toPublicUser(user) }, 201);
  })
  .post("/login", rejectForeignOrigin, validate("json", loginSchema), async (c) => {
    // A browser with a device cookie for the account is throttled on its own counter, never by
    // the address's request limit or others' failures (docs/decisions/131-device-cookies.md).
    // Which account it is for is known after the lookup; a browser with none is limited first.
    // Every sign-in counts towards the address's generous limit (a password hash and a session
    // each); a browser without a device cookie for the account also towards the tight one.
    await limitSignIns(c);
    const devices = await knownDevices(c);
    if (devices.length === 0) await limitAuthRequests(c);
    const { login, password } = c.req.valid("json");
    const db = c.var.directory;
    const client = clientAddress(c);
    // The attempt is counted before the password is checked, with the account's lookup in one
    // trip, so a burst sent at once gets at most the limit of verdicts
    // (docs/decisions/168-attempts-counted-before-the-check.md).
    const [[user], , ...counted] = await countingAttempt(
      () => db.batch([userByLoginQuery(db, login), ...signInAttemptQueries(db, login, client, devices)]),
      async () => {
        const [[account], lockRows] = await db.batch([
          userByLoginQuery(db, login),
          signInLockRowsQuery(
            db,
            login,
            client,
            devices.map((device) => device.deviceId),
          ),
        ]);
        const device = (account && devices.find((known) => known.userId === account.id)?.deviceId) ?? null;
        assertNotLocked(lockRows, account ? accountLockKey(account.id) : login, client, device);
      },
    );
    // The device counter the attempt was counted on: a valid cookie of this browser for the account.
    const device = countedDevice(counted);
    if (devices.length > 0 && !device) await limitAuthRequests(c);
    const lockKey = user ? accountLockKey(user.id) : login;
    // Verify against a dummy hash when there is no account, so timing does not tell.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    // The failure is counted already.
    if (!user?.passwordHash || !ok) throw unauthorized(INVALID_CREDENTIALS);
    // The person's own settings, from their home when it is not the directory (one more read then).
    const person = await personRowOf(c, user);
    if (!person) {
      // Its deletion was cut short between the two databases: finished, never signed in
      // (docs/decisions/315-a-deletion-cut-short-is-finished.md).
      await finishDeletionCutShort(c, user, rightPasswordQueries(db, lockKey, client, device));
      throw unauthorized(ACCOUNT_DELETED);
    }
    const account = withPersonSettings(user, person);
    const session = newSession(db, user.id, sessionData(c, "password"));
    const rehash = needsRehash(user.passwordHash)
      ? [
          db
            .update(users)
            .set({ passwordHash: await hashPassword(password) })
            .where(eq(users.id, user.id)),
        ]
      : [];
    // The browser's cookies for the account are replaced by the one issueToken sets below.
    const replaced = devices.filter((known) => known.userId === user.id);
    // One change: the session, the cap, the attempt's counters, the device cookies retired and a
    // rehash, in one batch. Past the cap, the least recently used devices are signed out and told why.
    const now = new Date();
    await commitChange(
      requestScope(c, { id: user.id, timeZone: account.timeZone, dayStartHour: account.dayStartHour }, now),
      () => ({
        statements: [
          session.insert,
          capSessionsQuery(db, user.id, session.sid),
          ...rightPasswordQueries(db, lockKey, client, device),
          ...(replaced.length > 0 ? [retireDevicesQuery(db, replaced, now)] : []),
          ...rehash,
        ],
        events: [],
        eventsAfter: ({ results: [, capped] }) => [
          {
            type: "sessions-ended",
            sessionIds: capped.map((row) => row.sid),
            reason: "too-many-sessions",
          },
        ],
      }),
    );
    const token = await issueToken(c, user, session.sid, devices);
    return c.json({ token, user: toPublicUser(account) });
  })
  // Public: the login page offers the identity provider only when one is configured.
  .get("/providers", (c) => c.json({ oidc: oidcConfigured(c.env) } satisfies AuthProviders))
  .get("/user", requireUser, beginDay, async (c) => {
    const { row: user } = await readAccountAsUser(c);
    return c.json(toPublicUser(user));
  })
  .post("/logout", requireUser, applyOnce, async (c) => {
    const {
      user: { sessionId },
      commit,
    } = await beginDirectoryChange(c);
    await commit(() => ({
      statements: [revokeSessionQuery(c.var.directory, sessionId)],
      events: [{ type: "sessions-ended", sessionIds: [sessionId] }],
    }));
    clearSessionCookie(c);
    return c.body(null, 204);
  });
