import { msg } from "@lingui/core/macro";
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { hasRemovedMarker } from "../../shared/constants";
import { isTodaysPriority } from "../../shared/day";
import { idParamSchema } from "../../shared/schemas/common";
import {
  createTaskSchema,
  deleteTaskQuerySchema,
  patchAnswersSchema,
  patchTaskSchema,
} from "../../shared/schemas/tasks";
import type { UndoTicket } from "../../shared/schemas/undo";
import { beginChange, beginRowChange } from "../auth/begin-change";
import { applyOnce, requireUser } from "../auth/middleware";
import type { ChangeEvent } from "../changes/events";
import { guardOn } from "../changes/guard";
import { createdDayOf } from "../day/finish-day";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { findOwnTask, isVisible, ownTaskQuery, type TaskRow, taskNoLongerMatches, toTask } from "../db/task-rows";
import type { AppEnv, SessionUser } from "../env";
import { badRequest, conflict, notFound } from "../http/errors";
import { validate } from "../http/validation";
import { beginDay } from "../today/begin-day";
import { todayOf } from "../today/today";
import { patchAnswersStatement } from "./answers";
import {
  asksForPriorityOnNoList,
  keepTodaysPrioritiesStatement,
  markRulesHold,
  marksOfChange,
  NO_LIST_IS_NO_PRIORITY,
  NO_ROOM_FOR_PRIORITY,
  roomForPriority,
} from "./mark-rules";
import { answerTaskList } from "./task-list";
import { completionCounted, newUndoTicket, recordUndoStatements } from "./undo";

/** Mounted at /api/tasks. Each route names requireUser itself so unknown paths still answer 404. */
export const taskRoutes = new Hono<AppEnv>()
  // The session check and the list are one D1 batch (one round trip); the list is only answered if
  // the session turns out to be live. ETag, 304 and the per-isolate body cache: ./task-list.ts.
  .get("/", requireUser, beginDay, answerTaskList)
  .post("/", requireUser, beginDay, applyOnce, validate("json", createTaskSchema), async (c) => {
    const input = c.req.valid("json");
    if (asksForPriorityOnNoList(input)) throw badRequest(NO_LIST_IS_NO_PRIORITY);
    const { user, now, commit } = await beginChange(c);
    const { db } = c.var;
    const today = todayOf(user, now).date;
    const insert = db
      .insert(tasks)
      .values({
        userId: user.id,
        title: input.title,
        description: input.description ?? null,
        // docs/product.md#task: the default category is later; an explicit null is kept (shown under later).
        category: input.category === undefined ? "later" : input.category,
        isCompleted: input.isCompleted ?? false,
        isPriority: input.isPriority ?? false,
        noListReason: input.noListReason ?? null,
        categoryChosen: input.category !== undefined,
        ...marksOfChange(input, today),
        completedAt: input.isCompleted ? now : null,
        // The day's facts are stamped when they happen (docs/decisions/180-day-facts-stamped.md).
        createdDay: today,
        completedDay: input.isCompleted ? today : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const events: ChangeEvent[] = [{ type: "tasks-created", count: 1 }];
    if (input.isCompleted) events.push({ type: "task-finished", priority: input.isPriority === true });
    // An open priority takes one of today's places: refused as the batch runs when none is left.
    const takesPlace = input.isPriority === true && !input.isCompleted;
    const guards = takesPlace ? [guardOn(db, tasks, sql`not ${roomForPriority(user.id, today, null)}`)] : [];
    const {
      results: [inserted],
    } = await commit(() => ({ guards, statements: [insert], events }), {
      whenAborted: () => {
        throw conflict(NO_ROOM_FOR_PRIORITY);
      },
    });
    const row = inserted[0];
    if (!row) throw new Error("insert returned no row");
    return c.json(toTask(row), 201);
  })
  .patch(
    "/:id",
    requireUser,
    beginDay,
    applyOnce,
    validate("param", idParamSchema),
    validate("json", patchTaskSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      if (asksForPriorityOnNoList(patch)) throw badRequest(NO_LIST_IS_NO_PRIORITY);
      // The session check and the task in one trip; the change in a second.
      const {
        user,
        row: existing,
        now,
        commit,
      } = await beginRowChange(c, (db, userId) => ownTaskQuery(db, userId, id));
      const { db } = c.var;
      // A hidden task ("[REMOVED]") is gone for the person: no write brings it back
      // (docs/decisions/127-hidden-tasks-stay-hidden.md).
      if (!existing || hasRemovedMarker(existing.title)) throw notFound(msg`Task not found.`);
      const today = todayOf(user, now).date;
      // The spec's clear marks a task completed while renaming it "[REMOVED] ...": a removal, not an achievement.
      const removing = patch.title !== undefined && hasRemovedMarker(patch.title);
      const finishing = patch.isCompleted === true;
      const unfinishing = patch.isCompleted === false;
      // `task` is the row as last read: the batch's guard checks it still holds when the batch runs.
      let task: TaskRow = existing;
      const describePatch = () => {
        const completing = finishing && !task.isCompleted;
        // A reopen moves the day's count (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
        const reopening = unfinishing && task.isCompleted;
        const update = db
          .update(tasks)
          .set({
            ...patch,
            // A drop (or any explicit category) is the person's choice: answers no longer move it.
            ...(patch.category !== undefined ? { categoryChosen: true } : {}),
            ...marksOfChange(patch, today),
            updatedAt: now,
            // Finished ⇔ has a time, in this one statement (docs/decisions/171-finished-has-a-time.md),
            // and the finish's day stamped as it happens (docs/decisions/180-day-facts-stamped.md).
            ...(completing ? { completedAt: now, completedDay: today } : {}),
            ...(finishing && !completing ? { completedAt: sql`coalesce(${tasks.completedAt}, ${now.getTime()})` } : {}),
            ...(unfinishing ? { completedAt: null, completedDay: null } : {}),
          })
          .where(
            and(eq(tasks.id, id), eq(tasks.userId, user.id), isVisible(), markRulesHold(user.id, id, patch, today)),
          )
          .returning();
        const events: ChangeEvent[] = [{ type: "tasks-edited" }];
        if (completing && !removing) {
          // Only one of today's three counts as a priority completed (docs/product.md#the-day).
          events.push({
            type: "task-finished",
            priority: patch.isPriority ?? isTodaysPriority(task, today),
            // A task carried from an earlier day counts in today's score (docs/decisions/190-carried-finishes-count-in-the-score.md).
            carried: createdDayOf(user, task) < today,
          });
        }
        if (reopening) events.push({ type: "task-reopened", task });
        // A finish or a reopen is written only if the task is still as read when the batch runs (two
        // devices may race): open to be counted, finished to keep its time or to be taken off its day.
        const guards =
          finishing || reopening
            ? [guardOn(db, tasks, taskNoLongerMatches(db, user.id, id, eq(tasks.isCompleted, task.isCompleted)))]
            : [];
        return {
          guards,
          // Reopened: past today's three open priorities, it comes back without its mark; the task
          // is then read again as the rule left it.
          statements: [
            update,
            ...(unfinishing ? [keepTodaysPrioritiesStatement(db, user.id, [id], today, now)] : []),
          ] as const,
          events,
          reads: unfinishing ? ([ownTaskQuery(db, user.id, id)] as const) : ([] as const),
          changed: ({ results }: { results: readonly unknown[] }) => (results[0] as TaskRow[]).length > 0,
        };
      };
      const committed = await commit(describePatch, {
        whenAborted: async ({ attempt, error }) => {
          if (attempt >= 3) throw error;
          // The guard aborted: the task was finished, reopened or deleted since it was read. Once
          // more as it is now (counted, or taken off its day, only if it still needs to be).
          const current = await findOwnTask(db, user.id, id);
          if (!current || hasRemovedMarker(current.title)) throw notFound(msg`Task not found.`);
          task = current;
        },
      });
      const [written] = committed.results;
      // The task as the reopen rule left it, when the edit was written.
      const [after] = committed.reads;
      const updated = written.length > 0 && after ? (after as TaskRow[]) : written;
      if (!updated[0] && patch.isPriority === true) {
        // Nothing written: gone, or a mark rule refused it.
        const current = await findOwnTask(db, user.id, id);
        if (current && !hasRemovedMarker(current.title)) {
          const onNoList = patch.category === undefined && current.category === "no_list";
          throw conflict(onNoList ? NO_LIST_IS_NO_PRIORITY : NO_ROOM_FOR_PRIORITY);
        }
      }
      const row = updated[0];
      if (!row) throw notFound(msg`Task not found.`);
      return c.json(toTask(row));
    },
  )
  // Answers are saved as the person gives them (docs/decisions/018-answers-data.md); an urgent
  // answer may move an unplaced task, so the day's category breakdown is recounted in the same
  // batch.
  .patch(
    "/:id/answers",
    requireUser,
    beginDay,
    applyOnce,
    validate("param", idParamSchema),
    validate("json", patchAnswersSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { user, now, commit } = await beginChange(c);
      const {
        results: [updated],
      } = await commit(() => ({
        statements: [patchAnswersStatement(c.var.db, user.id, id, c.req.valid("json"), now)],
        events: [{ type: "tasks-edited" }],
        changed: ({ results: [rows] }) => rows.length > 0,
      }));
      const row = updated[0];
      if (!row) throw notFound(msg`Task not found.`);
      return c.json(toTask(row));
    },
  )
  // docs/product.md#done-history: a finished task comes back open, today, and its finish leaves the
  // day it counted on (docs/decisions/181-reopen-takes-the-finish-off-its-day.md).
  .post("/:id/reopen", requireUser, beginDay, applyOnce, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { user, row: existing, now, commit } = await beginRowChange(c, (db, userId) => ownTaskQuery(db, userId, id));
    const { db } = c.var;
    if (!existing || hasRemovedMarker(existing.title)) throw notFound(msg`Task not found.`);
    if (!existing.isCompleted) throw conflict(msg`This task is open already.`);
    const {
      reads: [reopened],
    } = await commit(
      () => ({
        // Another device reopened (or removed) it meanwhile: refused rather than done twice.
        guards: [guardOn(db, tasks, taskNoLongerMatches(db, user.id, id, eq(tasks.isCompleted, true)))],
        statements: [
          db
            .update(tasks)
            .set({ isCompleted: false, completedAt: null, completedDay: null, updatedAt: now })
            .where(and(eq(tasks.id, id), eq(tasks.userId, user.id))),
          // Past today's three open priorities (a newer plan), it comes back without its mark.
          keepTodaysPrioritiesStatement(db, user.id, [id], todayOf(user, now).date, now),
        ],
        events: [{ type: "task-reopened", task: existing }, { type: "tasks-edited" }],
        reads: [ownTaskQuery(db, user.id, id)],
        changed: ({ reads: [rows] }) => rows.length > 0,
      }),
      {
        whenAborted: async ({ error }) => {
          const current = await findOwnTask(db, user.id, id);
          if (!current) throw notFound(msg`Task not found.`);
          if (!current.isCompleted) throw conflict(msg`This task is open already.`);
          throw error;
        },
      },
    );
    const row = reopened[0];
    if (!row) throw notFound(msg`Task not found.`);
    return c.json(toTask(row));
  })
  .delete(
    "/:id",
    requireUser,
    beginDay,
    applyOnce,
    validate("param", idParamSchema),
    validate("query", deleteTaskQuerySchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const complete = c.req.valid("query").complete === "true";
      // The session check and the task in one trip; the removal in a second.
      const {
        user,
        row: existing,
        now,
        commit,
      } = await beginRowChange(c, (db, userId) => ownTaskQuery(db, userId, id));
      const { db } = c.var;
      // A missing, foreign or hidden task changes nothing, not even the day's analytics.
      if (!existing || hasRemovedMarker(existing.title)) throw notFound(msg`Task not found.`);
      const ticket = newUndoTicket(now);
      let task: TaskRow = existing;
      await commit(() => deleteTaskChange(db, user, task, complete, ticket, now), {
        whenAborted: async ({ error }) => {
          const current = await findOwnTask(db, user.id, id);
          if (!current || hasRemovedMarker(current.title)) throw notFound(msg`Task not found.`);
          // Changed between the read and the batch (another device): once more with the task as it is now.
          if (current.updatedAt.getTime() === task.updatedAt.getTime()) throw error;
          task = current;
        },
      });
      return c.json({ undoToken: ticket.undoToken, undoUntil: ticket.undoUntil } satisfies UndoTicket);
    },
  );

/**
 * Deletes the task as read, keeping it for Undo (./undo.ts). With `complete`, an open visible task
 * is first counted as completed (the delete in docs/product.md#task-rules), and that count is recorded to be taken back.
 * Focus sessions keep their minutes; their task reference becomes null
 * (docs/decisions/008-deleting-task-has-focus-sessions.md).
 */
function deleteTaskChange(
  db: Db,
  user: SessionUser,
  existing: TaskRow,
  complete: boolean,
  ticket: ReturnType<typeof newUndoTicket>,
  now: Date,
) {
  const counting = complete && !existing.isCompleted;
  const counted = counting ? completionCounted(user, existing, now) : null;
  const events: ChangeEvent[] = [{ type: "tasks-removed", taskIds: [existing.id] }];
  if (counted) events.push({ type: "task-finished", priority: counted.priorityCompleted > 0 });
  return {
    // The undo record and the count are built from the task as read: it must not change meanwhile.
    guards: [
      guardOn(db, tasks, taskNoLongerMatches(db, user.id, existing.id, eq(tasks.updatedAt, existing.updatedAt))),
    ],
    statements: [
      ...recordUndoStatements(db, user.id, JSON.stringify([existing.id]), counted, ticket, now),
      db.delete(tasks).where(and(eq(tasks.id, existing.id), eq(tasks.userId, user.id))),
    ],
    events,
  };
}
