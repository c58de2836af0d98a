import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { isDueOn } from "../../shared/routines";
import { type ImportRoutinesAnswer, importRoutinesSchema, MAX_ROUTINES } from "../../shared/schemas/routines";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { guardOn } from "../changes/guard";
import { routines } from "../db/schema";
import type { AppEnv } from "../env";
import { conflict } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { routinesActiveQuery, routinesActiveStatement, settingsTold } from "./active-flag";
import { makeOccurrencesStatements } from "./occurrences";
import { routinesQuery } from "./reads";
import { ruleColumnsOf } from "./rule-columns";

/*
 * POST /api/routines/import (docs/decisions/301-routines-imported-from-an-export.md): the routines
 * of an export file, made in ONE change of the pipeline as if made by hand that moment: today's
 * occurrences of those due today at once, users.routines_active, the hub told. A routine the person
 * has already (the same title, in any case, and the same rule) is left as it is, so importing a
 * file twice, or a replay of the change, makes nothing twice. All or nothing within the 100.
 */

/** Rows of one INSERT: D1 binds at most 100 values to a statement and a routine's row takes 9. */
const ROWS_PER_INSERT = 10;

/** What makes two routines the same: the title as a person reads it and the rule as stored. */
const sameness = (title: string, rule: { kind: string; weekDays?: number; n?: number }) =>
  `${title.trim().toLocaleLowerCase()}\n${rule.kind} ${rule.weekDays ?? 0} ${rule.n ?? 0}`;

const CHANGED_MEANWHILE = "Your routines changed while importing: import the file again to bring the rest.";
const tooMany = (have: number, bringing: number) =>
  `You can keep at most ${MAX_ROUTINES} routines: you have ${have}, and this file brings ${bringing} more.`;

/** Mounted at /api/routines/import. */
export const routineImportRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  beginDay,
  applyOnce,
  validate("json", importRoutinesSchema),
  async (c) => {
    const input = c.req.valid("json");
    const {
      user,
      data: [existing, active],
      now,
      commit,
    } = await beginChange(c, (db, userId) => [routinesQuery(db, userId), routinesActiveQuery(db, userId)] as const);
    const today = todayOf(user, now).date;
    const seen = new Set(existing.map((routine) => sameness(routine.title, routine)));
    const fresh = input.routines.filter((routine) => {
      const key = sameness(routine.title, ruleColumnsOf(routine.repeat));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const answer: ImportRoutinesAnswer = { imported: fresh.length, alreadyHere: input.routines.length - fresh.length };
    if (fresh.length === 0) return c.json(answer, 200);
    if (existing.length + fresh.length > MAX_ROUTINES) throw conflict(tooMany(existing.length, fresh.length));

    const { db } = c.var;
    // Ids only grow: the routines made by this batch are the person's above the highest read.
    const newest = existing.reduce((highest, routine) => Math.max(highest, routine.id), 0);
    const ours = and(eq(routines.userId, user.id), gt(routines.id, newest)) as SQL;
    const rows = fresh.map((routine) => ({
      userId: user.id,
      title: routine.title,
      ...ruleColumnsOf(routine.repeat),
      paused: routine.paused,
      // The day its rule counts from, as in the file (never after today).
      startDay: routine.startDay && routine.startDay <= today ? routine.startDay : today,
      createdAt: now,
      updatedAt: now,
    }));
    // Those due today get today's occurrence at once (as made by hand); paused ones none.
    const made = fresh.filter(
      (routine, index) => !routine.paused && isDueOn(routine.repeat, today, rows[index]?.startDay ?? today),
    ).length;
    const inserts = Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, index) =>
      db.insert(routines).values(rows.slice(index * ROWS_PER_INSERT, (index + 1) * ROWS_PER_INSERT)),
    );

    await commit(
      () => ({
        // The person's routines changed since they were read (another device, or the same file
        // imported twice at once): the batch is refused whole, so nothing is made twice and the
        // 100 hold; the person imports again and the routines made meanwhile count as here.
        guards: [
          guardOn(
            db,
            routines,
            sql`(select count(*) || ' ' || coalesce(max(${routines.id}), 0) from ${routines} where ${routines.userId} = ${user.id}) != ${`${existing.length} ${newest}`}`,
          ),
        ],
        statements: [
          ...inserts,
          ...makeOccurrencesStatements(db, user.id, today, now, ours),
          routinesActiveStatement(db, user.id),
        ],
        // Today's occurrences are tasks created today (docs/decisions/302-occurrences-count-as-created.md).
        events: [made > 0 ? { type: "tasks-created", count: made } : { type: "tasks-edited" }],
        eventsAfter: settingsTold(active),
      }),
      {
        whenAborted: () => {
          throw conflict(CHANGED_MEANWHILE);
        },
      },
    );
    return c.json(answer, 201);
  },
);
