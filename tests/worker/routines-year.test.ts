import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/day";
import { stripDaysOf } from "../../shared/routine-strip";
import { type OccurrenceDay, streakOf } from "../../shared/routines";
import type { Routine } from "../../shared/schemas/routines";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import { setClock } from "./day-helpers";
import { api, freshIp, ORIGIN, PASSWORD, type TestUser } from "./helpers";

/*
 * The size of GET /api/routines for a person with the most routines (100) and a year of kept days
 * each, and of their export (docs/decisions/301-routines-imported-from-an-export.md gives its size):
 * the answer and the rows the Worker reads for it are bounded. bench/routines-year.mjs runs this
 * file against a baseline and the code as it is, and prints the ROUTINES_YEAR_REPORT lines side
 * by side (bench/RESULTS.md). The year is written straight into D1 (days done, missed and
 * skipped, and the finished occurrence tasks the day starts leave), as a year of day starts would.
 */

afterEach(() => {
  vi.useRealTimers();
});

const TODAY = "2027-06-10";
const ROUTINES = 100;
const DAYS = 365;

/** A D1 binding that adds up what every batch and statement read: rows D1 scanned, rows it answered. */
function measuringD1(db: D1Database, read: { scanned: number; answered: number }): D1Database {
  const tally = (result: unknown) => {
    const results = Array.isArray(result) ? result : [result];
    for (const one of results as { meta?: { rows_read?: number }; results?: unknown[] }[]) {
      read.scanned += one?.meta?.rows_read ?? 0;
      read.answered += one?.results?.length ?? 0;
    }
    return result;
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (key === "all" || key === "run")
          return async (...args: unknown[]) => tally(await (target[key] as (...a: unknown[]) => unknown)(...args));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const originals = new WeakMap<object, D1PreparedStatement>();
  const prepare = (session: { prepare: (sql: string) => D1PreparedStatement }) => (sql: string) => {
    const statement = session.prepare(sql);
    const proxy = wrap(statement);
    originals.set(proxy, statement);
    return proxy;
  };
  const batch =
    (session: { batch: (s: D1PreparedStatement[]) => Promise<unknown> }) => async (list: D1PreparedStatement[]) =>
      tally(await session.batch(list.map((s) => originals.get(s) ?? s)));
  return {
    prepare: prepare(db),
    batch: batch(db),
    exec: (sql: string) => db.exec(sql),
    withSession: (constraint?: string) => {
      const session = db.withSession(constraint);
      return { prepare: prepare(session), batch: batch(session), getBookmark: () => session.getBookmark() };
    },
    dump: () => db.dump(),
  } as unknown as D1Database;
}

/** One GET through the app with the person's database measured: its time, bytes and rows read. */
async function measuredGet(path: string, token: string) {
  const read = { scanned: 0, answered: 0 };
  const headers = new Headers({ "CF-Connecting-IP": freshIp(), Authorization: `Bearer ${token}` });
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, { headers }),
    {
      ...env,
      DB: measuringD1(env.DB, read),
      PERSON_DB_1: measuringD1(env.PERSON_DB_1, read),
    } as Bindings,
    ctx,
  );
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  expect(res.status, new TextDecoder().decode(body.slice(0, 500))).toBe(200);
  return { ms, bytes: body.byteLength, ...read, text: new TextDecoder().decode(body) };
}

/** A person with 100 routines, each with a year of kept days before today and today's occurrence. */
async function personWithAYear(home: Home) {
  setClock(`${TODAY}T12:00:00Z`);
  const db = HOMES[home].db();
  const sizeBefore = await sizeOf(db);
  const name = `year${crypto.randomUUID().slice(0, 8)}`;
  const registered = await api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: PASSWORD },
    cf: { continent: HOMES[home].continent },
  } as RequestInit);
  expect(registered.status, await registered.clone().text()).toBe(201);
  const person = (await registered.json()) as TestUser;
  const titles = Array.from({ length: ROUTINES }, (_, i) => `Routine ${i + 1}: ten minutes of stretching`);
  const res = await api("/api/routines/import", {
    method: "POST",
    token: person.token,
    // One in five "3 times a week", whose streak counts weeks; the others every day.
    json: {
      routines: titles.map((title, i) => ({ title, repeat: i % 5 === 4 ? { timesPerWeek: 3 } : { every: "day" } })),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const userId = person.user.id;
  const at = `(cast((julianday(day) - 2440587.5) * 86400000 as integer) + 8 * 3600000)`;
  await db.batch([
    db.prepare("update routines set start_day = date(?, ?) where user_id = ?").bind(TODAY, `-${DAYS} days`, userId),
    db
      .prepare(
        `with recursive d(n) as (select 1 union all select n + 1 from d where n < ?)
       insert into routine_days (routine_id, user_id, day, state, reason)
       select r.id, r.user_id, date(?, '-' || d.n || ' days'),
         case when (d.n + r.id) % 9 = 0 then 'missed' when (d.n + r.id) % 13 = 0 then 'skipped' else 'done' end,
         case when (d.n + r.id) % 9 != 0 and (d.n + r.id) % 13 = 0 then 'Away for the weekend' end
       from routines r, d where r.user_id = ?`,
      )
      .bind(DAYS, TODAY, userId),
    db
      .prepare(
        `insert into tasks (user_id, title, category, is_completed, answers, created_at, updated_at, completed_at,
         created_day, completed_day, routine_id, routine_day)
       select rd.user_id, r.title, 'later', 1, '{}', ${at}, ${at} + 1800000, ${at} + 1800000, day, day, rd.routine_id, day
       from routine_days rd join routines r on r.id = rd.routine_id
       where rd.user_id = ? and rd.state = 'done' and rd.day < ?`,
      )
      .bind(userId, TODAY),
  ]);
  // What the person's year costs their home database (its file grows by whole pages).
  return { ...person, databaseBytes: (await sizeOf(db)) - sizeBefore };
}

async function sizeOf(db: D1Database): Promise<number> {
  return (await db.prepare("select 1").run()).meta.size_after ?? 0;
}

/** The bytes of the export's routines and tasks, written as the export writes them (indented by 2). */
function exportParts(text: string) {
  const data = JSON.parse(text) as { routines: unknown[]; tasks: unknown[] };
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2)).byteLength;
  return {
    exportRoutinesBytes: bytes(data.routines),
    exportTasksBytes: bytes(data.tasks),
    exportTasks: data.tasks.length,
  };
}

/** Where the person's rows live: the directory's database, or another (docs/decisions/270-person-databases.md). */
const HOMES = {
  DB: { continent: "EU", db: () => env.DB },
  PERSON_DB_1: { continent: "OC", db: () => env.PERSON_DB_1 },
} as const;
type Home = keyof typeof HOMES;

describe("GET /api/routines for 100 routines and a year of days", () => {
  for (const home of ["DB", "PERSON_DB_1"] as const)
    it(`answers a bounded list, read from a bounded number of rows (homed in ${home})`, async () => {
      const person = await personWithAYear(home);
      setClock(`${TODAY}T12:05:00Z`);
      const runs = [];
      for (let i = 0; i < 3; i += 1) runs.push(await measuredGet("/api/routines", person.token));
      const exported = await measuredGet("/api/account/export", person.token);
      const list = runs[runs.length - 1] as (typeof runs)[number];
      const report = {
        listMs: runs.map((run) => Math.round(run.ms)),
        listBytes: list.bytes,
        listRowsScanned: list.scanned,
        listRowsAnswered: list.answered,
        exportBytes: exported.bytes,
        // What of it is the routines with their days, and the tasks (the year's finished occurrences).
        ...exportParts(exported.text),
        exportMs: Math.round(exported.ms),
        personDatabaseBytes: person.databaseBytes,
      };
      console.log(`ROUTINES_YEAR_REPORT ${JSON.stringify({ home, ...report })}`);
      const routines = JSON.parse(list.text) as Routine[];
      expect(routines).toHaveLength(ROUTINES);
      // Each streak is streakOf's over every kept day, as before the list read only its strips.
      const { results: kept } = await HOMES[home]
        .db()
        .prepare("select routine_id as routineId, day as date, state from routine_days where user_id = ? and day <= ?")
        .bind(person.user.id, TODAY)
        .all<OccurrenceDay & { routineId: number }>();
      for (const routine of routines) {
        const days = kept.filter((day) => day.routineId === routine.id);
        expect(routine.streak, routine.title).toEqual(streakOf(routine.repeat, days, TODAY));
        // The strip is the last 30 of them, one letter a day.
        expect(routine.last30.states, routine.title).toHaveLength(30);
        const shown = days.filter((day) => day.date > addDays(TODAY, -30)).sort((a, b) => (a.date < b.date ? -1 : 1));
        expect(stripDaysOf(routine.last30).map((day) => [day.date, day.state])).toEqual(
          shown.map((day) => [day.date, day.state]),
        );
      }
      expect(new Set(routines.map((routine) => routine.streak.best)).size).toBeGreaterThan(1);
      // About 460 bytes a routine (it was 1.9 KB); the Worker reads the strips' days and one row of
      // older days per routine (it read 36,965 rows, the whole year); D1 still scans the year once.
      expect(list.bytes).toBeLessThanOrEqual(64_000);
      expect(list.answered).toBeLessThanOrEqual(5_000);
      expect(list.scanned).toBeLessThanOrEqual(45_000);
    }, 60_000);
});
