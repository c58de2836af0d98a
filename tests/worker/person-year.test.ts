import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { countingD1 } from "./d1-counting";
import { freshIp, ORIGIN, PASSWORD } from "./helpers";

/*
 * The person-year benchmark (bench/person-year.mjs prints and records its figures; PERSON_YEAR_BENCH
 * runs it, the suite skips it): one person homed in PERSON_DB_1 (alone there) lives DAYS days of
 * realistic use through the API, the database moved a day back after each as the browser suite does
 * (docs/decisions/145-browser-tests-move-the-day.md). It prints the home database's growth, its rows
 * per table, and the D1 calls each common action costs, for a person homed in the directory and
 * one homed away (docs/decisions/272-a-session-check-across-two-databases.md).
 */

const DAYS = Number(env.PERSON_YEAR_BENCH || "0");

const TITLES = [
  "Finish the quarterly budget review for the design team",
  "Reply to the landlord about the broken kitchen window",
  "Draft the onboarding guide for next month's new hires",
  "Book a dentist appointment before the insurance lapses",
  "Sort the photos from the summer trip into shared albums",
  "Prepare slides for Thursday's customer research readout",
  "Call the bank about the duplicate card payment last week",
  "Read the two chapters for the Tuesday evening book club",
  "Reorganize the garage shelves and donate the old bikes",
  "Water the plants and repot the fig by the south window",
  "Send the signed contract back to the recruiting agency",
  "Review the pull request for the new invoice export page",
];

type Person = { token: string; id: string };
const calls: Record<string, number[]> = {};

/** One request through the app with every database counted; records its D1 calls under `action`. */
async function send(action: string, person: Person | null, method: string, path: string, json?: unknown, cf?: object) {
  const made: string[] = [];
  const headers = new Headers({ "CF-Connecting-IP": freshIp() });
  if (person) headers.set("Authorization", `Bearer ${person.token}`);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  if (method !== "GET") headers.set(CHANGE_ID_HEADER, crypto.randomUUID());
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
    ...(cf ? { cf } : {}),
  } as RequestInit);
  const counted = { ...env, DB: countingD1(env.DB, made), PERSON_DB_1: countingD1(env.PERSON_DB_1, made) };
  const ctx = createExecutionContext();
  const res = await app.fetch(request, counted as Bindings, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  expect(res.status, `${action}: ${text}`).toBeLessThan(300);
  calls[action] = [...(calls[action] ?? []), made.length];
  return text ? JSON.parse(text) : null;
}

async function register(continent: string): Promise<Person> {
  const name = `year${crypto.randomUUID().slice(0, 8)}`;
  const body = { username: name, email: `${name}@example.com`, password: PASSWORD };
  const made = (await send(`sign up (${continent})`, null, "POST", "/api/auth/register", body, { continent })) as {
    token: string;
    user: { id: string };
  };
  return { token: made.token, id: made.user.id };
}

/** A day of use: ten tasks made, the day planned, two focus sessions, the ten finished, the lists read. */
async function aDay(person: Person, where: string, day: number) {
  await send(`GET /api/tasks (${where})`, person, "GET", "/api/tasks");
  const ids: number[] = [];
  for (let i = 0; i < 10; i++) {
    const title = TITLES[(day + i) % TITLES.length] ?? "A task";
    const task = (await send(`POST /api/tasks (${where})`, person, "POST", "/api/tasks", { title })) as { id: number };
    ids.push(task.id);
  }
  await send(`POST /api/day/plan (${where})`, person, "POST", "/api/day/plan", {
    priorityTaskIds: ids.slice(0, 3),
    noListTaskIds: [],
  });
  for (const taskId of ids.slice(0, 2)) {
    const session = (await send(`POST /api/focus-sessions (${where})`, person, "POST", "/api/focus-sessions", {
      taskId,
      duration: 1500,
      isCompleted: false,
    })) as { id: number };
    await send(`POST /api/timer/end (${where})`, person, "POST", "/api/timer/end");
    await send(
      `PATCH /api/focus-sessions/:id/complete (${where})`,
      person,
      "PATCH",
      `/api/focus-sessions/${session.id}/complete`,
    );
  }
  for (const id of ids) {
    await send(`PATCH /api/tasks/:id done (${where})`, person, "PATCH", `/api/tasks/${id}`, { isCompleted: true });
  }
  await send(`GET /api/day (${where})`, person, "GET", "/api/day");
  await send(`GET /api/analytics/today (${where})`, person, "GET", "/api/analytics/today");
}

/** Everything the person did, one day earlier (tests/e2e/day-two.ts's backdateOneDay, in their home). */
async function backdate(db: D1Database, userId: string) {
  const day = 86_400_000;
  await db.batch([
    db
      .prepare(
        `UPDATE tasks SET created_at = created_at - ${day}, updated_at = updated_at - ${day},
         completed_at = completed_at - ${day}, priority_date = date(priority_date, '-1 day'),
         no_list_date = date(no_list_date, '-1 day'), created_day = date(created_day, '-1 day'),
         completed_day = date(completed_day, '-1 day') WHERE user_id = ?`,
      )
      .bind(userId),
    db
      .prepare(
        `UPDATE focus_sessions SET started_at = started_at - ${day}, completed_at = completed_at - ${day} WHERE user_id = ?`,
      )
      .bind(userId),
    db.prepare("UPDATE daily_analytics SET date = date(date, '-1 day') WHERE user_id = ?").bind(userId),
    db
      .prepare(`UPDATE users SET created_at = created_at - ${day}, day_begun = date(day_begun, '-1 day') WHERE id = ?`)
      .bind(userId),
    db
      .prepare(`UPDATE day_plans SET date = date(date, '-1 day'), planned_at = planned_at - ${day} WHERE user_id = ?`)
      .bind(userId),
    db.prepare(`UPDATE change_receipts SET created_at = created_at - ${day} WHERE user_id = ?`).bind(userId),
  ]);
}

async function sizeOf(db: D1Database): Promise<number> {
  const result = await db.prepare("select 1").run();
  return result.meta.size_after ?? 0;
}

const TABLES = [
  "users",
  "tasks",
  "focus_sessions",
  "daily_analytics",
  "day_plans",
  "change_receipts",
  "undo_actions",
  "suggestion_usage",
];

describe.runIf(DAYS > 0)("a person-year in a person database", () => {
  it(`lives ${DAYS} days and measures what they stored and what each action cost`, { timeout: 3_600_000 }, async () => {
    const homedAway = await register("OC");
    const homedInDirectory = await register("EU");
    const before = await sizeOf(env.PERSON_DB_1);
    const sizes: number[] = [];
    for (let day = 0; day < DAYS; day++) {
      await aDay(homedAway, "homed away", day);
      if (day < 3) await aDay(homedInDirectory, "homed in the directory", day);
      await backdate(env.PERSON_DB_1, homedAway.id);
      await backdate(env.DB, homedInDirectory.id);
      sizes.push(await sizeOf(env.PERSON_DB_1));
    }
    const rows: Record<string, number> = {};
    const bytes: Record<string, number> = {};
    for (const table of TABLES) {
      const column = table === "users" ? "id" : "user_id";
      const counted = await env.PERSON_DB_1.prepare(`select count(*) as n from ${table} where ${column} = ?`)
        .bind(homedAway.id)
        .first<{ n: number }>();
      rows[table] = counted?.n ?? 0;
      // The bytes of the rows' values (SQLite's record payload, without page and index overhead).
      const columns = await env.PERSON_DB_1.prepare(`select name from pragma_table_info('${table}')`).all<{
        name: string;
      }>();
      const sum = columns.results.map((c) => `coalesce(length(cast("${c.name}" as blob)), 0)`).join(" + ");
      const payload = await env.PERSON_DB_1.prepare(`select sum(${sum}) as n from ${table} where ${column} = ?`)
        .bind(homedAway.id)
        .first<{ n: number }>();
      bytes[table] = payload?.n ?? 0;
    }
    const directoryRows = await env.DB.prepare(
      "select (select count(*) from sessions where user_id = ?1) as sessions, (select count(*) from users where id = ?1) as users",
    )
      .bind(homedAway.id)
      .first();
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const report = {
      days: DAYS,
      databaseBytesBefore: before,
      databaseBytesAfter: sizes.at(-1) ?? before,
      sizesByDay: sizes,
      rows,
      payloadBytes: bytes,
      directoryRows,
      callsPerAction: Object.fromEntries(Object.entries(calls).map(([action, made]) => [action, median(made)])),
    };
    console.log(`PERSON_YEAR_REPORT ${JSON.stringify(report)}`);
    expect(rows.tasks).toBe(DAYS * 10);
  });
});
