import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionDeviceId, THROTTLE } from "../../worker/auth/throttle";
import { verifyToken } from "../../worker/auth/tokens";
import { countCalls } from "./d1-counting";
import { api, createTask, freshIp, PASSWORD, registerUser, signInAgain } from "./helpers";

/**
 * Registration, sign-in, password change, account deletion and completing a focus session the timer
 * does not run make two D1 trips: a read that decides the answer, then every write in one batch
 * that repeats the read's check (docs/decisions/054-every-write-makes-most-two-d1.md). These tests
 * change the database between the two trips (the counting binding's beforeCall) or send requests at
 * once, to show that the write holds on its own.
 */

const ACCOUNT_TAKEN = "That username or email is already taken.";

/** Locks the account everywhere, as its 50 failures from many addresses would. */
async function lockAccount(userId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "insert into login_failures (key, count, window_start, locked_until) values (?, ?, ?, ?) on conflict(key) do update set count = excluded.count, locked_until = excluded.locked_until",
  )
    .bind(`account:user:${userId}`, THROTTLE.account.maxFailures, now, now + THROTTLE.lockMs)
    .run();
}

/**
 * Locks re-entering the password for this session: a signed-in session has a counter of its own
 * (docs/decisions/131-device-cookies.md), which strangers' sign-in failures never touch.
 */
async function lockPasswordChecksOf(token: string) {
  const claims = await verifyToken(env.AUTH_SECRET, token, "session");
  const now = Date.now();
  await env.DB.prepare("insert into login_failures (key, count, window_start, locked_until) values (?, ?, ?, ?)")
    .bind(`device:${sessionDeviceId(claims?.sessionId ?? "")}`, THROTTLE.device.maxFailures, now, now + THROTTLE.lockMs)
    .run();
}

async function count(sql: string, ...values: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

const sessionsOf = (userId: string) => count("select count(*) as n from sessions where user_id = ?", userId);
const accountsNamed = (name: string) => count("select count(*) as n from users where lower(username) = ?", name);
const passwordHashOf = async (userId: string) =>
  (await env.DB.prepare("select password_hash from users where id = ?").bind(userId).first<{ password_hash: string }>())
    ?.password_hash;

const register = (username: string, email: string) =>
  api("/api/auth/register", { method: "POST", json: { username, email, password: PASSWORD } });

const login = (loginName: string, password: string, ip: string) =>
  api("/api/auth/login", { method: "POST", json: { login: loginName, password }, headers: { "CF-Connecting-IP": ip } });

describe("registration: the name is checked again inside the write", () => {
  it("two registrations of one name at once, in two letter cases: one 201, one 409, one account", async () => {
    const name = `race${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all([
      register(name, `${name}-1@example.com`),
      register(name.toUpperCase(), `${name}-2@example.com`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409) ?? new Response("{}");
    const { message } = (await refused.json()) as { message: string };
    expect(["That username is already taken.", ACCOUNT_TAKEN]).toContain(message);
    expect(await accountsNamed(name)).toBe(1);
  });

  it("a registration of the name stored between the check and the write: 409, and only that account", async () => {
    const name = `late${crypto.randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const res = await countCalls("POST", "/api/auth/register", {
      json: { username: name, email, password: PASSWORD },
      // The other registration, in another letter case, which the unique index alone would let in.
      beforeCall: async (n) => {
        if (n === 2) expect((await register(name.toUpperCase(), `${name}-first@example.com`)).status).toBe(201);
      },
    });
    expect(res.status, res.text).toBe(409);
    expect(JSON.parse(res.text)).toMatchObject({ message: ACCOUNT_TAKEN });
    expect(res.calls).toHaveLength(2);
    expect(await accountsNamed(name)).toBe(1);
    expect(await count("select count(*) as n from users where email = ?", email)).toBe(0);
    expect(await count("select count(*) as n from sessions where user_id not in (select id from users)")).toBe(0);
  });
});

describe("a new username or email: checked again inside the write", () => {
  const rename = (token: string, json: Record<string, string>) => api("/api/account", { method: "PATCH", token, json });

  it("two accounts renamed to one name at once, in two letter cases: one 200, one 409, one account", async () => {
    const [first, second] = await Promise.all([registerUser(), registerUser()]);
    const name = `swap${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all([
      rename(first.token, { username: name }),
      rename(second.token, { username: name.toUpperCase() }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.status === 409) ?? new Response("{}");
    expect(await refused.json()).toMatchObject({ message: "That username is already taken." });
    expect(await accountsNamed(name)).toBe(1);
  });

  it("the name taken in another letter case between the check and the write: 409 naming it, nothing changed", async () => {
    const account = await registerUser();
    const name = `took${crypto.randomUUID().slice(0, 8)}`;
    const res = await countCalls(
      "PATCH",
      "/api/account",
      {
        json: { username: name, firstName: "Changed" },
        beforeCall: async (n) => {
          if (n === 2) expect((await register(name.toUpperCase(), `${name}@example.com`)).status).toBe(201);
        },
      },
      account.token,
    );
    expect(res.status, res.text).toBe(409);
    expect(JSON.parse(res.text)).toMatchObject({
      message: "That username is already taken.",
      issues: [{ path: ["username"] }],
    });
    expect(await accountsNamed(name)).toBe(1);
    const row = await env.DB.prepare("select username, first_name from users where id = ?")
      .bind(account.user.id)
      .first<{ username: string; first_name: string | null }>();
    expect(row).toEqual({ username: account.user.username, first_name: null });
  });

  it("the email taken between the check and the write: 409 naming the email", async () => {
    const account = await registerUser();
    const name = `mail${crypto.randomUUID().slice(0, 8)}`;
    const email = `${name}@example.com`;
    const res = await countCalls(
      "PATCH",
      "/api/account",
      {
        json: { email },
        beforeCall: async (n) => {
          if (n === 2) expect((await register(name, email)).status).toBe(201);
        },
      },
      account.token,
    );
    expect(res.status, res.text).toBe(409);
    expect(JSON.parse(res.text)).toMatchObject({ issues: [{ path: ["email"] }] });
    expect(await count("select count(*) as n from users where email = ?", email)).toBe(1);
  });

  it("keeping one's own name in another letter case is no conflict", async () => {
    const account = await registerUser();
    const res = await rename(account.token, { username: account.user.username.toUpperCase() });
    expect(res.status).toBe(200);
  });
});

describe("sign-in: the attempt is counted with the lookup, before the hash", () => {
  it("five wrong passwords sent at once, across the username and email spellings, lock the account from that address", async () => {
    const { user } = await registerUser();
    const ip = freshIp();
    const spellings = [user.username, user.email, user.username.toUpperCase(), user.email.toUpperCase(), user.email];
    expect(spellings).toHaveLength(THROTTLE.accountFromClient.maxFailures);
    const answers = await Promise.all(spellings.map((spelling) => login(spelling, "wrong password", ip)));
    expect(answers.map((res) => res.status)).toEqual(spellings.map(() => 401));
    const counted = () =>
      count("select count as n from login_failures where key = ?", `account-client:"user:${user.id}" ${ip}`);
    expect(await counted()).toBe(THROTTLE.accountFromClient.maxFailures);
    // The read decides: a locked account answers 429 before any hash, and counts nothing more.
    expect((await login(user.username.toUpperCase(), "wrong password", ip)).status).toBe(429);
    for (const spelling of [user.username, user.email, user.email.toUpperCase()]) {
      expect((await login(spelling, PASSWORD, ip)).status).toBe(429);
    }
    expect(await counted()).toBe(THROTTLE.accountFromClient.maxFailures);
    // The owner elsewhere is not locked out.
    expect((await login(user.username, PASSWORD, freshIp())).status).toBe(200);
  });

  it("a lock set after the attempt was counted leaves its verdict: the right password signs in, in two trips", async () => {
    // The attempt is admitted when it is counted, with the lookup
    // (docs/decisions/168-attempts-counted-before-the-check.md); a lock set by others' attempts
    // after that refuses the next attempt, not this one.
    const { user } = await registerUser();
    const res = await countCalls("POST", "/api/auth/login", {
      json: { login: user.email, password: PASSWORD },
      beforeCall: (n) => (n === 2 ? lockAccount(user.id) : undefined),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.calls).toHaveLength(2);
  });

  it("a locked account refuses the right password in one trip: 429, no session, nothing counted", async () => {
    const { user } = await registerUser();
    await lockAccount(user.id);
    const before = await sessionsOf(user.id);
    const res = await countCalls("POST", "/api/auth/login", { json: { login: user.email, password: PASSWORD } });
    expect(res.status, res.text).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await sessionsOf(user.id)).toBe(before);
    expect(await count("select count as n from login_failures where key = ?", `account:user:${user.id}`)).toBe(
      THROTTLE.account.maxFailures,
    );
  });
});

describe("re-entered passwords: a session whose checks are locked is refused before any hash", () => {
  it("POST /api/account/password answers 429 and keeps the password and the other devices", async () => {
    const account = await registerUser();
    const other = await signInAgain(account.user.username);
    const hash = await passwordHashOf(account.user.id);
    await lockPasswordChecksOf(account.token);
    const res = await countCalls(
      "POST",
      "/api/account/password",
      { json: { currentPassword: PASSWORD, newPassword: "another good password" } },
      account.token,
    );
    expect(res.status, res.text).toBe(429);
    expect(await passwordHashOf(account.user.id)).toBe(hash);
    expect(await sessionsOf(account.user.id)).toBe(2);
    expect((await api("/api/auth/user", { token: other })).status).toBe(200);
  });

  it("DELETE /api/account answers 429 and deletes nothing", async () => {
    const account = await registerUser();
    await createTask(account.token);
    await lockPasswordChecksOf(account.token);
    const res = await countCalls(
      "DELETE",
      "/api/account",
      { json: { confirmation: account.user.username, password: PASSWORD } },
      account.token,
    );
    expect(res.status, res.text).toBe(429);
    expect(await count("select count(*) as n from users where id = ?", account.user.id)).toBe(1);
    expect(await count("select count(*) as n from tasks where user_id = ?", account.user.id)).toBe(1);
    expect((await api("/api/auth/user", { token: account.token })).status).toBe(200);
  });
});

describe("completing a focus session the timer does not run, when it changed after the read", () => {
  async function openSession() {
    const { token, user } = await registerUser();
    const task = await createTask(token);
    const row = await env.DB.prepare(
      "insert into focus_sessions (user_id, task_id, duration, started_at) values (?, ?, 300, ?) returning id",
    )
      .bind(user.id, task.id, Date.now() - 60_000)
      .first<{ id: number }>();
    return { token, userId: user.id, id: row?.id ?? 0 };
  }
  const countedSessions = (userId: string) =>
    count("select coalesce(sum(focus_sessions_completed), 0) as n from daily_analytics where user_id = ?", userId);
  /** Completes session `id`, with `change` (an UPDATE of that row) made just before the second D1 call. */
  const completeChangedMeanwhile = (id: number, token: string, change: string, ...values: unknown[]) =>
    countCalls(
      "PATCH",
      `/api/focus-sessions/${id}/complete`,
      {
        beforeCall: async (n) => {
          if (n === 2)
            await env.DB.prepare(change)
              .bind(...values)
              .run();
        },
      },
      token,
    );

  it("completed by another caller meanwhile: 200 with that completion, counted by nobody twice", async () => {
    const { token, userId, id } = await openSession();
    const before = await countedSessions(userId);
    const res = await completeChangedMeanwhile(
      id,
      token,
      "update focus_sessions set is_completed = 1, completed_at = ?, focused_seconds = 42 where id = ?",
      Date.now(),
      id,
    );
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ id, isCompleted: true, focusedSeconds: 42 });
    // Only a lost race costs the third and fourth trips: whether the person is still there (a guard
    // a deletion aborts answers 401, docs/decisions/316-a-change-whose-person-is-gone.md), and the
    // read that tells what happened.
    expect(res.calls).toHaveLength(4);
    expect(await countedSessions(userId)).toBe(before);
  });

  it("reset meanwhile: 409, and nothing counted", async () => {
    const { token, userId, id } = await openSession();
    const before = await countedSessions(userId);
    const res = await completeChangedMeanwhile(
      id,
      token,
      "update focus_sessions set completed_at = ?, focused_seconds = 0 where id = ?",
      Date.now(),
      id,
    );
    expect(res.status, res.text).toBe(409);
    expect(JSON.parse(res.text)).toMatchObject({
      message: "This focus session was reset before it ended, so it cannot be completed.",
    });
    expect(await countedSessions(userId)).toBe(before);
  });
});
