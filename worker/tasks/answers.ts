import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Answers } from "../../shared/questions";
import type { PatchAnswersInput } from "../../shared/schemas/tasks";
import type { Db } from "../db/client";
import { tasks } from "../db/schema";
import { isVisible } from "../db/task-rows";

/**
 * The statement that saves a task's answers (`next`: an SQL expression of the new answers object)
 * and, while the person has not placed the task in a column, puts it in Urgent when it is answered
 * "urgent: yes" and back in Later when not
 * (docs/decisions/019-organizing-uses-answers-celebrations-finishing.md). One statement, so two
 * devices answering at once never lose each other's answers.
 */
function saveAnswersStatement(db: Db, userId: string, id: number, next: SQL, now: Date) {
  const urgent = sql`json_extract(${next}, '$.urgent') = 1`;
  return db
    .update(tasks)
    .set({
      answers: next,
      category: sql`case when ${tasks.categoryChosen} = 0 and ${tasks.category} in ('later', 'urgent')
        then (case when ${urgent} then 'urgent' else 'later' end) else ${tasks.category} end`,
      updatedAt: now,
    })
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), isVisible()))
    .returning();
}

/** PATCH /api/tasks/{id}/answers: merges the change into the saved answers (JSON merge patch: null removes). */
export function patchAnswersStatement(db: Db, userId: string, id: number, patch: PatchAnswersInput, now: Date) {
  return saveAnswersStatement(db, userId, id, sql`json_patch(${tasks.answers}, ${JSON.stringify(patch)})`, now);
}

/** Analyze: the answers it ranked with become the task's saved answers. */
export function replaceAnswersStatement(db: Db, userId: string, id: number, answers: Answers, now: Date) {
  return saveAnswersStatement(db, userId, id, sql`json(${JSON.stringify(answers)})`, now);
}
