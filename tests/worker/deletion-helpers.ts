import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api, PASSWORD, type TestUser } from "./helpers";

/*
 * An account's deletion across two databases (docs/decisions/270-person-databases.md): a person
 * from Europe is homed in DB (the directory's own person database), one from Oceania in PERSON_DB_1
 * (docs/decisions/275-worker-suite-places-by-continent.md).
 */

/** The person's rows left in one database: each table with a user_id, and their own users row. */
export async function rowsLeft(db: D1Database, userId: string): Promise<Record<string, number>> {
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

/** Nothing of the person is left in either database. */
export async function expectNothingLeft(userId: string) {
  expect(await rowsLeft(env.DB, userId)).toEqual({});
  expect(await rowsLeft(env.PERSON_DB_1, userId)).toEqual({});
}

/** DELETE /api/account with the right confirmation and password. */
export function deleteAccount(person: TestUser, token = person.token) {
  return api("/api/account", {
    method: "DELETE",
    token,
    json: { confirmation: person.user.username, password: PASSWORD },
  });
}
