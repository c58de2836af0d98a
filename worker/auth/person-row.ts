import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { type Change, commitChange } from "../changes/pipeline";
import { requestScope } from "../changes/request";
import type { Db } from "../db/client";
import { homeForNewPerson } from "../db/person-db";
import { homeApartOf, ownRowOf } from "../db/person-session";
import { sessions, users } from "../db/schema";
import type { AppEnv } from "../env";
import { unauthorized } from "../http/errors";
import { readAccountAndRowsAsUser } from "./session-read";
import { revokeAllSessionsQuery } from "./sessions";
import { accountLockKey, clearAccountFailuresQuery } from "./throttle";
import { userByIdQuery } from "./users";

type UserRow = typeof users.$inferSelect;

/*
 * The person's own row in their home database (docs/decisions/273-the-person-row-in-two-places.md):
 * the directory's users row is the account (names, credentials, the home); the home's users row
 * holds what a change writes together with the person's rows (the zone, the day's start and
 * settings, the day begun, the tasks version). For a person homed in the directory they are one row.
 */

/** The settings a change of the person's rows reads and writes, kept in their home database. */
const PERSON_COLUMNS = [
  "timeZone",
  "defaultFocusMinutes",
  "dayStartHour",
  "planReminderEnabled",
  "planReminderTime",
  "dayCloseEnabled",
  "dayCloseTime",
  "usualFocusMinutes",
  "language",
  "routinesActive",
  "dayBegun",
  "tasksVersion",
] as const satisfies readonly (keyof UserRow)[];

/** The account's row with the person's own settings from their home row over it (the API's user). */
export function withPersonSettings(account: UserRow, person: UserRow | undefined): UserRow {
  if (!person || person === account) return account;
  const settings = Object.fromEntries(PERSON_COLUMNS.map((column) => [column, person[column]]));
  return { ...account, ...settings };
}

/** A new person: their home, and a handle on it (null when it is the directory itself). */
export function placeNewPerson(c: Context<AppEnv>, id: string): { home: number; person: Db | null } {
  const home = homeForNewPerson(c.env, c.req.raw, id);
  return { home, person: homeApartOf(c, home) };
}

/**
 * The person's own row in their home, written BEFORE the account in the directory: an account never
 * exists without it (a row left by a sign-up that then failed names no account, and is deleted by
 * forgetPersonRow on the paths that know).
 */
export async function insertPersonRow(
  person: Db,
  row: { id: string; home: number; timeZone: string; language: string; dayBegun: string; createdAt: Date },
): Promise<void> {
  await person.insert(users).values(row).onConflictDoNothing();
}

/** Removes the person row of a sign-up that did not make its account. */
export async function forgetPersonRow(person: Db, id: string): Promise<void> {
  await person.delete(users).where(eq(users.id, id));
}

/**
 * The person's own row in their home (the same row as the account's when that home is the
 * directory). Undefined only when their home's primary has none: the account's deletion was cut
 * short between the two databases (docs/decisions/315-a-deletion-cut-short-is-finished.md); a replica
 * that has no row yet (a sign-up's, just written) is asked again on the primary.
 */
export function personRowOf(c: Context<AppEnv>, account: UserRow): Promise<UserRow | undefined> {
  return ownRowOf(c, account, readUserRow);
}

/** A users row by id, or undefined. */
async function readUserRow(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, id);
  return row;
}

/**
 * The directory's part of an account's deletion, as one change: the account's sessions (each
 * device told), its sign-in records, the statements `alongside` (the person's rows when their home
 * is the directory, so all of it is one transaction), the account row last. It ends every deletion
 * (DELETE /api/account), and finishes one cut short after the person's home was cleared
 * (docs/decisions/315-a-deletion-cut-short-is-finished.md); the hub is wiped once it has committed.
 */
export function accountDeletionInDirectory(
  directory: Db,
  account: Pick<UserRow, "id" | "username" | "email">,
  alongside: readonly BatchItem<"sqlite">[] = [],
) {
  const logins = [account.username, account.email, accountLockKey(account.id)].filter((login): login is string =>
    Boolean(login),
  );
  const statements = [
    revokeAllSessionsQuery(directory, account.id).returning({ sid: sessions.sid }),
    clearAccountFailuresQuery(directory, logins),
    ...alongside,
    directory.delete(users).where(eq(users.id, account.id)),
  ] as const;
  return {
    statements,
    events: [{ type: "account-deleted" }],
    eventsAfter: ({ results: [revoked] }) => [
      { type: "sessions-ended", sessionIds: revoked.map((session) => session.sid) },
    ],
  } satisfies Change<typeof statements>;
}

/**
 * The signed-in person's account with their own settings (GET /api/auth/user, GET /api/account): the
 * session check, the account and the person's own row in one trip. A session whose account is gone
 * answers 401.
 */
export async function readAccountAsUser(c: Context<AppEnv>) {
  const {
    user,
    data: [[[account]], [[person]]],
  } = await readAccountAndRowsAsUser(
    c,
    (directory, userId) => [userByIdQuery(directory, userId)] as const,
    (db, userId) => [userByIdQuery(db, userId)] as const,
  );
  if (!account) throw unauthorized();
  return { user, row: withPersonSettings(account, person) };
}

/** The answer to a password sign-in that finished its account's deletion. */
export const ACCOUNT_DELETED = msg`This account was deleted. Its username and email are free to register again.`;

/**
 * Whether the person's own row is gone from their home while their account is in the directory
 * (never for a person homed in the directory): personRowOf's answer, for a sign-in that has only
 * the account's id and home.
 */
export async function personRowGone(c: Context<AppEnv>, account: Pick<UserRow, "id" | "home">): Promise<boolean> {
  return (await ownRowOf(c, account, readUserRow)) === undefined;
}

/**
 * A sign-in, its password right or its identity proved, to an account whose person's row is gone
 * from their home (its deletion cut short between the two databases): the caller makes no session,
 * and this finishes the deletion in the directory, with `alongside` (the sign-in's own writes)
 * (docs/decisions/315-a-deletion-cut-short-is-finished.md). The deletion counts nothing, so no day
 * of the person's matters to it.
 */
export async function finishDeletionCutShort(
  c: Context<AppEnv>,
  account: Pick<UserRow, "id" | "username" | "email">,
  alongside: readonly BatchItem<"sqlite">[] = [],
): Promise<void> {
  const { directory } = c.var;
  await commitChange(requestScope(c, { id: account.id, timeZone: "UTC" }, new Date(), directory), () =>
    accountDeletionInDirectory(directory, account, alongside),
  );
}
