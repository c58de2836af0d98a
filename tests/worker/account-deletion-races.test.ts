import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createTask, PASSWORD, type TestUser } from "./helpers";

/*
 * Writes racing one's own account deletion (docs/decisions/270-person-databases.md): a write whose
 * session check passed just before the deletion committed finds the person's row gone when its
 * batch runs. It answers 401, the session having ended, never a 500; and nothing of the person is
 * left behind in either database. Both homes: DB (the directory's own) and PERSON_DB_1.
 */

const HOMES = { EU: env.DB, OC: env.PERSON_DB_1 } as const;
type Continent = keyof typeof HOMES;

async function registerFrom(continent: Continent): Promise<TestUser> {
  const name = `race${crypto.randomUUID().slice(0, 8)}`;
  const res = await api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: PASSWORD },
    cf: { continent },
  } as RequestInit);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TestUser;
}

/** Every table with rows of a person, and how many this person has there. */
async function rowsLeft(db: D1Database, userId: string): Promise<Record<string, number>> {
  const { results } = await db
    .prepare("select name from sqlite_master where type = 'table' and sql like '%user_id%'")
    .all<{ name: string }>();
  const left: Record<string, number> = {};
  for (const { name } of results) {
    const row = await db
      .prepare(`select count(*) as n from "${name}" where user_id = ?`)
      .bind(userId)
      .first<{ n: number }>();
    if (row?.n) left[name] = row.n;
  }
  const own = await db.prepare("select count(*) as n from users where id = ?").bind(userId).first<{ n: number }>();
  if (own?.n) left.users = own.n;
  return left;
}

type Send = { path: string; send: () => Promise<Response> };

/** The writes the probe found answering 500, each sent `n` times. */
function writes(token: string, taskIds: number[], n: number): Send[] {
  const post = (path: string, json: unknown): Send => ({
    path,
    send: () => api(path, { method: "POST", token, json }),
  });
  return Array.from({ length: n }, (_, i) => [
    post("/api/tasks", { title: `Write the report, part ${i}` }),
    post("/api/routines", { title: `Stretch, take ${i}`, repeat: { every: "day" } }),
    post("/api/day/close", { note: `Evening ${i}`, moves: taskIds.map((id) => ({ id, to: "later" })) }),
    post("/api/routines/import", {
      routines: [{ title: `Water the plants ${i}`, repeat: { every: "week", days: ["mon"] } }],
    }),
  ]).flat();
}

/**
 * Whether an answer is one a write may give while the account is deleted under it: done (2xx), or
 * the session ended (401). Imports sent at once also refuse each other (409, "import again": the
 * person's routines changed while importing), deletion or not.
 */
function answersTheRace(path: string, status: number): boolean {
  return (status >= 200 && status < 300) || status === 401 || (path === "/api/routines/import" && status === 409);
}

describe("writes racing the account's deletion", () => {
  for (const continent of ["EU", "OC"] as const) {
    it(`answer 2xx or 401, never 5xx, and leave nothing behind (homed in ${continent === "EU" ? "DB" : "PERSON_DB_1"})`, async () => {
      for (let round = 0; round < 3; round += 1) {
        const person = await registerFrom(continent);
        const { token, user } = person;
        const tasks = [
          await createTask(token, { title: "Call the bank" }),
          await createTask(token, { title: "Tidy the desk" }),
        ];
        const sends = writes(
          token,
          tasks.map((task) => task.id),
          20,
        );
        const deletion: Send = {
          path: "/api/account",
          send: () =>
            api("/api/account", { method: "DELETE", token, json: { confirmation: user.username, password: PASSWORD } }),
        };
        // The deletion among them, a few writes in.
        const at = 6 + round * 10;
        sends.splice(at, 0, deletion);
        const answers = await Promise.all(
          sends.map(async ({ path, send }) => {
            const res = await send();
            return { path, status: res.status, body: await res.text() };
          }),
        );
        expect(answers.filter(({ status }) => status >= 500)).toEqual([]);
        expect(answers.filter(({ path, status }) => !answersTheRace(path, status))).toEqual([]);
        expect(answers[at]?.status).toBe(204);
        // Some writes did lose the race (the test races).
        expect(answers.some(({ status }) => status === 401)).toBe(true);
        expect(await rowsLeft(env.DB, user.id)).toEqual({});
        expect(await rowsLeft(env.PERSON_DB_1, user.id)).toEqual({});
      }
    });
  }
});
