import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_ID_HEADER } from "../../shared/constants";
import type { Task } from "../../shared/schemas/tasks";
import { signToken } from "../../worker/auth/tokens";
import { homeForNewPerson } from "../../worker/db/person-db";
import { cleanUpEveryDatabase } from "../../worker/scheduled";
import { setAccount, setClock } from "./day-helpers";
import { hubOf, makeDue, scheduledAt, startSession } from "./focus-helpers";
import { api, createTask, ORIGIN, PASSWORD, type TestUser } from "./helpers";
import { registerFrom } from "./homes";

/*
 * Each person's rows in their own database (docs/decisions/270-person-databases.md): a person from
 * Europe is homed in DB (the directory's own person database), one from Oceania in PERSON_DB_1. The
 * suite's other people all land in DB (PLACE_NEW_PEOPLE, docs/decisions/275-worker-suite-places-by-continent.md);
 * these tests say where with the request's continent, as Cloudflare does.
 */

async function count(db: D1Database, table: string, userId: string, column = "user_id"): Promise<number> {
  const row = await db
    .prepare(`select count(*) as n from ${table} where ${column} = ?`)
    .bind(userId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The person's rows in one database, table by table. */
async function rowsIn(db: D1Database, userId: string) {
  const tables = ["tasks", "focus_sessions", "daily_analytics", "change_receipts", "undo_actions"];
  const counts = await Promise.all(tables.map((table) => count(db, table, userId)));
  return Object.fromEntries(tables.map((table, i) => [table, counts[i]]));
}

/** The same day of use for anyone: three tasks, one finished, one focus session, settings changed. */
async function aDayOfUse(person: TestUser) {
  const { token } = person;
  const tasks: Task[] = [];
  for (const title of [
    "Draft the quarterly budget for the board",
    "Call the plumber about the leak",
    "Read two chapters",
  ]) {
    tasks.push(await createTask(token, { title }));
  }
  const [first, second] = tasks as [Task, Task, Task];
  const finished = await api(`/api/tasks/${first.id}`, {
    method: "PATCH",
    token,
    json: { isCompleted: true },
    headers: { [CHANGE_ID_HEADER]: crypto.randomUUID() },
  });
  expect(finished.status, await finished.clone().text()).toBe(200);
  const session = await startSession(token, second.id, 60);
  const settings = await api("/api/account", {
    method: "PATCH",
    token,
    json: { timeZone: "Australia/Sydney", firstName: "Robin", planReminder: { enabled: true, time: "07:30" } },
  });
  expect(settings.status, await settings.clone().text()).toBe(200);
  return { tasks, session };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("person databases", () => {
  it("homes a person by the request's continent, keeps the home with the account and in the token", async () => {
    const europe = await registerFrom("EU");
    const oceania = await registerFrom("OC");
    const homeOf = (id: string) =>
      env.DB.prepare("select home from users where id = ?").bind(id).first<{ home: number }>();
    expect(await homeOf(europe.user.id)).toEqual({ home: 0 });
    expect(await homeOf(oceania.user.id)).toEqual({ home: 1 });
    // The person's own row in their home; the directory keeps the account of both.
    expect(await count(env.PERSON_DB_1, "users", oceania.user.id, "id")).toBe(1);
    expect(await count(env.PERSON_DB_1, "users", europe.user.id, "id")).toBe(0);
    const claims = JSON.parse(atob(oceania.token.split(".")[1] ?? "")) as { hom: number };
    expect(claims.hom).toBe(1);
    // Sessions stay in the directory.
    expect(await count(env.DB, "sessions", oceania.user.id)).toBe(1);
    expect(await count(env.PERSON_DB_1, "sessions", oceania.user.id)).toBe(0);
  });

  it("lets two people in different databases do the same things, each in their own", async () => {
    const people = [await registerFrom("EU"), await registerFrom("OC")];
    for (const person of people) {
      await aDayOfUse(person);
      const list = await api("/api/tasks", { token: person.token });
      expect(list.status).toBe(200);
      expect(((await list.json()) as Task[]).map((task) => task.title).sort()).toEqual([
        "Call the plumber about the leak",
        "Draft the quarterly budget for the board",
        "Read two chapters",
      ]);
      const me = await api("/api/auth/user", { token: person.token });
      expect(await me.json()).toMatchObject({
        id: person.user.id,
        username: person.user.username,
        firstName: "Robin",
        timeZone: "Australia/Sydney",
        planReminder: { enabled: true, time: "07:30" },
      });
      for (const path of ["/api/day", "/api/analytics/today", "/api/account", "/api/account/sessions"]) {
        expect((await api(path, { token: person.token })).status, path).toBe(200);
      }
      const exported = await api("/api/account/export", { token: person.token });
      const doc = (await exported.json()) as { user: { timeZone: string; username: string }; tasks: unknown[] };
      expect(doc.user).toMatchObject({ timeZone: "Australia/Sydney", username: person.user.username });
      expect(doc.tasks).toHaveLength(3);

      expect(await rowsIn(person.home, person.user.id)).toMatchObject({
        tasks: 3,
        focus_sessions: 1,
        daily_analytics: 1,
        change_receipts: 1,
      });
      expect(Object.values(await rowsIn(person.away, person.user.id)).every((n) => n === 0)).toBe(true);
    }
  });

  it("lets neither see nor touch the other's rows, by any id of theirs", async () => {
    const europe = await registerFrom("EU");
    const oceania = await registerFrom("OC");
    const days = new Map([
      [europe, await aDayOfUse(europe)],
      [oceania, await aDayOfUse(oceania)],
    ]);
    for (const [person, other] of [
      [europe, oceania],
      [oceania, europe],
    ] as const) {
      const mine = new Set(days.get(person)?.tasks.map((task) => task.id));
      const theirs = days.get(other);
      if (!theirs) throw new Error("no day of use");
      const before = await rowsIn(other.home, other.user.id);
      const tasksOf = async () =>
        (await other.home.prepare("select * from tasks where user_id = ? order by id").bind(other.user.id).all())
          .results;
      const theirTasks = await tasksOf();
      // Ids are per database, so the other's id may be one of mine there too: only the others are tried.
      for (const task of theirs.tasks.filter((t) => !mine.has(t.id))) {
        const token = person.token;
        expect((await api(`/api/tasks/${task.id}`, { token })).status).toBe(404);
        expect(
          (await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: { title: "Mine now" } })).status,
        ).toBe(404);
        expect((await api(`/api/tasks/${task.id}`, { method: "DELETE", token })).status).toBe(404);
        expect((await api(`/api/tasks/${task.id}/reopen`, { method: "POST", token })).status).toBe(404);
        const plan = { priorityTaskIds: [task.id], noListTaskIds: [] };
        expect((await api("/api/day/plan", { method: "POST", token, json: plan })).status).toBe(404);
        const answers = { tasks: [{ id: task.id, answers: { urgent: true, important: true } }] };
        const prioritised = await api("/api/tasks/priorities", { method: "POST", token, json: answers });
        expect(prioritised.status).toBeGreaterThanOrEqual(400);
        expect(prioritised.status).toBeLessThan(500);
      }
      const focus = theirs.session.id;
      const ownSession = days.get(person)?.session.id;
      if (focus !== ownSession) {
        const done = await api(`/api/focus-sessions/${focus}/complete`, { method: "PATCH", token: person.token });
        expect(done.status).toBe(404);
      }
      const listed = (await (await api("/api/tasks", { token: person.token })).json()) as Task[];
      expect(listed.every((task) => !task.title.startsWith("Mine now"))).toBe(true);
      expect(await rowsIn(other.home, other.user.id)).toEqual(before);
      expect(await tasksOf()).toEqual(theirTasks);
      const titles = await other.home
        .prepare("select title from tasks where user_id = ? order by id")
        .bind(other.user.id)
        .all<{ title: string }>();
      expect(titles.results.map((row) => row.title)).not.toContain("Mine now");
    }
  });

  it("applies a change sent twice once, for a person homed away from the directory", async () => {
    const oceania = await registerFrom("OC");
    const id = crypto.randomUUID();
    const send = () =>
      api("/api/tasks", {
        method: "POST",
        token: oceania.token,
        json: { title: "Book the dentist" },
        headers: { [CHANGE_ID_HEADER]: id },
      });
    const answers = await Promise.all(Array.from({ length: 20 }, send));
    expect(new Set(answers.map((res) => res.status))).toEqual(new Set([201]));
    expect(await count(env.PERSON_DB_1, "tasks", oceania.user.id)).toBe(1);
    expect(await count(env.PERSON_DB_1, "change_receipts", oceania.user.id)).toBe(1);
    expect(await count(env.DB, "change_receipts", oceania.user.id)).toBe(0);
  });

  it("imports routines into a person homed away: their home keeps them and today's occurrence, once", async () => {
    // Midday, far from a day's start: the one day's occurrence is all there is to count.
    setClock("2027-06-10T12:00:00Z");
    const oceania = await registerFrom("OC");
    expect((await api("/api/tasks", { token: oceania.token })).status).toBe(200);
    const file = {
      routines: [
        { title: "Take the medicine", repeat: { every: "day" } },
        { title: "Pay the rent", repeat: { every: "month", day: 31 }, paused: true },
      ],
    };
    const id = crypto.randomUUID();
    const send = (changeId: string) =>
      api("/api/routines/import", {
        method: "POST",
        token: oceania.token,
        json: file,
        headers: { [CHANGE_ID_HEADER]: changeId },
      });
    const first = await send(id);
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toEqual({ imported: 2, alreadyHere: 0 });
    const replayed = await send(id);
    expect(replayed.status).toBe(201);
    expect(await replayed.json()).toEqual({ imported: 2, alreadyHere: 0 });
    const again = await send(crypto.randomUUID());
    expect(await again.json()).toEqual({ imported: 0, alreadyHere: 2 });

    expect(await count(env.PERSON_DB_1, "routines", oceania.user.id)).toBe(2);
    expect(await count(env.DB, "routines", oceania.user.id)).toBe(0);
    const occurrences = await env.PERSON_DB_1.prepare(
      "select title from tasks where user_id = ? and routine_id is not null",
    )
      .bind(oceania.user.id)
      .all<{ title: string }>();
    expect(occurrences.results.map((row) => row.title)).toEqual(["Take the medicine"]);
    expect(await count(env.DB, "tasks", oceania.user.id)).toBe(0);
    // The hub is woken for routines in the home's row, the directory's copy untouched.
    const active = (db: D1Database) =>
      db
        .prepare("select routines_active as active from users where id = ?")
        .bind(oceania.user.id)
        .first<{ active: number }>();
    expect(await active(env.PERSON_DB_1)).toEqual({ active: 1 });
    expect(await active(env.DB)).toEqual({ active: 0 });
  });

  it("signs a person homed away out everywhere on a password change, and in again to the same home", async () => {
    const oceania = await registerFrom("OC");
    const changed = await api("/api/account/password", {
      method: "POST",
      token: oceania.token,
      json: { currentPassword: PASSWORD, newPassword: "a brand new password" },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const login = await api("/api/auth/login", {
      method: "POST",
      json: { login: oceania.user.username, password: "a brand new password" },
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((JSON.parse(atob(token.split(".")[1] ?? "")) as { hom: number }).hom).toBe(1);
    await createTask(token, { title: "Water the plants" });
    expect(await count(env.PERSON_DB_1, "tasks", oceania.user.id)).toBe(1);
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBe(204);
    expect((await api("/api/tasks", { token })).status).toBe(401);
    // A change of a signed-out session, sent with its id, is refused and leaves nothing behind.
    const refused = await api("/api/tasks", {
      method: "POST",
      token,
      json: { title: "Too late" },
      headers: { [CHANGE_ID_HEADER]: crypto.randomUUID() },
    });
    expect(refused.status).toBe(401);
    expect(await count(env.PERSON_DB_1, "tasks", oceania.user.id)).toBe(1);
    expect(await count(env.PERSON_DB_1, "change_receipts", oceania.user.id)).toBe(0);
  });

  it("deletes an account's rows in its home, and the directory's row last", async () => {
    const europe = await registerFrom("EU");
    const oceania = await registerFrom("OC");
    await aDayOfUse(europe);
    await aDayOfUse(oceania);
    const gone = await api("/api/account", {
      method: "DELETE",
      token: oceania.token,
      json: { confirmation: oceania.user.username, password: PASSWORD },
    });
    expect(gone.status, await gone.clone().text()).toBe(204);
    expect(Object.values(await rowsIn(env.PERSON_DB_1, oceania.user.id)).every((n) => n === 0)).toBe(true);
    expect(await count(env.PERSON_DB_1, "users", oceania.user.id, "id")).toBe(0);
    expect(await count(env.DB, "users", oceania.user.id, "id")).toBe(0);
    expect(await count(env.DB, "sessions", oceania.user.id)).toBe(0);
    // The other person, in the other database, keeps everything.
    expect(await rowsIn(env.DB, europe.user.id)).toMatchObject({ tasks: 3, focus_sessions: 1 });
    expect((await api("/api/tasks", { token: oceania.token })).status).toBe(401);
  });

  it("starts fresh in the person's home only", async () => {
    const europe = await registerFrom("EU");
    const oceania = await registerFrom("OC");
    await createTask(europe.token, { title: "Plan the garden beds for spring" });
    await createTask(oceania.token, { title: "Plan the garden beds for spring" });
    expect((await api("/api/start-fresh", { method: "POST", token: oceania.token })).status).toBe(204);
    expect(await count(env.PERSON_DB_1, "tasks", oceania.user.id)).toBe(0);
    expect(await count(env.DB, "tasks", europe.user.id)).toBe(1);
    expect((await api("/api/tasks", { token: oceania.token })).status).toBe(200);
  });

  it("ends a focus run by the hub's alarm in the person's home", async () => {
    const oceania = await registerFrom("OC");
    const task = await createTask(oceania.token, { title: "Write the grant report introduction" });
    const started = await startSession(oceania.token, task.id, 60);
    await makeDue(oceania.user.id);
    expect(await runDurableObjectAlarm(hubOf(oceania.user.id))).toBe(true);
    const row = await env.PERSON_DB_1.prepare(
      "select is_completed, focused_seconds from focus_sessions where id = ? and user_id = ?",
    )
      .bind(started.id, oceania.user.id)
      .first();
    expect(row).toEqual({ is_completed: 1, focused_seconds: 60 });
  });

  it("begins the day by the hub's alarm in the person's home", async () => {
    setClock("2027-06-10T12:00:00Z");
    const oceania = await registerFrom("OC");
    const id = oceania.user.id;
    await setAccount(oceania.token, {
      timeZone: "UTC",
      dayStartHour: 4,
      planReminder: { enabled: true, time: "11:30" },
    });
    const dayBegun = async () =>
      (
        await env.PERSON_DB_1.prepare("select day_begun from users where id = ?")
          .bind(id)
          .first<{ day_begun: string }>()
      )?.day_begun;
    expect(await dayBegun()).toBe("2027-06-10");
    const startsAt = await scheduledAt(id, ["day-start"]);
    expect(startsAt).toBe(Date.parse("2027-06-11T04:00:00Z"));
    setClock("2027-06-11T04:00:00Z");
    expect(await runDurableObjectAlarm(hubOf(id))).toBe(true);
    expect(await dayBegun()).toBe("2027-06-11");
    // The directory's copy of the settings is never the one that moves.
    const directory = await env.DB.prepare("select day_begun from users where id = ?")
      .bind(id)
      .first<{ day_begun: string }>();
    expect(directory?.day_begun).toBe("2027-06-10");
  });

  it("cleans expired rows in every database", async () => {
    const europe = await registerFrom("EU");
    const oceania = await registerFrom("OC");
    const longAgo = Date.now() - 400 * 24 * 60 * 60 * 1000;
    for (const person of [europe, oceania]) {
      await person.home
        .prepare("insert into change_receipts (user_id, change_id, fingerprint, created_at) values (?, ?, 'x', ?)")
        .bind(person.user.id, crypto.randomUUID(), longAgo)
        .run();
    }
    const deleted = await cleanUpEveryDatabase(env, Date.now());
    expect(deleted.changeReceipts).toBeGreaterThanOrEqual(2);
    expect(await count(env.DB, "change_receipts", europe.user.id)).toBe(0);
    expect(await count(env.PERSON_DB_1, "change_receipts", oceania.user.id)).toBe(0);
  });

  it("spreads new people over both databases where the request's location is a local stand-in", () => {
    const local = { ...env, PLACE_NEW_PEOPLE: "spread" };
    const from = (continent: string) => new Request(ORIGIN, { cf: { continent } } as RequestInit);
    const homes = Array.from({ length: 400 }, () => homeForNewPerson(local, from("NA"), crypto.randomUUID()));
    const inFirst = homes.filter((home) => home === 0).length;
    expect(inFirst).toBeGreaterThan(140);
    expect(inFirst).toBeLessThan(260);
    // As deployed (nothing set), the continent decides; the worker suite's pin only covers requests without one.
    const deployed = { ...env, PLACE_NEW_PEOPLE: "" };
    expect(homeForNewPerson(deployed, from("OC"), crypto.randomUUID())).toBe(1);
    expect(homeForNewPerson(deployed, from("EU"), crypto.randomUUID())).toBe(0);
    expect(homeForNewPerson(env, new Request(ORIGIN), crypto.randomUUID())).toBe(0);
  });

  it("refuses a token naming no person database", async () => {
    const oceania = await registerFrom("OC");
    const { sid } = (await env.DB.prepare("select sid from sessions where user_id = ?")
      .bind(oceania.user.id)
      .first<{ sid: string }>()) ?? { sid: "" };
    const token = await signToken(
      env.AUTH_SECRET,
      { userId: oceania.user.id, sessionId: sid, home: 9 },
      "session",
      60_000,
    );
    expect((await api("/api/tasks", { token })).status).toBe(401);
  });
});
