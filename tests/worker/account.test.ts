import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedUserData } from "./account-helpers";
import { api, PASSWORD, registerUser, type TestUser, withProductionPasswordHash } from "./helpers";

type ErrorBody = { message: string; issues?: { path: (string | number)[]; message: string }[] };

/**
 * The user's row as a request could change it. `day_begun` is left out: it is the clock's, and on a
 * run placed at a day's start (docs/decisions/236-suites-run-across-a-days-start.md) a busy machine
 * can let the day begin between a test's two reads, the request's session check beginning it
 * (docs/decisions/259-the-day-begins-on-the-server.md).
 */
async function userRow(id: string) {
  const row = await env.DB.prepare("select * from users where id = ?").bind(id).first<Record<string, unknown>>();
  if (!row) return row;
  const { day_begun: _dayBegun, ...rest } = row;
  return rest;
}

async function login(loginName: string, password = PASSWORD) {
  return api("/api/auth/login", { method: "POST", json: { login: loginName, password } });
}

async function loginToken(account: TestUser, password = PASSWORD): Promise<string> {
  const res = await login(account.user.username, password);
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe("GET /api/account", () => {
  it("tells whether the account has a password, and needs a session", async () => {
    const { token } = await registerUser();
    const res = await api("/api/account", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ hasPassword: true, hasIdentityProvider: false });
    expect((await api("/api/account")).status).toBe(401);
  });
});

describe("PATCH /api/account", () => {
  it("changes names, username and email and answers the public user", async () => {
    const { token, user } = await registerUser();
    const newName = `renamed${crypto.randomUUID().slice(0, 6)}`;
    const res = await api("/api/account", {
      method: "PATCH",
      token,
      json: { firstName: "  Ada ", lastName: "Lovelace", username: newName, email: `${newName}@Example.org` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: user.id,
      firstName: "Ada",
      lastName: "Lovelace",
      username: newName,
      email: `${newName}@example.org`,
    });
    expect(JSON.stringify(body)).not.toContain("scrypt");
    // The new names sign in; the old one does not.
    expect((await login(newName)).status).toBe(200);
    expect((await login(`${newName}@example.org`)).status).toBe(200);
    expect((await login(user.username)).status).toBe(401);
    // An empty name is cleared.
    const cleared = await api("/api/account", { method: "PATCH", token, json: { lastName: "  " } });
    expect(await cleared.json()).toMatchObject({ firstName: "Ada", lastName: null });
  });

  it("saves the time zone and the default focus minutes, which GET /api/auth/user then answers", async () => {
    const { token } = await registerUser();
    const res = await api("/api/account", {
      method: "PATCH",
      token,
      json: { timeZone: "Europe/Berlin", defaultFocusMinutes: 45 },
    });
    expect(res.status).toBe(200);
    const me = await api("/api/auth/user", { token });
    expect(await me.json()).toMatchObject({ timeZone: "Europe/Berlin", defaultFocusMinutes: 45 });
  });

  it("lets a user change the letter case of their own username", async () => {
    const { token, user } = await registerUser();
    const res = await api("/api/account", { method: "PATCH", token, json: { username: user.username.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: user.username.toUpperCase() });
  });

  it("answers 409 naming the field when another account has the username or email, and changes nothing", async () => {
    const other = await registerUser();
    const { token, user } = await registerUser();
    const before = await userRow(user.id);
    const sameName = await api("/api/account", {
      method: "PATCH",
      token,
      json: { firstName: "Changed", username: other.user.username.toUpperCase() },
    });
    expect(sameName.status).toBe(409);
    const nameBody = (await sameName.json()) as ErrorBody;
    expect(nameBody.message).toBe("That username is already taken.");
    expect(nameBody.issues?.[0]?.path).toEqual(["username"]);
    const sameEmail = await api("/api/account", { method: "PATCH", token, json: { email: other.user.email } });
    expect(sameEmail.status).toBe(409);
    const emailBody = (await sameEmail.json()) as ErrorBody;
    expect(emailBody.message).toBe("An account with that email already exists.");
    expect(emailBody.issues?.[0]?.path).toEqual(["email"]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it.each([
    [{ username: "ab" }, "username"],
    [{ username: "bad name!" }, "username"],
    [{ email: "not-an-email" }, "email"],
    [{ email: null }, "email"],
    [{ firstName: "x".repeat(101) }, "firstName"],
    [{ timeZone: "Mars/Olympus_Mons" }, "timeZone"],
    [{ defaultFocusMinutes: 3 }, "defaultFocusMinutes"],
    [{ defaultFocusMinutes: 125 }, "defaultFocusMinutes"],
    [{ defaultFocusMinutes: 27 }, "defaultFocusMinutes"],
    [{ defaultFocusMinutes: "30" }, "defaultFocusMinutes"],
    [{ isAdmin: true, firstName: "Eve" }, ""],
    [{ passwordHash: "scrypt$1$1$1$x$y" }, ""],
    [{}, ""],
  ])("answers 400 for %o and changes nothing", async (json, field) => {
    const { token, user } = await registerUser();
    const before = await userRow(user.id);
    const res = await api("/api/account", { method: "PATCH", token, json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.message).toMatch(/^Invalid request body\./);
    if (field) expect(body.issues?.[0]?.path).toEqual([field]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("answers 401 without a session", async () => {
    const res = await api("/api/account", { method: "PATCH", json: { firstName: "Nobody" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/account/password", () => {
  it("changes the password, signs out every other session and keeps this one", async () => {
    const account = await registerUser();
    const otherDevice = await loginToken(account);
    const stranger = await registerUser();
    const res = await withProductionPasswordHash(() =>
      api("/api/account/password", {
        method: "POST",
        token: account.token,
        json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOutSessions: 1 });
    expect((await api("/api/auth/user", { token: account.token })).status).toBe(200);
    expect((await api("/api/auth/user", { token: otherDevice })).status).toBe(401);
    // Another user's sessions are untouched.
    expect((await api("/api/auth/user", { token: stranger.token })).status).toBe(200);
    expect((await login(account.user.username)).status).toBe(401);
    expect((await login(account.user.username, "a brand new passphrase")).status).toBe(200);
    const row = await userRow(account.user.id);
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it("refuses a wrong or missing current password with a field error and changes nothing", async () => {
    const account = await registerUser();
    const otherDevice = await loginToken(account);
    const before = await userRow(account.user.id);
    for (const json of [
      { currentPassword: "not my password", newPassword: "a brand new passphrase" },
      { newPassword: "a brand new passphrase" },
    ]) {
      const res = await api("/api/account/password", { method: "POST", token: account.token, json });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.issues?.[0]?.path).toEqual(["currentPassword"]);
    }
    expect(await userRow(account.user.id)).toEqual(before);
    expect((await api("/api/auth/user", { token: otherDevice })).status).toBe(200);
  });

  it("applies the registration rules to the new password", async () => {
    const { token, user } = await registerUser();
    const before = await userRow(user.id);
    const res = await api("/api/account/password", {
      method: "POST",
      token,
      json: { currentPassword: PASSWORD, newPassword: "short" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.issues?.[0]).toEqual({ path: ["newPassword"], message: "Password must be at least 8 characters." });
    expect(await userRow(user.id)).toEqual(before);
  });

  it("locks re-entering the password after repeated wrong guesses", async () => {
    const { token } = await registerUser();
    const guess = (currentPassword: string) =>
      api("/api/account/password", {
        method: "POST",
        token,
        headers: { "CF-Connecting-IP": "10.200.0.1" },
        json: { currentPassword, newPassword: "a brand new passphrase" },
      });
    for (let i = 0; i < 5; i += 1) expect((await guess(`wrong guess ${i}`)).status).toBe(400);
    expect((await guess(PASSWORD)).status).toBe(429);
  });

  it("lets an identity-provider-only user set a password without a current one", async () => {
    const account = await registerUser();
    await env.DB.prepare(
      "update users set password_hash = null, oidc_issuer = 'https://id.example', oidc_subject = ? where id = ?",
    )
      .bind(crypto.randomUUID(), account.user.id)
      .run();
    const info = await api("/api/account", { token: account.token });
    expect(await info.json()).toMatchObject({ hasPassword: false, hasIdentityProvider: true });
    const res = await api("/api/account/password", {
      method: "POST",
      token: account.token,
      json: { newPassword: "my first password" },
    });
    expect(res.status).toBe(200);
    expect((await login(account.user.username, "my first password")).status).toBe(200);
  });
});

describe("DELETE /api/account", () => {
  it.each([
    [{ confirmation: "delete" }, "confirmation"],
    [{ confirmation: "someone else" }, "confirmation"],
    [{ confirmation: "" }, "confirmation"],
    [{ confirmation: "DELETE" }, "password"],
    [{ confirmation: "DELETE", password: "wrong password" }, "password"],
  ])("answers 400 for %o and deletes nothing", async (json, field) => {
    const { token, user } = await registerUser();
    const res = await api("/api/account", { method: "DELETE", token, json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.issues?.[0]?.path).toEqual([field]);
    expect(await userRow(user.id)).not.toBeNull();
    expect((await api("/api/auth/user", { token })).status).toBe(200);
  });

  it("accepts the username in any letter case as the confirmation and clears the cookie", async () => {
    const { token, user } = await registerUser();
    const res = await api("/api/account", {
      method: "DELETE",
      token,
      json: { confirmation: user.username.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Set-Cookie")).toMatch(/__Host-onething_session=;.*Max-Age=0/i);
    expect(await userRow(user.id)).toBeNull();
    expect((await api("/api/auth/user", { token })).status).toBe(401);
    expect((await login(user.username)).status).toBe(401);
  });

  it("needs no password from an identity-provider-only account", async () => {
    const { token, user } = await registerUser();
    await env.DB.prepare("update users set password_hash = null where id = ?").bind(user.id).run();
    const res = await api("/api/account", { method: "DELETE", token, json: { confirmation: "DELETE" } });
    expect(res.status).toBe(204);
    expect(await userRow(user.id)).toBeNull();
  });

  it("leaves no row of the user in any table while another user's rows stay", async () => {
    const doomed = await registerUser();
    const keeper = await registerUser();
    await loginToken(doomed);
    await loginToken(keeper);
    // A failed sign-in leaves a throttle row keyed by the username.
    expect((await login(doomed.user.username, "wrong password")).status).toBe(401);
    for (const { user } of [doomed, keeper]) await seedUserData(user.id);

    const res = await api("/api/account", {
      method: "DELETE",
      token: doomed.token,
      json: { confirmation: "DELETE", password: PASSWORD },
    });
    expect(res.status).toBe(204);

    const dump = await dumpAllTables();
    for (const needle of [doomed.user.id, doomed.user.username, doomed.user.email]) {
      const hits = Object.entries(dump).filter(([, rows]) => rows.includes(needle.toLowerCase()));
      expect(
        hits.map(([table]) => table),
        `rows mentioning ${needle}`,
      ).toEqual([]);
    }
    for (const table of [
      "users",
      "sessions",
      "tasks",
      "focus_sessions",
      "daily_analytics",
      "day_plans",
      "suggestion_usage",
      "change_receipts",
    ]) {
      const { n } = (await env.DB.prepare(
        `select count(*) as n from ${table} where ${table === "users" ? "id" : "user_id"} = ?`,
      )
        .bind(keeper.user.id)
        .first<{ n: number }>()) ?? { n: 0 };
      expect(n, `${table} rows of the other user`).toBeGreaterThan(0);
    }
    expect((await api("/api/auth/user", { token: keeper.token })).status).toBe(200);
  });
});

describe("DELETE /api/account and the sign-in failure counters", () => {
  it("forgets the counters of the account's logins from every address, and only theirs", async () => {
    const doomed = await registerUser();
    const longer = `${doomed.user.username}x`; // a login that starts with the deleted one
    for (const name of [doomed.user.username, doomed.user.email, longer]) {
      expect((await login(name, "wrong password")).status).toBe(401);
    }
    const keysMentioning = async (name: string) =>
      (
        await env.DB.prepare("select key from login_failures where instr(key, ?) > 0")
          .bind(name.toLowerCase())
          .all<{ key: string }>()
      ).results.map((row) => row.key);
    // The account's, and the account's from each address (each call has its own). The username
    // and the email count against the account's id
    // (docs/decisions/063-sign-lockout-counts-per-account-per.md); an unknown login against itself.
    expect(await keysMentioning(doomed.user.id)).toHaveLength(3);
    expect(await keysMentioning(longer)).toHaveLength(2);

    const res = await api("/api/account", {
      method: "DELETE",
      token: doomed.token,
      json: { confirmation: "DELETE", password: PASSWORD },
    });
    expect(res.status).toBe(204);
    expect(await keysMentioning(doomed.user.id)).toEqual([]);
    expect(await keysMentioning(doomed.user.email)).toEqual([]);
    expect(await keysMentioning(longer)).toHaveLength(2);
  });
});

/** Every row of every table of the app, as lower-cased JSON per table. */
async function dumpAllTables(): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations'",
  ).all<{ name: string }>();
  expect(results.map((r) => r.name)).toEqual(
    expect.arrayContaining(["users", "sessions", "tasks", "focus_sessions", "daily_analytics", "login_failures"]),
  );
  const dump: Record<string, string> = {};
  for (const { name } of results) {
    const rows = await env.DB.prepare(`select * from "${name}"`).all();
    dump[name] = JSON.stringify(rows.results).toLowerCase();
  }
  return dump;
}
