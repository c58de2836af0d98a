import { env } from "cloudflare:workers";
import { and, desc, eq, gte, lt, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listLiveSessions, liveSessionQuery } from "../../worker/auth/sessions";
import { identityOwnersQuery, identityTaken, userByLoginQuery } from "../../worker/auth/users";
import { createDb } from "../../worker/db/client";
import { dailyAnalytics, users } from "../../worker/db/schema";
import { listVisibleTasks, visibleTaskListQuery } from "../../worker/db/task-rows";
import { listOwnSessions } from "../../worker/focus/sessions";

type PlanRow = { id: number; parent: number; notused: number; detail: string };

/** SQLite's plan for a query the app runs (drizzle builds the SQL; SQLite plans it). */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<PlanRow>();
  return results.map((row) => row.detail);
}

/** True when some step reads the table through one of its indexes (or its primary key), never a full scan. */
function usesIndex(plan: string[], table: string) {
  const steps = plan.filter((step) => new RegExp(`\\b${table}\\b`).test(step));
  return (
    steps.length > 0 &&
    steps.every((step) => /USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|USING PRIMARY KEY/.test(step))
  );
}

const db = createDb(env.DB);
const userId = "user-for-plans";
const now = new Date();

describe("the list queries read through an index", () => {
  it("the task list (GET /api/tasks and the full rows of the bulk routes) uses tasks_user and needs no sort", async () => {
    for (const query of [
      visibleTaskListQuery(db, userId),
      visibleTaskListQuery(db, userId, [3, 4]),
      listVisibleTasks(db, userId),
    ]) {
      const plan = await planOf(query);
      expect(usesIndex(plan, "tasks"), plan.join("\n")).toBe(true);
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
      // The version check of GET /api/tasks reads users by its key.
      if (plan.some((step) => /\busers\b/.test(step))) expect(usesIndex(plan, "users"), plan.join("\n")).toBe(true);
    }
  });

  it("the focus session list uses focus_sessions_user", async () => {
    const plan = await planOf(listOwnSessions(db, userId));
    expect(usesIndex(plan, "focus_sessions"), plan.join("\n")).toBe(true);
  });

  it("the analytics range and the carried breakdown use daily_analytics_user_date", async () => {
    const range = await planOf(
      db
        .select()
        .from(dailyAnalytics)
        .where(
          and(
            eq(dailyAnalytics.userId, userId),
            gte(dailyAnalytics.date, "2026-01-01"),
            lte(dailyAnalytics.date, "2026-01-07"),
          ),
        )
        .orderBy(dailyAnalytics.date),
    );
    expect(usesIndex(range, "daily_analytics"), range.join("\n")).toBe(true);
    expect(range.join("\n")).not.toMatch(/TEMP B-TREE/);
    const before = await planOf(
      db
        .select({ categoryBreakdown: dailyAnalytics.categoryBreakdown })
        .from(dailyAnalytics)
        .where(and(eq(dailyAnalytics.userId, userId), lt(dailyAnalytics.date, "2026-01-01")))
        .orderBy(desc(dailyAnalytics.date))
        .limit(1),
    );
    expect(usesIndex(before, "daily_analytics"), before.join("\n")).toBe(true);
  });

  it("the session check of every request reads sessions and users by key", async () => {
    const plan = await planOf(liveSessionQuery(db, "sid", userId));
    expect(usesIndex(plan, "sessions"), plan.join("\n")).toBe(true);
  });

  it("the device list uses sessions_user", async () => {
    const plan = await planOf(listLiveSessions(db, userId, now.getTime()));
    expect(usesIndex(plan, "sessions"), plan.join("\n")).toBe(true);
  });

  it("sign-in's lookup and the checks of a new name or email read users through an index (any letter case)", async () => {
    const identity = { username: "Ada", email: "ada@example.com" };
    for (const query of [
      userByLoginQuery(db, "Ada"),
      userByLoginQuery(db, "ada@example.com"),
      identityOwnersQuery(db, identity),
      db.select({ id: users.id }).from(users).where(identityTaken(identity, userId)),
    ]) {
      const plan = await planOf(query);
      expect(usesIndex(plan, "users"), plan.join("\n")).toBe(true);
    }
  });
});
