import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { REMOVED_MARKER } from "../../shared/constants";
import { type ClearNoListResult, clearNoListSchema, commitNoListSchema } from "../../shared/schemas/no-list";
import { analyticsStatements } from "../analytics/recorder";
import { requireUser } from "../auth/middleware";
import { readRowAsUser } from "../auth/session-read";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import type { AppEnv } from "../env";
import { announceTasksChanged } from "../focus/live";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { isVisible, toTask } from "./task-rows";
import { newUndoTicket, recordUndoStatements } from "./undo";

const SOME_MISSING = "Some of these tasks were not found. Nothing was changed.";
const NONE_FOUND = "None of these tasks were found.";

/**
 * The ids travel as ONE bound JSON parameter read with json_each: D1 allows 100 bound parameters
 * per statement, and a list of up to 500 ids must still be one statement.
 */
const idIn = (idsJson: string) => sql`${tasks.id} in (select value from json_each(${idsJson}))`;

/** The user's visible tasks among these ids: every one of them must exist for the change to apply. */
function ownVisibleAmong(userId: string, idsJson: string): SQL {
  return and(eq(tasks.userId, userId), isVisible(), idIn(idsJson)) as SQL;
}

/**
 * Guard for the update itself: it applies only if ALL ids are still the user's visible tasks at the
 * moment it runs, so a task deleted between the check and the batch cannot leave a half-done change.
 */
function allPresent(db: Db, userId: string, idsJson: string, expected: number): SQL {
  const present = db.select({ n: count() }).from(tasks).where(ownVisibleAmong(userId, idsJson));
  return sql`(${present}) = ${expected}`;
}

/** How many of these ids are the user's visible tasks (read with the session check). */
function ownVisibleCountQuery(db: Db, userId: string, idsJson: string) {
  return db.select({ n: count() }).from(tasks).where(ownVisibleAmong(userId, idsJson));
}

/** The session check and the count of the user's visible tasks among the ids, in one trip. */
async function sessionAndOwnCount(c: Context<AppEnv>, idsJson: string) {
  const { user, row } = await readRowAsUser(c, (db, userId) => ownVisibleCountQuery(db, userId, idsJson));
  return { user, owned: row?.n ?? 0 };
}

/**
 * Mounted at /api. The "No" list's multi-task changes (docs/product.md#no-list-screen), each one statement in one D1
 * batch with its analytics, so a list is committed or cleared entirely or not at all.
 * Each route names requireUser itself so unknown /api paths still answer 404.
 */
export const noListRoutes = new Hono<AppEnv>()
  .post("/commit", requireUser, validate("json", commitNoListSchema), async (c) => {
    const { items } = c.req.valid("json");
    const idsJson = JSON.stringify(items.map((item) => item.id));
    const itemsJson = JSON.stringify(items);
    // A missing id and another user's id look the same: 404, never a hint that the task exists.
    const { user, owned } = await sessionAndOwnCount(c, idsJson);
    if (owned !== items.length) throw notFound(SOME_MISSING);
    const { db } = c.var;
    const now = new Date();
    const update = db
      .update(tasks)
      .set({
        category: "no_list",
        categoryChosen: true,
        // Each task gets its own reason from the same JSON list (null when none was given).
        noListReason: sql`(select json_extract(value, '$.reason') from json_each(${itemsJson}) where json_extract(value, '$.id') = ${tasks.id})`,
        isPriority: false,
        updatedAt: now,
      })
      .where(and(ownVisibleAmong(user.id, idsJson), allPresent(db, user.id, idsJson, items.length)))
      .returning();
    const [updated] = await db.batch([update, ...analyticsStatements(db, user, [{ type: "categories-changed" }], now)]);
    if (updated.length !== items.length) throw notFound(SOME_MISSING);
    await announceTasksChanged(c, user.id);
    return c.json({ tasks: updated.map(toTask) });
  })
  .post("/clear", requireUser, validate("json", clearNoListSchema), async (c) => {
    const { ids } = c.req.valid("json");
    const idsJson = JSON.stringify(ids);
    // Nothing of this user's to clear: answer before the batch, so a refused call writes nothing
    // (not even the analytics recount).
    const { user, owned } = await sessionAndOwnCount(c, idsJson);
    if (owned === 0) throw notFound(NONE_FOUND);
    const { db } = c.var;
    const now = new Date();
    // The clear in docs/product.md#no-list-screen, row by row: completed, no category, no reason, not priority, renamed so it
    // is hidden everywhere. Clearing is a removal, not an achievement: no completion is counted.
    // Unlike a commit it is partial, as the spec's clear is: the user's visible tasks among the ids
    // are cleared (in one statement) and the others (gone meanwhile, cleared already, or not
    // theirs) are counted as not cleared, so the screen can say "2 tasks cleared, 1 failed."
    const update = db
      .update(tasks)
      .set({
        isCompleted: true,
        category: null,
        noListReason: null,
        isPriority: false,
        title: sql`${`${REMOVED_MARKER} Task `} || ${tasks.id}`,
        completedAt: sql`coalesce(${tasks.completedAt}, ${now.getTime()})`,
        updatedAt: now,
      })
      .where(ownVisibleAmong(user.id, idsJson))
      .returning({ id: tasks.id });
    // The undo record is read in the same batch, just before the update, so it holds exactly the
    // rows the update clears, as they were.
    const ticket = newUndoTicket(now);
    const [, , cleared] = await db.batch([
      ...recordUndoStatements(db, user.id, idsJson, null, ticket, now),
      update,
      ...analyticsStatements(db, user, [{ type: "categories-changed" }], now),
    ]);
    if (cleared.length === 0) throw notFound(NONE_FOUND);
    // A cleared task is gone from every list: a timer about it ends like one about a deleted task.
    await announceTasksChanged(c, user.id, { removedTasks: cleared.map((row) => row.id) });
    return c.json({
      cleared: cleared.length,
      notCleared: ids.length - cleared.length,
      undoToken: ticket.undoToken,
      undoUntil: ticket.undoUntil,
    } satisfies ClearNoListResult);
  });
