import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../worker/auth/device-cookies";
import { THROTTLE } from "../../worker/auth/throttle";
import { signToken } from "../../worker/auth/tokens";
import { expectErrorShape } from "./hardening-helpers";
import { api, freshIp, PASSWORD, registerUser } from "./helpers";
import { inOneLimiterWindow } from "./limiter-window";

const login = (loginName: string, password: string, ip = freshIp()) =>
  api("/api/auth/login", { method: "POST", json: { login: loginName, password }, headers: { "CF-Connecting-IP": ip } });

async function answer(res: Response) {
  return { status: res.status, body: await res.text(), retryAfter: res.headers.get("Retry-After") !== null };
}

// The lock of a client address after failures across many accounts is in auth.test.ts.
describe("login throttling", () => {
  it("locks an account from one address after its failure limit, for the right password too, with 429 and Retry-After", async () => {
    const { user } = await registerUser();
    const guesser = freshIp();
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures; i += 1) {
      expect((await login(user.username, "wrong password", guesser)).status).toBe(401);
    }
    const locked = await login(user.username, PASSWORD, guesser);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await locked.clone().json()) as { message: string }).message).toBe(
      "Too many attempts. Please wait 15 minutes and try again.",
    );
    await expectErrorShape(locked);
    // The lock is on the account, whatever spelling of it is typed.
    expect((await login(user.email, PASSWORD, guesser)).status).toBe(429);
    expect((await login(user.email.toUpperCase(), PASSWORD, guesser)).status).toBe(429);
  });

  it("counts the username and the email of one account together", async () => {
    const { user } = await registerUser();
    const guesser = freshIp();
    const limit = THROTTLE.accountFromClient.maxFailures;
    for (let i = 0; i < limit; i += 1) {
      const spelling = i % 2 === 0 ? user.username : user.email;
      expect((await login(spelling, "wrong password", guesser)).status).toBe(401);
    }
    expect((await login(user.username, PASSWORD, guesser)).status).toBe(429);
    expect((await login(user.email, PASSWORD, guesser)).status).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await login(user.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it("does not lock the owner out from another address, and their sign-in leaves the guesser locked", async () => {
    const { user } = await registerUser();
    const guesser = freshIp();
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures; i += 1) await login(user.username, "wrong", guesser);
    expect((await login(user.username, PASSWORD, guesser)).status).toBe(429);
    expect((await login(user.username, PASSWORD, freshIp())).status).toBe(200);
    expect((await login(user.username, PASSWORD, guesser)).status).toBe(429);
  });

  it("counts failures from every address towards the account, and locks it everywhere at its limit", async () => {
    const { user } = await registerUser();
    const accountKey = `account:user:${user.id}`;
    const counted = async () =>
      (
        await env.DB.prepare("select count from login_failures where key = ?")
          .bind(accountKey)
          .first<{ count: number }>()
      )?.count;
    for (let i = 0; i < 3; i += 1) expect((await login(user.username, "wrong password", freshIp())).status).toBe(401);
    expect(await counted()).toBe(3);
    // The count one below the limit stands in for the other addresses (each a password check).
    await env.DB.prepare("update login_failures set count = ? where key = ?")
      .bind(THROTTLE.account.maxFailures - 1, accountKey)
      .run();
    expect((await login(user.username, "wrong password", freshIp())).status).toBe(401);
    expect((await login(user.username, PASSWORD, freshIp())).status).toBe(429);
  });

  it("limits sign-in and registration requests per client address", async () => {
    // The budget is per minute of the wall clock: the requests are counted inside one.
    const { statuses, signIn } = await inOneLimiterWindow(async () => {
      // An address outside freshIp()'s range: this test spends its whole budget.
      const ip = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
      const { user } = await registerUser();
      const seen: number[] = [];
      // Registrations of a taken name are cheap (no password hashing) but still count.
      for (let i = 0; i < 25; i += 1) {
        const res = await api("/api/auth/register", {
          method: "POST",
          headers: { "CF-Connecting-IP": ip },
          json: { username: user.username, email: user.email, password: PASSWORD },
        });
        seen.push(res.status);
        if (res.status === 429) await expectErrorShape(res);
      }
      // Sign-in from the same address is limited by the same budget.
      return { statuses: seen, signIn: (await login(user.username, PASSWORD, ip)).status };
    });
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429 && status !== 409)).toEqual([]);
    expect(signIn).toBe(429);
  });
});

describe("no account enumeration", () => {
  it("an unknown account and a wrong password answer the same status, message and headers", async () => {
    const { user } = await registerUser();
    const unknownName = await answer(await login(`nobody-${crypto.randomUUID().slice(0, 8)}`, "wrong password"));
    const wrongForName = await answer(await login(user.username, "wrong password"));
    const unknownEmail = await answer(await login(`nobody-${crypto.randomUUID().slice(0, 8)}@example.com`, "wrong"));
    const wrongForEmail = await answer(await login(user.email, "wrong password"));
    expect(unknownName.status).toBe(401);
    for (const other of [wrongForName, unknownEmail, wrongForEmail]) expect(other).toEqual(unknownName);
  });

  it("a locked unknown account looks like a locked real one", async () => {
    const { user } = await registerUser();
    const ghost = `ghost-${crypto.randomUUID().slice(0, 8)}`;
    const [first, second] = [freshIp(), freshIp()];
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures; i += 1) {
      await login(user.username, "wrong password", first);
      await login(ghost, "wrong password", second);
    }
    const real = await login(user.username, "wrong password", first);
    const unknown = await login(ghost, "wrong password", second);
    expect(real.status).toBe(429);
    expect(unknown.status).toBe(429);
    expect((await real.json()) as unknown).toEqual(await unknown.json());
  });
});

/** The device cookie a sign-in or registration set, as a Cookie header (empty: none set). */
function deviceCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  return set ? (set.split(";")[0] ?? "") : "";
}

const loginFrom = (loginName: string, password: string, ip: string, cookie: string) =>
  api("/api/auth/login", {
    method: "POST",
    json: { login: loginName, password },
    headers: { "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });

/** A registered user and the device cookie of the browser that signed in to the account. */
async function userWithDeviceCookie() {
  const account = await registerUser();
  const res = await login(account.user.username, PASSWORD);
  expect(res.status).toBe(200);
  const cookie = deviceCookieOf(res);
  expect(cookie).not.toBe("");
  return { ...account, cookie };
}

/** The account's own lock, as failures from many addresses (THROTTLE.account) leave it. */
async function lockAccountEverywhere(userId: string) {
  await env.DB.prepare(
    "insert into login_failures (key, count, window_start, locked_until) values (?, ?, ?, ?) on conflict (key) do update set count = excluded.count, locked_until = excluded.locked_until",
  )
    .bind(`account:user:${userId}`, THROTTLE.account.maxFailures, Date.now(), Date.now() + THROTTLE.lockMs)
    .run();
}

/** An address outside freshIp()'s range, shared by strangers (a carrier's NAT) and the owner. */
let shared = 0;
const sharedAddress = () => {
  shared += 1;
  return `203.0.113.${shared}`;
};

describe("device cookies (OWASP): a browser that signed in before is throttled on its own", () => {
  it("sets a long-lived, signed, host-only cookie on sign-in and registration", async () => {
    const res = await login((await registerUser()).user.username, PASSWORD);
    const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(Number(set.match(/Max-Age=(\d+)/)?.[1])).toBeGreaterThan(90 * 24 * 60 * 60);
    const registered = await api("/api/auth/register", {
      method: "POST",
      json: {
        username: `dev${crypto.randomUUID().slice(0, 8)}`,
        email: `d${crypto.randomUUID()}@example.com`,
        password: PASSWORD,
      },
    });
    expect(deviceCookieOf(registered)).not.toBe("");
  });

  it("strangers' failures lock the address and the account, but not the owner's browser", async () => {
    const { user, cookie } = await userWithDeviceCookie();
    const nat = sharedAddress();
    // 20 failures with random names from the address, then the account's own limit everywhere.
    for (let i = 0; i < THROTTLE.client.maxFailures; i += 1) {
      await loginFrom(`stranger-${crypto.randomUUID().slice(0, 8)}`, "guess", nat, "");
    }
    await lockAccountEverywhere(user.id);
    // Without the cookie: today's limits.
    expect((await loginFrom(user.username, PASSWORD, nat, "")).status).toBe(429);
    expect((await loginFrom(user.username, PASSWORD, freshIp(), "")).status).toBe(429);
    // With it: signed in, from the locked address and from anywhere.
    expect((await loginFrom(user.username, PASSWORD, nat, cookie)).status).toBe(200);
    expect((await loginFrom(user.email, PASSWORD, freshIp(), cookie)).status).toBe(200);
  });

  it("is not refused by the address's request limit", async () => {
    const { user, cookie } = await userWithDeviceCookie();
    const nat = sharedAddress();
    let limited = false;
    for (let i = 0; i < 30 && !limited; i += 1) {
      limited = (await loginFrom(`stranger-${i}`, "guess", nat, "")).status === 429;
    }
    expect(limited).toBe(true);
    expect((await loginFrom(user.username, PASSWORD, nat, "")).status).toBe(429);
    expect((await loginFrom(user.username, PASSWORD, nat, cookie)).status).toBe(200);
  });

  it("counts the cookie's own failures on its own counter, which locks only that browser", async () => {
    const { user, cookie } = await userWithDeviceCookie();
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.device.maxFailures; i += 1) {
      expect((await loginFrom(user.username, "wrong password", ip, cookie)).status).toBe(401);
    }
    const locked = await loginFrom(user.username, PASSWORD, ip, cookie);
    expect(locked.status).toBe(429);
    await expectErrorShape(locked);
    // Nobody else was locked by them: another browser at the same address signs in.
    expect((await loginFrom(user.username, PASSWORD, ip, "")).status).toBe(200);
  });

  it("a forged cookie, or one for another account, gets today's limits", async () => {
    const owner = await userWithDeviceCookie();
    const { user } = await registerUser();
    const guesser = freshIp();
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures; i += 1) {
      await loginFrom(user.username, "wrong password", guesser, owner.cookie);
    }
    expect((await loginFrom(user.username, PASSWORD, guesser, owner.cookie)).status).toBe(429);
    const forged = `${DEVICE_COOKIE}=${await signToken("another-secret-that-is-at-least-32-chars", { userId: user.id, sessionId: "" }, "device", 60_000)}`;
    expect((await loginFrom(user.username, PASSWORD, guesser, forged)).status).toBe(429);
  });

  it("keeps one cookie per account for the last few accounts of a browser", async () => {
    const first = await userWithDeviceCookie();
    const second = await registerUser();
    const res = await loginFrom(second.user.username, PASSWORD, freshIp(), first.cookie);
    const both = deviceCookieOf(res);
    expect(both.split("~")).toHaveLength(2);
    const nat = sharedAddress();
    for (let i = 0; i < THROTTLE.client.maxFailures; i += 1) await loginFrom(`x-${i}-${nat}`, "guess", nat, "");
    expect((await loginFrom(first.user.username, PASSWORD, nat, both)).status).toBe(200);
    expect((await loginFrom(second.user.username, PASSWORD, nat, both)).status).toBe(200);
  });
});

describe("re-entering the password while signed in", () => {
  const changePassword = (token: string, ip: string, currentPassword: string) =>
    api("/api/account/password", {
      method: "POST",
      token,
      headers: { "CF-Connecting-IP": ip },
      json: { currentPassword, newPassword: "a brand new passphrase" },
    });

  it("is not locked by strangers' failures at the address or at the account", async () => {
    const { token, user } = await registerUser();
    const nat = sharedAddress();
    for (let i = 0; i < THROTTLE.client.maxFailures; i += 1) {
      await loginFrom(`stranger-${crypto.randomUUID().slice(0, 8)}`, "guess", nat, "");
    }
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures; i += 1) {
      await loginFrom(user.username, "guess", nat, "");
    }
    await lockAccountEverywhere(user.id);
    expect((await loginFrom(user.username, PASSWORD, nat, "")).status).toBe(429);
    expect((await loginFrom(user.username, PASSWORD, freshIp(), "")).status).toBe(429);
    expect((await changePassword(token, nat, PASSWORD)).status).toBe(200);
  });

  it("still locks the session after its own wrong answers", async () => {
    const { token } = await registerUser();
    const ip = freshIp();
    for (let i = 0; i < THROTTLE.device.maxFailures; i += 1) {
      expect((await changePassword(token, ip, "not my password")).status).toBe(400);
    }
    expect((await changePassword(token, ip, PASSWORD)).status).toBe(429);
  });
});
