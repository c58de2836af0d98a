import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { apiErrorSchema } from "../../shared/schemas/common";
import { app } from "../../worker/app";
import { seedUserData } from "./account-helpers";
import { registerUser, type TestUser } from "./helpers";

/** A registered user with some data of every kind: tasks, a focus session, a day of analytics. */
export type SeededUser = TestUser & { taskId: number; focusSessionId: number; deviceSessionId: string };

/** Registers a user and writes a task, a No-list task, a finished focus session and analytics. */
export async function registerSeededUser(): Promise<SeededUser> {
  const registered = await registerUser();
  const { taskId } = await seedUserData(registered.user.id);
  const focus = await env.DB.prepare("select id from focus_sessions where user_id = ? limit 1")
    .bind(registered.user.id)
    .first<{ id: number }>();
  const session = await env.DB.prepare("select sid from sessions where user_id = ? limit 1")
    .bind(registered.user.id)
    .first<{ sid: string }>();
  if (!focus || !session) throw new Error("seeding failed");
  return { ...registered, taskId, focusSessionId: focus.id, deviceSessionId: session.sid };
}

/** Every table of the schema, found in D1 itself so that a new table cannot be left out. */
async function userTables(): Promise<{ name: string; column: string }[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'",
  ).all<{ name: string }>();
  const tables: { name: string; column: string }[] = [];
  for (const { name } of results) {
    const { results: columns } = await env.DB.prepare(`select name from pragma_table_info('${name}')`).all<{
      name: string;
    }>();
    const names = columns.map((column) => column.name);
    if (name === "users") tables.push({ name, column: "id" });
    else if (names.includes("user_id")) tables.push({ name, column: "user_id" });
    else if (name !== "login_failures")
      throw new Error(`table ${name} has no user_id: classify it in hardening-helpers.ts`);
  }
  return tables;
}

let tablesCache: Promise<{ name: string; column: string }[]> | undefined;

/**
 * users.day_begun is written by whichever request comes first on a new day, a read or a refused
 * one included: the server's record that the day began, not the person's data
 * (docs/decisions/259-the-day-begins-on-the-server.md). A snapshot leaves it out, so a run across a
 * day's start compares what requests did.
 */
function withoutDayBegun(row: Record<string, unknown>): Record<string, unknown> {
  const { day_begun: _dayBegun, ...rest } = row;
  return rest;
}

/**
 * All of one user's rows in every table (plus the sign-in failure counters of their names), as one
 * comparable JSON string. Equal snapshots before and after a request mean it changed nothing of theirs.
 * `failureCounters: false` leaves the counters out, for requests whose refusal is meant to count.
 */
export async function snapshotUser(user: { id: string }, options: { failureCounters?: boolean } = {}): Promise<string> {
  tablesCache ??= userTables();
  const tables = await tablesCache;
  const statements = tables.map(({ name, column }) =>
    env.DB.prepare(`select * from ${name} where ${column} = ? order by rowid`).bind(user.id),
  );
  if (options.failureCounters !== false) {
    statements.push(
      env.DB.prepare(
        `select * from login_failures where key in (
          (select 'account:' || lower(username) from users where id = ?1),
          (select 'account:' || lower(email) from users where id = ?1),
          'user:' || ?1) order by key`,
      ).bind(user.id),
    );
  }
  const results = await env.DB.batch(statements);
  return JSON.stringify(
    Object.fromEntries(
      results.map((result, i) => {
        const name = tables[i]?.name ?? "login_failures";
        return [
          name,
          name === "users"
            ? result.results.map((row) => withoutDayBegun(row as Record<string, unknown>))
            : result.results,
        ];
      }),
    ),
  );
}

/** Asserts that an error answer has the one JSON error shape `{message, issues?}`. */
export async function expectErrorShape(res: Response, context = "") {
  expect(res.headers.get("Content-Type") ?? "", context).toMatch(/^application\/json/);
  const body: unknown = await res.json();
  const parsed = apiErrorSchema.strict().safeParse(body);
  expect(parsed.success, `${context} ${JSON.stringify(body)}`).toBe(true);
}

export type AppRoute = { method: string; path: string };

/** The API's routes as the Hono app itself lists them (middleware-only entries left out). */
export function appRoutes(): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    const path = route.path.length > 1 ? route.path.replace(/\/$/, "") : route.path;
    seen.set(`${route.method} ${path}`, { method: route.method, path });
  }
  return [...seen.values()];
}

export const routeKey = (route: AppRoute) => `${route.method} ${route.path}`;
