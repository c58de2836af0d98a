import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api, PASSWORD, type TestUser } from "./helpers";

/*
 * The suite's two person databases (docs/decisions/270-person-databases.md): a person who registers
 * from Europe is homed in DB (the directory's own person database), one from Oceania in PERSON_DB_1.
 * The suite's other people all land in DB (PLACE_NEW_PEOPLE,
 * docs/decisions/275-worker-suite-places-by-continent.md); a test of both homes says where with the
 * request's continent, as Cloudflare does.
 */

export const HOMES = { EU: env.DB, OC: env.PERSON_DB_1 } as const;
export const HOME_NAMES = { EU: "DB", OC: "PERSON_DB_1" } as const;
export type Continent = keyof typeof HOMES;

export type HomedUser = TestUser & { home: D1Database; away: D1Database };

/** Registers a new account from a request Cloudflare says comes from `continent`: `home` holds its rows. */
export async function registerFrom(continent: Continent): Promise<HomedUser> {
  const name = `home${crypto.randomUUID().slice(0, 8)}`;
  const res = await api("/api/auth/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: PASSWORD },
    cf: { continent },
  } as RequestInit);
  expect(res.status, await res.clone().text()).toBe(201);
  const registered = (await res.json()) as TestUser;
  return { ...registered, home: HOMES[continent], away: continent === "EU" ? env.PERSON_DB_1 : env.DB };
}
