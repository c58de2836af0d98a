import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import type { AccountInfo } from "../../shared/schemas/account";
import {
  accountUpdateSchema,
  changePasswordSchema,
  confirmsDeletion,
  DELETE_CONFIRMATION_WORD,
  deleteAccountSchema,
} from "../../shared/schemas/account";
import { wordsAsText } from "../../shared/words";
import { deleteDailyAnalyticsOfUserQuery } from "../analytics/user-data";
import { clearSessionCookie } from "../auth/cookies";
import { applyOnce, requireUser } from "../auth/middleware";
import { hashPassword, verifyPassword } from "../auth/password";
import { accountDeletionInDirectory, readAccountAsUser, withPersonSettings } from "../auth/person-row";
import { homeOf, readAsUser, readDirectoryAsUser } from "../auth/session-read";
import { revokeOtherSessionsQuery } from "../auth/sessions";
import {
  accountLockKey,
  assertNotLocked,
  clientAddress,
  countingAttempt,
  lockRowsQuery,
  passwordCheckAttemptQueries,
  refundPasswordCheckQuery,
  rightPasswordQueries,
  sessionDeviceId,
} from "../auth/throttle";
import { identityOwnersQuery, identityTaken, takenIdentityAmong, toPublicUser, userByIdQuery } from "../auth/users";
import { commitChange } from "../changes/pipeline";
import { requestScope } from "../changes/request";
import { deleteDayClosesOfUserQuery, deleteDayPlansOfUserQuery } from "../day/user-data";
import { abortBatchIf, abortedBy, isUniqueViolation } from "../db/batch-guard";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import type { AppEnv } from "../env";
import { deleteFocusSessionsOfUserQuery } from "../focus/user-data";
import { deleteChangeReceiptsOfUserQuery } from "../http/apply-once";
import { ApiError, badRequest, unauthorized } from "../http/errors";
import { validate } from "../http/validation";
import { deleteSuggestionUsageOfUserQuery } from "../suggestions/user-data";
import { deleteTasksOfUserQuery } from "../tasks/user-data";
import { beginDay } from "../today/begin-day";
import { accountSessionRoutes } from "./devices";
import { accountExportRoutes } from "./export";

const TAKEN = {
  username: msg`That username is already taken.`,
  email: msg`An account with that email already exists.`,
} as const;

function takenError(field: "username" | "email") {
  return new ApiError(409, TAKEN[field], [{ path: [field], message: wordsAsText(TAKEN[field]) }]);
}

type AccountUpdateInput = z.output<typeof accountUpdateSchema>;
/**
 * What PATCH /api/account writes on the users row: the fields as sent (drizzle leaves undefined
 * keys out of the SET clause), the nudge's and the close's pairs as their columns; whether the
 * day or its timed parts moved, so the hub's schedule and every device follow; and whether any of
 * the person's settings were sent, which every other device reads again
 * (docs/decisions/398-a-change-of-settings-reaches-every-device.md).
 */
function accountColumns({ planReminder, dayClose, ...fields }: Partial<AccountUpdateInput>) {
  return {
    columns: {
      ...fields,
      ...(planReminder ? { planReminderEnabled: planReminder.enabled, planReminderTime: planReminder.time } : {}),
      ...(dayClose ? { dayCloseEnabled: dayClose.enabled, dayCloseTime: dayClose.time } : {}),
      updatedAt: new Date(),
    },
    movesTheDay:
      fields.timeZone !== undefined ||
      fields.dayStartHour !== undefined ||
      planReminder !== undefined ||
      dayClose !== undefined,
    changesSettings: Object.values({ planReminder, dayClose, ...fields }).some((value) => value !== undefined),
  };
}
type UserRow = typeof users.$inferSelect;

/**
 * The session check, the user's row and the attempt at re-entering the password, in one trip
 * (docs/decisions/054-every-write-makes-most-two-d1.md): the attempt is counted on the session's
 * own counter before the password is checked, so a burst gets at most its limit of verdicts
 * (docs/decisions/168-attempts-counted-before-the-check.md). A session whose user is gone is
 * signed out. The signed-in session is a known device with a counter of its own, so strangers'
 * sign-in failures at this address or at this account never lock it
 * (docs/decisions/131-device-cookies.md). `personMayBeGone`: readDirectoryAsUser's.
 */
async function readAccountForPasswordCheck(c: Context<AppEnv>, options: { personMayBeGone?: boolean } = {}) {
  const client = clientAddress(c);
  const device = sessionDeviceId(c.var.claims?.sessionId ?? "");
  const {
    user,
    data: [[row]],
  } = await countingAttempt(
    () =>
      readDirectoryAsUser(
        c,
        (db, userId) => [userByIdQuery(db, userId), ...passwordCheckAttemptQueries(db, userId, device)],
        options,
      ),
    async () => {
      const { user } = await readAsUser(c);
      const lockKey = accountLockKey(user.id);
      assertNotLocked(await lockRowsQuery(c.var.directory, lockKey, client, device), lockKey, client, device);
    },
  );
  if (!row) throw unauthorized();
  return { user, row, lockKey: accountLockKey(row.id), client, device };
}

/**
 * Checks a re-entered password, whose attempt readAccountForPasswordCheck counted: a wrong one
 * stays counted, so a stolen session cannot be used to guess the password at leisure; one not
 * sent is given back.
 */
async function assertPassword(
  c: Context<AppEnv>,
  account: Awaited<ReturnType<typeof readAccountForPasswordCheck>>,
  hash: string,
  password: string | undefined,
  field: string,
) {
  if (!password) {
    await refundPasswordCheckQuery(c.var.directory, account.device);
    const message = "Enter your current password.";
    throw badRequest(message, [{ path: [field], message }]);
  }
  if (!(await verifyPassword(password, hash))) {
    const message = "Your current password is not correct.";
    throw badRequest(message, [{ path: [field], message }]);
  }
}

/**
 * /api/account: the signed-in person's own account
 * (docs/decisions/001-name-pages-brief-left-open.md, settings). Each route names requireUser
 * itself, like the other capabilities, and checks the session with its first read.
 */
export const accountRoutes = new Hono<AppEnv>()
  .get("/", requireUser, beginDay, async (c) => {
    const { row } = await readAccountAsUser(c);
    return c.json({
      hasPassword: row.passwordHash !== null,
      hasIdentityProvider: row.oidcSubject !== null,
      createdAt: row.createdAt.toISOString(),
    } satisfies AccountInfo);
  })
  // Written once for every home (docs/decisions/273-the-person-row-in-two-places.md): the names
  // and email are the account's, guarded against another account taking them; the settings are the
  // person's rows', a change through the pipeline (the hub follows the day's settings). PersonHome
  // sends both in one batch when they share a database, else the account's first.
  .patch("/", requireUser, beginDay, applyOnce, validate("json", accountUpdateSchema), async (c) => {
    const { firstName, lastName, username, email, ...settings } = c.req.valid("json");
    const identity = { username, email };
    const home = homeOf(c);
    // The session check and who else uses the new name or email in one trip; the update in a second.
    const {
      user,
      data: [owners],
    } = await readDirectoryAsUser(c, (directory) => [identityOwnersQuery(directory, identity)]);
    const taken = takenIdentityAmong(owners, user.id);
    if (taken) throw takenError(taken);
    const { columns, movesTheDay, changesSettings } = accountColumns(settings);
    // The guard repeats the check inside the write's transaction: another account that took the
    // name meanwhile, in another letter case (which the unique index alone lets in), leaves this
    // one unchanged (docs/decisions/054-every-write-makes-most-two-d1.md). drizzle leaves
    // undefined keys out of the SET clause.
    const accountWrite = [
      abortBatchIf(home.account, users, identityTaken(identity, user.id)),
      home.account
        .update(users)
        .set({ firstName, lastName, username, email, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning(),
    ] as const;
    let account: UserRow | undefined;
    let person: UserRow | undefined;
    try {
      const [[, accountRows], [personRows]] = await home.accountBeforeRows(accountWrite, async (alongside) => {
        const settingsWrite = home.rows.update(users).set(columns).where(eq(users.id, user.id)).returning();
        const { results } = await commitChange(requestScope(c, user, new Date()), () => ({
          statements: [...alongside, settingsWrite],
          events: [],
          eventsAfter: ({ results: written }) => {
            const [stored] = written.at(-1) as UserRow[];
            if (!stored || !changesSettings) return [];
            const settingsChanged = { type: "settings-changed" } as const;
            return movesTheDay ? [{ type: "day-settings-changed", user: stored }, settingsChanged] : [settingsChanged];
          },
        }));
        return results;
      });
      [account] = accountRows as UserRow[];
      [person] = personRows as UserRow[];
    } catch (err) {
      // Lost a race with another account taking the same name or email between the check and the write.
      if (abortedBy(err, users) || isUniqueViolation(err)) {
        const takenNow = takenIdentityAmong(await identityOwnersQuery(home.account, identity), user.id);
        throw takenError(takenNow ?? (username !== undefined ? "username" : "email"));
      }
      throw err;
    }
    // A session whose user is gone is signed out.
    if (!account) throw unauthorized();
    return c.json(toPublicUser(withPersonSettings(account, person)));
  })
  .post("/password", requireUser, beginDay, applyOnce, validate("json", changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const account = await readAccountForPasswordCheck(c);
    const { user, row, lockKey, client, device } = account;
    // Credentials and sessions are the directory's rows (docs/decisions/270-person-databases.md).
    const db = c.var.directory;
    // People who only sign in through an identity provider have no password yet: they may set one.
    if (row.passwordHash) await assertPassword(c, account, row.passwordHash, currentPassword, "currentPassword");
    const passwordHash = await hashPassword(newPassword);
    const now = new Date();
    // Device cookies issued before now no longer vouch for their browsers (docs/decisions/175-device-cookies-retire.md).
    const update = db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id));
    const revoke = revokeOtherSessionsQuery(db, user.id, user.sessionId).returning({ sid: sessions.sid });
    // The second trip: every write in one batch. The devices signed out say why on their sign-in
    // screen (docs/product.md#signed-out-by-a-password-change).
    const {
      results: [, revoked],
    } = await commitChange(requestScope(c, user, now, db), () => ({
      statements: [update, revoke, ...rightPasswordQueries(db, lockKey, client, device)],
      events: [],
      eventsAfter: ({ results: [, ended] }) => [
        { type: "sessions-ended", sessionIds: ended.map((row) => row.sid), reason: "password-changed" },
      ],
    }));
    return c.json({ signedOutSessions: revoked.length });
  })
  .delete("/", requireUser, applyOnce, validate("json", deleteAccountSchema), async (c) => {
    const { confirmation, password } = c.req.valid("json");
    // A session whose person's row is gone from their home may finish the deletion that cleared it
    // (docs/decisions/315-a-deletion-cut-short-is-finished.md).
    const account = await readAccountForPasswordCheck(c, { personMayBeGone: true });
    const { row } = account;
    const { directory } = c.var;
    if (!confirmsDeletion(confirmation, row.username)) {
      const message = row.username
        ? `Type your username (${row.username}) or ${DELETE_CONFIRMATION_WORD} to confirm.`
        : `Type ${DELETE_CONFIRMATION_WORD} to confirm.`;
      throw badRequest(message, [{ path: ["confirmation"], message }]);
    }
    if (row.passwordHash) await assertPassword(c, account, row.passwordHash, password, "password");
    // Every row of the user in one transaction (the second trip). The foreign keys cascade from
    // users, but each table is named so that nothing is left behind if a cascade is ever changed:
    // focus_sessions, tasks, daily_analytics, day_plans, day_closes, sessions (and with them push_subscriptions),
    // login_failures, users; undo_actions go with the user row.
    const homeRows = (home: Db) => [
      deleteFocusSessionsOfUserQuery(home, row.id),
      deleteTasksOfUserQuery(home, row.id),
      deleteDailyAnalyticsOfUserQuery(home, row.id),
      deleteDayPlansOfUserQuery(home, row.id),
      deleteChangeReceiptsOfUserQuery(home, row.id),
      deleteSuggestionUsageOfUserQuery(home, row.id),
      deleteDayClosesOfUserQuery(home, row.id),
    ];
    const now = new Date();
    // The person's rows first: in the account's one transaction when they share its database, else
    // in their home, their own row there with them, before the directory's account row, so a
    // deletion cut short is finished by asking again (docs/decisions/270-person-databases.md).
    const alongside = await homeOf(c).rowsBeforeAccount(homeRows, (home, statements) =>
      commitChange(requestScope(c, account.user, now, home), () => ({
        statements: [...statements, home.delete(users).where(eq(users.id, row.id))],
        events: [],
      })),
    );
    // The hub is wiped after the batch, keeping the sessions it revoked as revoked.
    await commitChange(requestScope(c, account.user, now, directory), () =>
      accountDeletionInDirectory(directory, row, alongside),
    );
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .route("/sessions", accountSessionRoutes)
  .route("/", accountExportRoutes);
