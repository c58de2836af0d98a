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

/** Which of username / email another account already uses, for a clear 409. */
export async function findTakenIdentity(
  db: Db,
  { username, email }: { username?: string; email?: string },
  exceptUserId?: string,
): Promise<"username" | "email" | null> {
  if (username) {
    const row = await db.query.users.findFirst({
      where: sql`lower(${users.username}) = ${username.toLowerCase()}`,
      columns: { id: true },
    });
    if (row && row.id !== exceptUserId) return "username";
  }
  if (email) {
    const row = await db.query.users.findFirst({ where: eq(users.email, email), columns: { id: true } });
    if (row && row.id !== exceptUserId) return "email";
  }
  return null;
}
