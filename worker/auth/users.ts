import { eq, or, sql } from "drizzle-orm";
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
  };
}

/**
 * The user row of this id as a one-row list: a plain select, so a read can batch it with its
 * session check (drizzle's findFirst fails inside a batch when no row matches).
 */
export function userByIdQuery(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).limit(1);
}

export async function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** A login is a username (any letter case) or an email. */
export async function findUserByLogin(db: Db, login: string) {
  const value = login.trim().toLowerCase();
  return db.query.users.findFirst({
    where: or(sql`lower(${users.username}) = ${value}`, eq(users.email, value)),
  });
}

type Identity = { username?: string; email?: string };

/** The accounts that use this username (any case) or email: one select, so it can join a batch. */
export function identityOwnersQuery(db: Db, { username, email }: Identity) {
  // Matched in SQL, as the unique check compares: lower() folds ASCII only, unlike JavaScript.
  // Named columns: in a D1 batch, unnamed expressions came back in the wrong fields.
  const usernameMatch = username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : sql`0`;
  const emailMatch = email ? sql`${users.email} = ${email}` : sql`0`;
  return db
    .select({
      id: users.id,
      username: sql<number>`${usernameMatch}`.mapWith(Boolean).as("username_taken"),
      email: sql<number>`${emailMatch}`.mapWith(Boolean).as("email_taken"),
    })
    .from(users)
    .where(or(usernameMatch, emailMatch));
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

/** Which of username / email another account already uses, for a clear 409. */
export async function findTakenIdentity(
  db: Db,
  identity: Identity,
  exceptUserId?: string,
): Promise<"username" | "email" | null> {
  if (!identity.username && !identity.email) return null;
  return takenIdentityAmong(await identityOwnersQuery(db, identity), exceptUserId);
}
