import { msg } from "@lingui/core/macro";
import { and, eq, notExists, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { addDays } from "../../shared/day";
import { isDueOn } from "../../shared/routines";
import { idParamSchema } from "../../shared/schemas/common";
import {
  createRoutineSchema,
  MAX_ROUTINES,
  patchRoutineSchema,
  skipRoutineSchema,
} from "../../shared/schemas/routines";
import { beginChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import { readAsUser } from "../auth/session-read";
import { guardOn } from "../changes/guard";
import type { Db } from "../db/client";
import { routineDays, routines, tasks } from "../db/schema";
import type { AppEnv } from "../env";
import { conflict, notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { routinesActiveQuery, routinesActiveStatement, settingsTold } from "./active-flag";
import { routineImportRoutes } from "./import";
import { makeOccurrencesStatements } from "./occurrences";
import {
  type OccurrenceTask,
  type OlderDaysRow,
  occurrenceTasksQuery,
  olderDaysQuery,
  type RoutineDayRow,
  type RoutineRow,
  routineCountQuery,
  routineDaysQuery,
  routinesQuery,
} from "./reads";
import { ruleColumnsOf } from "./rule-columns";
import { routineView } from "./view";

/*
 * /api/routines (docs/product.md#routines). Each change is one change of the pipeline
 * (docs/decisions/250-one-home-for-a-change.md): the session check with the routine's reads, then
 * ONE batch with the routine's row, today's occurrence as it follows (made, paused, skipped or
 * taken off the list) and users.routines_active, whose new value the hub is told when it changed,
 * so it wakes at the day's start while a routine is active (docs/decisions/281-one-occurrence-made-at-day-start.md).
 */

const NOT_FOUND = "Routine not found.";
const TOO_MANY = `You can keep at most ${MAX_ROUTINES} routines.`;
/** A pause and a resume racing each win a round (PATCH below); past this many rounds it asks to retry. */
const MAX_ATTEMPTS = 25;

/** The occurrence task of the routine `which` names on `day`, while open. */
const openOccurrence = (userId: string, which: SQL, day: string) =>
  and(
    eq(tasks.userId, userId),
    sql`${tasks.routineId} in (select ${routines.id} from ${routines} where ${which})`,
    eq(tasks.routineDay, day),
    eq(tasks.isCompleted, false),
  );

/** The reads of a routine's answer, for the end of a change's batch. */
function answerReads(db: Db, userId: string, now: Date, which: SQL) {
  return [
    routinesQuery(db, userId, which),
    routineDaysQuery(db, userId, now, which),
    occurrenceTasksQuery(db, userId, now),
    olderDaysQuery(db, userId, now, which),
  ] as const;
}

function answerOf(reads: readonly unknown[], today: string) {
  const [rows, days, occurrences, streaks] = reads as [RoutineRow[], RoutineDayRow[], OccurrenceTask[], OlderDaysRow[]];
  const [row] = rows;
  if (!row) throw notFound(NOT_FOUND);
  return routineView(row, days, occurrences, today, streaks);
}

/** Mounted at /api/routines. */
export const routineRoutes = new Hono<AppEnv>()
  .route("/import", routineImportRoutes)
  .get("/", requireUser, beginDay, async (c) => {
    const now = new Date();
    const {
      user,
      data: [rows, days, occurrences, streaks],
    } = await readAsUser(c, (db, userId) => [
      routinesQuery(db, userId),
      routineDaysQuery(db, userId, now),
      occurrenceTasksQuery(db, userId, now),
      olderDaysQuery(db, userId, now),
    ]);
    const today = todayOf(user, now).date;
    return c.json(rows.map((row) => routineView(row, days, occurrences, today, streaks)));
  })
  .post("/", requireUser, beginDay, applyOnce, validate("json", createRoutineSchema), async (c) => {
    const input = c.req.valid("json");
    const {
      user,
      data: [[counted], active],
      now,
      commit,
    } = await beginChange(c, (db, userId) => [routineCountQuery(db, userId), routinesActiveQuery(db, userId)] as const);
    if ((counted?.count ?? 0) >= MAX_ROUTINES) throw conflict(TOO_MANY);
    const { db } = c.var;
    const today = todayOf(user, now).date;
    // Inside the batch the routine just made is the person's newest (ids only grow).
    const newest = sql`${routines.id} = (select max(${routines.id}) from ${routines} where ${routines.userId} = ${user.id})`;
    const { reads } = await commit(
      () => ({
        guards: [
          guardOn(
            db,
            routines,
            sql`(select count(*) from ${routines} where ${routines.userId} = ${user.id}) >= ${MAX_ROUTINES}`,
          ),
        ],
        statements: [
          db.insert(routines).values({
            userId: user.id,
            title: input.title,
            ...ruleColumnsOf(input.repeat),
            startDay: today,
            createdAt: now,
            updatedAt: now,
          }),
          // Made today: today's occurrence comes at once when today is one of its days.
          ...makeOccurrencesStatements(db, user.id, today, now, newest),
          routinesActiveStatement(db, user.id),
        ],
        // Today's occurrence is a task created today (docs/decisions/302-occurrences-count-as-created.md).
        events: [isDueOn(input.repeat, today, today) ? { type: "tasks-created", count: 1 } : { type: "tasks-edited" }],
        eventsAfter: settingsTold(active),
        reads: answerReads(db, user.id, now, newest),
      }),
      {
        whenAborted: () => {
          throw conflict(TOO_MANY);
        },
      },
    );
    return c.json(answerOf(reads, today), 201);
  })
  .patch(
    "/:id",
    requireUser,
    beginDay,
    applyOnce,
    validate("param", idParamSchema),
    validate("json", patchRoutineSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      const reads = (db: Db, userId: string) =>
        [routinesQuery(db, userId, eq(routines.id, id)), routinesActiveQuery(db, userId)] as const;
      const {
        user,
        data: [[firstRoutine], firstActive],
        now,
        commit,
      } = await beginChange(c, reads);
      if (!firstRoutine) throw notFound(NOT_FOUND);
      const { db } = c.var;
      const today = todayOf(user, now).date;
      const which = and(eq(routines.id, id), eq(routines.userId, user.id)) as SQL;
      let routine = firstRoutine;
      let active = firstActive;
      const { reads: answer } = await commit(
        async (attempt) => {
          if (attempt > 1) {
            const [[again], activeAgain] = await db.batch(reads(db, user.id));
            if (!again) throw notFound(NOT_FOUND);
            routine = again;
            active = activeAgain;
          }
          // Whether this pauses or resumes is decided from the routine as read, so the batch is
          // guarded on it: a pause or resume that came in between makes it decide again
          // (docs/decisions/311-a-pause-decided-on-what-it-read.md).
          const pausing = patch.paused === true && !routine.paused;
          const resuming = patch.paused === false && routine.paused;
          const statements = [
            db
              .update(routines)
              .set({
                ...(patch.title !== undefined ? { title: patch.title } : {}),
                // A new rule counts from tomorrow: today keeps the occurrence it has (or has none).
                ...(patch.repeat !== undefined ? { ...ruleColumnsOf(patch.repeat), startDay: addDays(today, 1) } : {}),
                ...(patch.paused !== undefined ? { paused: patch.paused } : {}),
                updatedAt: now,
              })
              .where(which),
            // Today's open occurrence takes the new title.
            ...(patch.title !== undefined
              ? [
                  db
                    .update(tasks)
                    .set({ title: patch.title, updatedAt: now })
                    .where(openOccurrence(user.id, which, today)),
                ]
              : []),
            // Paused: today's open day is paused (the streak keeps), its task leaves the list.
            ...(pausing
              ? [
                  db
                    .update(routineDays)
                    .set({ state: "paused" })
                    .where(
                      and(
                        eq(routineDays.routineId, id),
                        eq(routineDays.day, today),
                        eq(routineDays.state, "open"),
                        sql`not exists (select 1 from ${tasks} where ${tasks.routineId} = ${id} and ${tasks.routineDay} = ${today} and ${tasks.isCompleted} = 1)`,
                      ),
                    ),
                  db.delete(tasks).where(openOccurrence(user.id, which, today)),
                ]
              : []),
            // Resumed: today comes back as one of its days if it is one.
            ...(resuming
              ? [
                  db
                    .delete(routineDays)
                    .where(
                      and(eq(routineDays.routineId, id), eq(routineDays.day, today), eq(routineDays.state, "paused")),
                    ),
                  ...makeOccurrencesStatements(db, user.id, today, now, which),
                ]
              : []),
            routinesActiveStatement(db, user.id),
          ];
          const pausedAsRead = db
            .select({ id: routines.id })
            .from(routines)
            .where(and(which, eq(routines.paused, routine.paused)));
          return {
            guards: patch.paused !== undefined ? [guardOn(db, routines, notExists(pausedAsRead))] : [],
            statements,
            events: [{ type: "tasks-edited" }],
            eventsAfter: settingsTold(active),
            reads: answerReads(db, user.id, now, which),
          };
        },
        {
          whenAborted: ({ attempt }) => {
            const title = routine.title;
            if (attempt >= MAX_ATTEMPTS)
              throw conflict(msg`"${title}" was changing on another device. Please try again.`);
          },
        },
      );
      return c.json(answerOf(answer, today));
    },
  )
  .post(
    "/:id/skip",
    requireUser,
    beginDay,
    applyOnce,
    validate("param", idParamSchema),
    validate("json", skipRoutineSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { reason } = c.req.valid("json");
      const {
        user,
        data: [[routine], days, occurrences],
        now,
        commit,
      } = await beginChange(
        c,
        (db, userId) =>
          [
            routinesQuery(db, userId, eq(routines.id, id)),
            routineDaysQuery(db, userId, new Date(), eq(routines.id, id)),
            occurrenceTasksQuery(db, userId, new Date()),
          ] as const,
      );
      if (!routine) throw notFound(NOT_FOUND);
      const { db } = c.var;
      const today = todayOf(user, now).date;
      // Only today's state is asked of it here: the older days of the streak are not read.
      const view = routineView(routine, days, occurrences, today, []);
      const title = routine.title;
      if (view.today === null || view.today === "paused") throw conflict(msg`"${title}" is not due today.`);
      if (view.today === "done") throw conflict(msg`"${title}" is done today already.`);
      if (view.today === "skipped") throw conflict(msg`"${title}" is skipped today already.`);
      const which = and(eq(routines.id, id), eq(routines.userId, user.id)) as SQL;
      const todayOpen = and(eq(routineDays.routineId, id), eq(routineDays.day, today), eq(routineDays.state, "open"));
      const { reads } = await commit(
        () => ({
          // Done on another device meanwhile: the skip is refused rather than undo a finish.
          guards: [
            guardOn(
              db,
              routineDays,
              sql`not exists (select 1 from ${routineDays} where ${todayOpen}) or exists (select 1 from ${tasks} where ${tasks.routineId} = ${id} and ${tasks.routineDay} = ${today} and ${tasks.isCompleted} = 1)`,
            ),
          ],
          statements: [
            db
              .update(routineDays)
              .set({ state: "skipped", reason: reason ?? null })
              .where(todayOpen),
            db.delete(tasks).where(openOccurrence(user.id, which, today)),
          ],
          events: [{ type: "tasks-edited" }],
          reads: answerReads(db, user.id, now, which),
        }),
        {
          whenAborted: () => {
            const title = routine.title;
            throw conflict(msg`"${title}" is no longer open today.`);
          },
        },
      );
      return c.json(answerOf(reads, today));
    },
  )
  .delete("/:id", requireUser, beginDay, applyOnce, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const {
      user,
      data: [[routine], active],
      commit,
    } = await beginChange(
      c,
      (db, userId) => [routinesQuery(db, userId, eq(routines.id, id)), routinesActiveQuery(db, userId)] as const,
    );
    if (!routine) throw notFound(NOT_FOUND);
    const { db } = c.var;
    // Its open occurrence leaves the list; finished ones stay in Done. Its days go with it.
    await commit(() => ({
      statements: [
        db.delete(tasks).where(and(eq(tasks.userId, user.id), eq(tasks.routineId, id), eq(tasks.isCompleted, false))),
        db.delete(routines).where(and(eq(routines.id, id), eq(routines.userId, user.id))),
        routinesActiveStatement(db, user.id),
      ],
      events: [{ type: "tasks-edited" }],
      eventsAfter: settingsTold(active),
    }));
    return c.body(null, 204);
  });
