import { msg } from "@lingui/core/macro";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { REMOVED_MARKER } from "../../shared/constants";
import { noListAgainSchema } from "../../shared/schemas/day";
import { type ClearNoListResult, clearNoListSchema, commitNoListSchema } from "../../shared/schemas/no-list";
import { beginRowChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { guardOn } from "../changes/guard";
import { markPlannedStatement } from "../day/plan";
import type { Db } from "../db/client";
import { idsIn } from "../db/ids-in";
import { tasks } from "../db/schema";
import { isVisible, toTask } from "../db/task-rows";
import type { AppEnv } from "../env";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { newUndoTicket, recordUndoStatements } from "./undo";

const SOME_MISSING = msg`Some of these tasks were not found. Nothing was changed.`;
const NONE_FOUND = msg`None of these tasks were found.`;

/** The user's visible tasks among these ids. */
function ownVisibleAmong(userId: string, ids: readonly number[]): SQL {
  return and(eq(tasks.userId, userId), isVisible(), idsIn(tasks.id, ids)) as SQL;
}

/** The user's visible tasks among these ids that are on the "No" list. */
function ownNoListAmong(userId: string, ids: readonly number[]): SQL {
  return and(ownVisibleAmong(userId, ids), eq(tasks.category, "no_list")) as SQL;
}

/** How many tasks match `among` (read with the session check). */
function countQuery(db: Db, among: SQL) {
  return db.select({ n: count() }).from(tasks).where(among);
}

/**
 * First statement of an all-or-nothing change: the batch fails whole (abortBatchIf) unless ALL ids
 * still match `among` as it runs, so a task deleted between the check and the batch can leave no
 * half-done change, nor a day marked planned by a commit that changed nothing.
 */
function unlessAllStillMatch(db: Db, among: SQL, expected: number) {
  return guardOn(db, tasks, sql`(${countQuery(db, among)}) <> ${expected}`);
}

/** A guard's abort (some task changed meanwhile) answers 404. */
const someMissing = {
  whenAborted: () => {
    throw notFound(SOME_MISSING);
  },
};

/** The session check and the count of the user's visible tasks among the ids, in one trip. */
async function sessionAndOwnCount(c: Context<AppEnv>, ids: readonly number[]) {
  const { row, ...change } = await beginRowChange(c, (db, userId) => countQuery(db, ownVisibleAmong(userId, ids)));
  return { ...change, owned: row?.n ?? 0 };
}

/**
 * Mounted at /api. The "No" list's multi-task changes (docs/product.md#no-list-screen), each one statement in one D1
 * batch with its analytics, so a list is committed or cleared entirely or not at all.
 * Each route names requireUser itself so unknown /api paths still answer 404.
 */
export const noListRoutes = new Hono<AppEnv>()
  .post("/commit", requireUser, beginDay, applyOnce, validate("json", commitNoListSchema), async (c) => {
    const { items } = c.req.valid("json");
    const ids = items.map((item) => item.id);
    const itemsJson = JSON.stringify(items);
    // A missing id and another user's id look the same: 404, never a hint that the task exists.
    const { user, owned, now, commit } = await sessionAndOwnCount(c, ids);
    if (owned !== items.length) throw notFound(SOME_MISSING);
    const { db } = c.var;
    const today = todayOf(user, now).date;
    const update = db
      .update(tasks)
      .set({
        category: "no_list",
        categoryChosen: true,
        noListDate: today,
        priorityDate: null,
        // Each task gets its own reason from the same JSON list (null when none was given).
        noListReason: sql`(select json_extract(value, '$.reason') from json_each(${itemsJson}) where json_extract(value, '$.id') = ${tasks.id})`,
        isPriority: false,
        updatedAt: now,
      })
      .where(ownVisibleAmong(user.id, ids))
      .returning();
    // A "No" list commit also plans the day (docs/product.md#plan-your-day).
    const {
      results: [updated],
    } = await commit(
      () => ({
        guards: [unlessAllStillMatch(db, ownVisibleAmong(user.id, ids), ids.length)],
        statements: [update, markPlannedStatement(db, user.id, today, now)],
        events: [{ type: "tasks-edited" }, { type: "day-planned" }],
      }),
      someMissing,
    );
    return c.json({ tasks: updated.map(toTask) });
  })
  // "Again today": earlier "No" list items said no to again (docs/product.md#the-day); all or nothing.
  .post("/again", requireUser, beginDay, applyOnce, validate("json", noListAgainSchema), async (c) => {
    const { ids } = c.req.valid("json");
    const { user, row, now, commit } = await beginRowChange(c, (db, userId) =>
      countQuery(db, ownNoListAmong(userId, ids)),
    );
    if ((row?.n ?? 0) !== ids.length) throw notFound(SOME_MISSING);
    const { db } = c.var;
    const onTheList = ownNoListAmong(user.id, ids);
    const {
      results: [updated],
    } = await commit(
      () => ({
        guards: [unlessAllStillMatch(db, onTheList, ids.length)],
        statements: [
          db
            .update(tasks)
            .set({ noListDate: todayOf(user, now).date, updatedAt: now })
            .where(onTheList)
            .returning(),
        ],
        events: [{ type: "no-items-said-again" }],
      }),
      someMissing,
    );
    return c.json({ tasks: updated.map(toTask) });
  })
  .post("/clear", requireUser, beginDay, applyOnce, validate("json", clearNoListSchema), async (c) => {
    const { ids } = c.req.valid("json");
    const idsJson = JSON.stringify(ids);
    // Nothing of this user's to clear: answer before the batch, so a refused call writes nothing
    // (not even the analytics recount).
    const { user, owned, now, commit } = await sessionAndOwnCount(c, ids);
    if (owned === 0) throw notFound(NONE_FOUND);
    const { db } = c.var;
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
        noListDate: null,
        isPriority: false,
        priorityDate: null,
        title: sql`${`${REMOVED_MARKER} Task `} || ${tasks.id}`,
        completedAt: sql`coalesce(${tasks.completedAt}, ${now.getTime()})`,
        completedDay: sql`coalesce(${tasks.completedDay}, ${todayOf(user, now).date})`,
        updatedAt: now,
      })
      .where(ownVisibleAmong(user.id, ids))
      .returning({ id: tasks.id });
    // The undo record is read in the same batch, just before the update, so it holds exactly the
    // rows the update clears, as they were.
    const ticket = newUndoTicket(now);
    const {
      results: [, , cleared],
    } = await commit(() => ({
      statements: [...recordUndoStatements(db, user.id, idsJson, null, ticket, now), update],
      // A cleared task is gone from every list: a timer about it ends like one about a deleted
      // task. Of the ids, only the person's visible tasks are cleared: a timer is about one of
      // them, or about a task gone already.
      events: [{ type: "tasks-removed", taskIds: ids }],
      changed: ({ results: [, , rows] }) => rows.length > 0,
    }));
    if (cleared.length === 0) throw notFound(NONE_FOUND);
    return c.json({
      cleared: cleared.length,
      notCleared: ids.length - cleared.length,
      undoToken: ticket.undoToken,
      undoUntil: ticket.undoUntil,
    } satisfies ClearNoListResult);
  });
