import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { REMOVED_MARKER } from "../../shared/constants";
import { idParamSchema } from "../../shared/schemas/common";
import { createTaskSchema, patchAnswersSchema, patchTaskSchema } from "../../shared/schemas/tasks";
import { type AnalyticsEvent, analyticsStatements } from "../analytics/recorder";
import { claimedSession, requireUser } from "../auth/middleware";
import { tasks } from "../db/schema";
import type { AppEnv } from "../env";
import { notifyTasksChanged, releaseTimerTasksAmong } from "../focus/live";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { patchAnswersStatement } from "./answers";
import { taskStillOpenGuard } from "./completion-guard";
import { answerTaskList } from "./task-list";
import { findOwnTask, toTask } from "./task-rows";

/** Mounted at /api. Each route names requireUser itself so unknown /api paths still answer 404. */
export const taskRoutes = new Hono<AppEnv>()
  // The session check and the list are one D1 batch (one round trip); the list is only answered if
  // the session turns out to be live. ETag, 304 and the per-isolate body cache: ./task-list.ts.
  .get("/tasks", async (c) => answerTaskList(c, await claimedSession(c)))
  .post("/tasks", requireUser, validate("json", createTaskSchema), async (c) => {
    const input = c.req.valid("json");
    const { db, user } = c.var;
    const now = new Date();
    const insert = db
      .insert(tasks)
      .values({
        userId: user.id,
        title: input.title,
        description: input.description ?? null,
        // Spec §3: the default category is later; an explicit null is kept (shown under later).
        category: input.category === undefined ? "later" : input.category,
        isCompleted: input.isCompleted ?? false,
        isPriority: input.isPriority ?? false,
        noListReason: input.noListReason ?? null,
        categoryChosen: input.category !== undefined,
        completedAt: input.isCompleted ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const events: AnalyticsEvent[] = [{ type: "task-created", count: 1 }, { type: "categories-changed" }];
    if (input.isCompleted) events.push({ type: "task-completed", priority: input.isPriority ?? false });
    const [inserted] = await db.batch([insert, ...analyticsStatements(db, user, events, now)]);
    const row = inserted[0];
    if (!row) throw new Error("insert returned no row");
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.json(toTask(row), 201);
  })
  .patch("/tasks/:id", requireUser, validate("param", idParamSchema), validate("json", patchTaskSchema), async (c) => {
    const { id } = c.req.valid("param");
    const patch = c.req.valid("json");
    const { db, user } = c.var;
    const existing = await findOwnTask(db, user.id, id);
    if (!existing) throw notFound("Task not found.");
    const now = new Date();
    // The spec's clear marks a task completed while renaming it "[REMOVED] ...": a removal, not an achievement.
    const removing = patch.title?.includes(REMOVED_MARKER) ?? false;
    const applyPatch = (completing: boolean) => {
      const update = db
        .update(tasks)
        .set({
          ...patch,
          // A drop (or any explicit category) is the person's choice: answers no longer move it.
          ...(patch.category !== undefined ? { categoryChosen: true } : {}),
          updatedAt: now,
          ...(completing ? { completedAt: now } : {}),
          ...(patch.isCompleted === false ? { completedAt: null } : {}),
        })
        .where(and(eq(tasks.id, id), eq(tasks.userId, user.id)))
        .returning();
      const events: AnalyticsEvent[] = [{ type: "categories-changed" }];
      if (!completing || removing) return db.batch([update, ...analyticsStatements(db, user, events, now)]);
      events.push({ type: "task-completed", priority: patch.isPriority ?? existing.isPriority });
      // Counted only if the task is still open when the batch runs (two devices may race).
      return db
        .batch([taskStillOpenGuard(db, user.id, id), update, ...analyticsStatements(db, user, events, now)])
        .then(([, result]) => [result] as const);
    };
    let updated: Awaited<ReturnType<typeof applyPatch>>[0];
    const completing = patch.isCompleted === true && !existing.isCompleted;
    try {
      [updated] = await applyPatch(completing);
    } catch (err) {
      if (!completing) throw err;
      // The guard aborted: the task was completed (or deleted) since we read it. Apply the rest
      // of the change without counting the completion again.
      const current = await findOwnTask(db, user.id, id);
      if (!current) throw notFound("Task not found.");
      if (!current.isCompleted) throw err;
      [updated] = await applyPatch(false);
    }
    const row = updated[0];
    if (!row) throw notFound("Task not found.");
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.json(toTask(row));
  })
  // Answers are saved as the person gives them (docs/decisions.md#18); an urgent answer may move an
  // unplaced task, so the day's category breakdown is recounted in the same batch.
  .patch(
    "/tasks/:id/answers",
    requireUser,
    validate("param", idParamSchema),
    validate("json", patchAnswersSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, user } = c.var;
      const now = new Date();
      const [updated] = await db.batch([
        patchAnswersStatement(db, user.id, id, c.req.valid("json"), now),
        ...analyticsStatements(db, user, [{ type: "categories-changed" }], now),
      ]);
      const row = updated[0];
      if (!row) throw notFound("Task not found.");
      c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
      return c.json(toTask(row));
    },
  )
  .delete("/tasks/:id", requireUser, validate("param", idParamSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { db, user } = c.var;
    // A missing or foreign task changes nothing, not even the day's analytics.
    if (!(await findOwnTask(db, user.id, id))) throw notFound("Task not found.");
    // Focus sessions keep their minutes; their task reference becomes null (DECISIONS 8, FK on delete set null).
    const remove = db
      .delete(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.userId, user.id)))
      .returning({ id: tasks.id });
    const [deleted] = await db.batch([
      remove,
      ...analyticsStatements(db, user, [{ type: "categories-changed" }], new Date()),
    ]);
    if (deleted.length === 0) throw notFound("Task not found.");
    await releaseTimerTasksAmong(c.env, user.id, [id]);
    c.executionCtx.waitUntil(notifyTasksChanged(c.env, user.id));
    return c.body(null, 204);
  });
