import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { failWhen, sqlText } from "./db-fingerprint";
import { deleteAccount, expectNothingLeft, rowsLeft } from "./deletion-helpers";
import { api, createTask, PASSWORD, signInAgain, type TestUser } from "./helpers";
import { registerFrom } from "./homes";

/*
 * A deletion cut short between its two databases (docs/decisions/315-a-deletion-cut-short-is-finished.md):
 * the home's rows of a person homed in PERSON_DB_1 are cleared, then the directory's batch fails, so
 * the account, its sessions and its name and email stay. Asking for the deletion again finishes it,
 * and so does a sign-in, which makes no session and says the account was deleted. For a person homed
 * in DB the deletion is one transaction: cut, it changes nothing, and the account goes on working.
 * Each is asked 20 times at once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of cleanups.splice(0)) await drop();
});

const count = async (db: D1Database, sql: string, id: string) =>
  (await db.prepare(sql).bind(id).first<{ n: number }>())?.n ?? 0;

/** A person with two tasks and a second signed-in device: its token. */
async function personWithRows(person: TestUser): Promise<string> {
  await createTask(person.token, { title: "Call the bank" });
  await createTask(person.token, { title: "Tidy the desk" });
  return signInAgain(person.user.username);
}

/**
 * Asks for the deletion while the directory refuses to delete the account's row (a failure between
 * the two databases): the answer is a 500, the account stays in the directory with its sessions.
 */
async function cutDeletion(person: TestUser) {
  const drop = await failWhen("users", "delete", `old.id = ${sqlText(person.user.id)}`);
  try {
    const res = await deleteAccount(person);
    expect(res.status).toBe(500);
  } finally {
    await drop();
  }
  expect(await count(env.DB, "select count(*) as n from users where id = ?", person.user.id)).toBe(1);
  expect(await count(env.DB, "select count(*) as n from sessions where user_id = ?", person.user.id)).toBe(2);
}

/** Registering again with the deleted account's username and email works: both are free. */
async function expectNameAndEmailFree(person: TestUser) {
  const again = await api("/api/auth/register", {
    method: "POST",
    json: { username: person.user.username, email: person.user.email, password: PASSWORD },
  });
  expect(again.status, await again.clone().text()).toBe(201);
}

/** Sends `send` 20 times at once: the statuses and messages. */
async function twentyAtOnce(send: () => Promise<Response>) {
  return Promise.all(
    Array.from({ length: 20 }, async () => {
      const res = await send();
      return {
        status: res.status,
        message: res.status === 204 ? "" : ((await res.json()) as { message: string }).message,
      };
    }),
  );
}

describe("a deletion cut short between the two databases", () => {
  it("is finished by asking again, 20 times at once, and frees the name and email (homed in PERSON_DB_1)", async () => {
    const person = await registerFrom("OC");
    const otherDevice = await personWithRows(person);
    await cutDeletion(person);
    // The home was cleared first.
    expect(await rowsLeft(env.PERSON_DB_1, person.user.id)).toEqual({});

    const answers = await twentyAtOnce(() => deleteAccount(person));
    expect(answers.filter(({ status }) => status !== 204 && status !== 401)).toEqual([]);
    expect(answers.some(({ status }) => status === 204)).toBe(true);
    await expectNothingLeft(person.user.id);
    expect((await api("/api/tasks", { token: otherDevice })).status).toBe(401);
    await expectNameAndEmailFree(person);
  });

  it("is finished by a sign-in, 20 at once, which makes no session and says the account was deleted (homed in PERSON_DB_1)", async () => {
    const person = await registerFrom("OC");
    await personWithRows(person);
    await cutDeletion(person);

    const answers = await twentyAtOnce(() =>
      api("/api/auth/login", { method: "POST", json: { login: person.user.username, password: PASSWORD } }),
    );
    // Each is refused: the account's deletion finished by one of them, or already by another.
    expect(answers.filter(({ status }) => status !== 401)).toEqual([]);
    expect(answers.map(({ message }) => message)).toContain(
      "This account was deleted. Its username and email are free to register again.",
    );
    await expectNothingLeft(person.user.id);
    await expectNameAndEmailFree(person);
  });

  it("cannot happen to a person homed in DB: cut, it changes nothing; asked again 20 times at once, it finishes", async () => {
    const person = await registerFrom("EU");
    const otherDevice = await personWithRows(person);
    const before = await rowsLeft(env.DB, person.user.id);
    await cutDeletion(person);
    expect(await rowsLeft(env.DB, person.user.id)).toEqual(before);
    expect((await api("/api/tasks", { token: otherDevice })).status).toBe(200);
    await signInAgain(person.user.username);

    const answers = await twentyAtOnce(() => deleteAccount(person));
    expect(answers.filter(({ status }) => status !== 204 && status !== 401)).toEqual([]);
    expect(answers.some(({ status }) => status === 204)).toBe(true);
    await expectNothingLeft(person.user.id);
    await expectNameAndEmailFree(person);
  });
});
