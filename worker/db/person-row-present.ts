import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";

/**
 * Whether the person's own users row is in this database: the row every one of their rows names by
 * its foreign key (docs/decisions/273-the-person-row-in-two-places.md), gone once their account is
 * deleted. The change pipeline asks it of a batch that failed
 * (docs/decisions/316-a-change-whose-person-is-gone.md), below every capability.
 */
export async function personRowPresent(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
