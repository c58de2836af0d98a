import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { THROTTLE } from "../../worker/auth/throttle";
import { expectErrorShape } from "./hardening-helpers";
import { api, freshIp, PASSWORD, registerUser } from "./helpers";

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
    // An address outside freshIp()'s range: this test spends its whole budget.
    const ip = `198.51.100.${Math.floor(Math.random() * 254) + 1}`;
    const { user } = await registerUser();
    const statuses: number[] = [];
    // Registrations of a taken name are cheap (no password hashing) but still count.
    for (let i = 0; i < 25; i += 1) {
      const res = await api("/api/auth/register", {
        method: "POST",
        headers: { "CF-Connecting-IP": ip },
        json: { username: user.username, email: user.email, password: PASSWORD },
      });
      statuses.push(res.status);
      if (res.status === 429) await expectErrorShape(res);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429 && status !== 409)).toEqual([]);
    // Sign-in from the same address is limited by the same budget.
    expect((await login(user.username, PASSWORD, ip)).status).toBe(429);
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
