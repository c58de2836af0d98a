import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, count, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { addDays } from "../../shared/day";
import { guardOn } from "../changes/guard";
import type { Guard } from "../changes/pipeline";
import type { Db } from "../db/client";
import { idsIn } from "../db/ids-in";
import { dayPlans, tasks } from "../db/schema";
import { isVisible } from "../db/task-rows";

/**
 * Marks the day planned: Analyze Priorities (with the three it ranked first) and a "No" list commit
 * count as planning (docs/product.md#plan-your-day). A plan made already keeps its three unless
 * these name others; a skipped day becomes planned. Append it to the change's batch.
 */
export function markPlannedStatement(db: Db, userId: string, date: string, now: Date, priorityTaskIds?: number[]) {
  return db
    .insert(dayPlans)
    .values({ userId, date, plannedAt: now, priorityTaskIds: priorityTaskIds ?? null })
    .onConflictDoUpdate({
      target: [dayPlans.userId, dayPlans.date],
      set: {
        skipped: false,
        ...(priorityTaskIds ? { priorityTaskIds: sql`excluded.priority_task_ids` } : {}),
      },
    });
}

/**
 * "Skip for today" (docs/decisions/183-skip-changes-nothing.md): the day gets its row, skipped, so
 * the plan step stays away on every device; no task, mark or plan made already changes.
 */
export function skipDayStatement(db: Db, userId: string, date: string, now: Date) {
  return db.insert(dayPlans).values({ userId, date, plannedAt: now, skipped: true }).onConflictDoNothing();
}

/**
 * The days from `from` to `to` with a row: planned, or skipped (the Week view's plan of each day),
 * with the planned minutes: the estimates of the day's three as planned
 * (docs/decisions/294-a-plan-sized-to-the-person.md).
 */
export function plannedDaysQuery(db: Db, userId: string, from: string, to: string) {
  const plannedMinutes = sql<number>`(select coalesce(sum(${tasks.estimateMinutes}), 0) from ${tasks}
    where ${tasks.userId} = ${dayPlans.userId}
      and ${tasks.id} in (select value from json_each(coalesce(${dayPlans.priorityTaskIds}, '[]'))))`;
  return db
    .select({ date: dayPlans.date, skipped: dayPlans.skipped, plannedMinutes })
    .from(dayPlans)
    .where(and(eq(dayPlans.userId, userId), gte(dayPlans.date, from), lte(dayPlans.date, to)));
}

/** The user's plans from `date` on (a zone change westwards can leave one dated after today). */
export function plansFromQuery(db: Db, userId: string, date: string) {
  return db
    .select()
    .from(dayPlans)
    .where(and(eq(dayPlans.userId, userId), gte(dayPlans.date, date)))
    .orderBy(dayPlans.date);
}

/** The plan's tasks as read with the session check: the user's visible tasks among the named ids. */
export function planTasksQuery(db: Db, userId: string, ids: readonly number[]) {
  return db
    .select({ id: tasks.id, isCompleted: tasks.isCompleted, category: tasks.category })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isVisible(), idsIn(tasks.id, ids)));
}

/** Can be one of today's three: open, not on the "No" list. */
const canBePriority = (): SQL =>
  sql`${tasks.isCompleted} = 0 and (${tasks.category} is null or ${tasks.category} <> 'no_list')`;

export type PlanInput = { priorityTaskIds: readonly number[]; noListTaskIds: readonly number[] };

/**
 * What is wrong with the plan for the tasks read (planTasksQuery's rows), or null: an id that is not
 * the user's visible task answers 404 (missing and foreign look the same), a task that cannot take
 * its part 409. Nothing is written either way.
 */
export function planProblem(
  plan: PlanInput,
  rows: readonly { id: number; isCompleted: boolean; category: string | null }[],
): { status: 404 | 409; message: MessageDescriptor } | null {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = [...plan.priorityTaskIds, ...plan.noListTaskIds].find((id) => !byId.has(id));
  if (missing !== undefined) return { status: 404, message: msg`Task ${missing} not found. Nothing was changed.` };
  for (const id of plan.priorityTaskIds) {
    const row = byId.get(id);
    if (row?.isCompleted || row?.category === "no_list") {
      return { status: 409, message: msg`Task ${id} is done or on the "No" list: it cannot be one of today's three.` };
    }
  }
  const notOnList = plan.noListTaskIds.find((id) => byId.get(id)?.category !== "no_list");
  if (notOnList !== undefined) return { status: 409, message: msg`Task ${notOnList} is not on the "No" list.` };
  return null;
}

/**
 * The plan of `today` as one batch (docs/product.md#plan-your-day), replacing one made earlier today
 * (docs/decisions/134-the-plan-replaces.md):
 * - the named tasks become today's three and every other open task loses its priority mark;
 * - the named "No" list items are said no to again today; items an earlier plan of today said
 *   again and this one does not name go back under "Earlier" (dated the day before);
 * - the day's row records the plan.
 * The guard aborts the batch unless every named task still qualifies when it runs, so a
 * change on another device in between leaves nothing half done.
 */
export function planStatements(
  db: Db,
  userId: string,
  plan: PlanInput,
  earlierNoListIds: readonly number[],
  today: string,
  now: Date,
): { guard: Guard; statements: BatchItem<"sqlite">[] } {
  const own = and(eq(tasks.userId, userId), isVisible());
  const qualifying = (ids: readonly number[], condition: SQL) =>
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(own, idsIn(tasks.id, ids), condition));
  const priorities = [...plan.priorityTaskIds];
  const noList = [...plan.noListTaskIds];
  const givenBack = earlierNoListIds.filter((id) => !noList.includes(id));
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(tasks)
      .set({ isPriority: false, priorityDate: null, updatedAt: now })
      .where(
        and(
          own,
          eq(tasks.isPriority, true),
          eq(tasks.isCompleted, false),
          priorities.length > 0 ? sql`not (${idsIn(tasks.id, priorities)})` : undefined,
        ),
      ),
  ];
  if (priorities.length > 0) {
    statements.push(
      db
        .update(tasks)
        .set({ isPriority: true, priorityDate: today, updatedAt: now })
        .where(and(own, idsIn(tasks.id, priorities))),
    );
  }
  if (givenBack.length > 0) {
    statements.push(
      db
        .update(tasks)
        .set({ noListDate: addDays(today, -1), updatedAt: now })
        .where(and(own, idsIn(tasks.id, givenBack), eq(tasks.category, "no_list"), gte(tasks.noListDate, today))),
    );
  }
  if (noList.length > 0) {
    statements.push(
      db
        .update(tasks)
        .set({ noListDate: today, updatedAt: now })
        .where(and(own, idsIn(tasks.id, noList))),
    );
  }
  statements.push(
    db
      .insert(dayPlans)
      .values({ userId, date: today, noListTaskIds: noList, priorityTaskIds: priorities, plannedAt: now })
      .onConflictDoUpdate({
        target: [dayPlans.userId, dayPlans.date],
        set: {
          noListTaskIds: sql`excluded.no_list_task_ids`,
          priorityTaskIds: sql`excluded.priority_task_ids`,
          skipped: false,
          plannedAt: sql`excluded.planned_at`,
        },
      }),
  );
  const stillQualifying = sql`(${qualifying(priorities, canBePriority())}) <> ${priorities.length}
    or (${qualifying(noList, sql`${tasks.category} = 'no_list'`)}) <> ${noList.length}`;
  return { guard: guardOn(db, dayPlans, stillQualifying), statements };
}
