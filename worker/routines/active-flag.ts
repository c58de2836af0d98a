import { eq, sql } from "drizzle-orm";
import type { ChangeEvent } from "../changes/events";
import type { Db } from "../db/client";
import { routines, users } from "../db/schema";

/*
 * users.routines_active: whether the person has a routine that is not paused, so the hub wakes at
 * their day's start to make its occurrences (docs/decisions/281-one-occurrence-made-at-day-start.md).
 * Every change of routines writes it last in its batch and tells the hub when it changed.
 */

/** users.routines_active written from the routines as the batch leaves them, the row read back. */
export function routinesActiveStatement(db: Db, userId: string) {
  return db
    .update(users)
    .set({
      routinesActive: sql`exists (select 1 from ${routines} where ${routines.userId} = ${userId} and ${routines.paused} = 0)`,
    })
    .where(eq(users.id, userId))
    .returning();
}

/** users.routines_active as the change's first read found it. */
export function routinesActiveQuery(db: Db, userId: string) {
  return db.select({ active: users.routinesActive }).from(users).where(eq(users.id, userId)).limit(1);
}

/**
 * When the batch changed users.routines_active (the first routine made, the last one paused or
 * deleted...), the hub learns the person's day settings as stored, so it wakes at the day's start
 * or stops; otherwise it is told nothing more than any change of tasks.
 */
export function settingsTold(before: readonly { active: boolean }[]) {
  return ({ results }: { results: readonly unknown[] }): ChangeEvent[] => {
    const [user] = results.at(-1) as (typeof users.$inferSelect)[];
    return user && user.routinesActive !== before[0]?.active ? [{ type: "day-settings-changed", user }] : [];
  };
}
