import { eq, or, sql } from "drizzle-orm";
import { DEFAULT_DAY_START_HOUR, dayOf } from "../../shared/day";
import type { User } from "../../shared/schemas/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash or identity-provider ids. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    timeZone: row.timeZone,
    defaultFocusMinutes: row.defaultFocusMinutes,
    dayStartHour: row.dayStartHour,
    planReminder: { enabled: row.planReminderEnabled, time: row.planReminderTime },
    dayClose: { enabled: row.dayCloseEnabled, time: row.dayCloseTime },
    usualFocusMinutes: row.usualFocusMinutes,
    language: row.language,
  };
}

/**
 * The user row of this id as a one-row list: a plain select, so a read can batch it with its
 * session check (drizzle's findFirst fails inside a batch when no row matches).
 */
export function userByIdQuery(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).limit(1);
}

/**
 * The day a new account's first day is, stamped as begun in its row: a person who has nothing yet
 * has nothing to prepare, and their first read costs no more than any other
 * (docs/decisions/259-the-day-begins-on-the-server.md). The start hour is the default one.
 */
export function firstDayOf(timeZone: string, now = new Date()): string {
  return dayOf(now, timeZone, DEFAULT_DAY_START_HOUR);
}

/** A login is a username (any letter case) or an email. */
export function loginMatch(login: string) {
  const value = login.trim().toLowerCase();
  return or(sql`lower(${users.username}) = ${value}`, eq(users.email, value));
}

/** The account a login names, as a one-row list (a plain select, so sign-in can batch it). */
export function userByLoginQuery(db: Db, login: string) {
  return db.select().from(users).where(loginMatch(login)).limit(1);
}

type Identity = { username?: string; email?: string };

/** The conditions that an account uses this username (any case) or this email. */
function identityMatches({ username, email }: Identity) {
  // Matched in SQL, as the unique check compares: lower() folds ASCII only, unlike JavaScript.
  return {
    username: username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : sql`0`,
    email: email ? sql`${users.email} = ${email}` : sql`0`,
  };
}

/** The accounts that use this username (any case) or email: one select, so it can join a batch. */
export function identityOwnersQuery(db: Db, identity: Identity) {
  const match = identityMatches(identity);
  // Named columns: in a D1 batch, unnamed expressions came back in the wrong fields.
  return db
    .select({
      id: users.id,
      username: sql<number>`${match.username}`.mapWith(Boolean).as("username_taken"),
      email: sql<number>`${match.email}`.mapWith(Boolean).as("email_taken"),
    })
    .from(users)
    .where(or(match.username, match.email));
}

/**
 * True when an account (other than `exceptUserId`) uses this username (any case) or email:
 * identityOwnersQuery's check as a condition, for a guard inside the write (the unique indexes
 * compare the username's exact case only, so they alone would let "Ada" and "ada" both in).
 */
export function identityTaken(identity: Identity, exceptUserId?: string) {
  const match = identityMatches(identity);
  const other = exceptUserId === undefined ? sql`1` : sql`${users.id} <> ${exceptUserId}`;
  return sql`exists (select 1 from ${users} where (${match.username} or ${match.email}) and ${other})`;
}

/** Which of username / email an account other than `exceptUserId` uses, from identityOwnersQuery's rows. */
export function takenIdentityAmong(
  owners: readonly { id: string; username: boolean; email: boolean }[],
  exceptUserId?: string,
): "username" | "email" | null {
  const others = owners.filter((row) => row.id !== exceptUserId);
  if (others.some((row) => row.username)) return "username";
  if (others.some((row) => row.email)) return "email";
  return null;
}
