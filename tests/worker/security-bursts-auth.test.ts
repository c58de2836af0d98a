import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE } from "../../worker/auth/device-cookies";
import { THROTTLE } from "../../worker/auth/throttle";
import { api, freshIp, PASSWORD, registerUser } from "./helpers";

const login = (loginName: string, password: string, ip = freshIp()) =>
  api("/api/auth/login", { method: "POST", json: { login: loginName, password }, headers: { "CF-Connecting-IP": ip } });

const statusesOf = (responses: Response[]) => responses.map((res) => res.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

// docs/decisions/168-attempts-counted-before-the-check.md: the attempt is counted before the
// password is checked, so wrong passwords sent at once get at most the limit of verdicts.
describe("sign-in limits hold under bursts sent at once", () => {
  it("20 wrong passwords at once from one address get at most 5 verdicts, the rest 429", async () => {
    const { user } = await registerUser();
    const ip = freshIp();
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: 20 }, () => login(user.username, "wrong password", ip))),
    );
    expect(count(statuses, 401)).toBe(THROTTLE.accountFromClient.maxFailures);
    expect(count(statuses, 429)).toBe(20 - THROTTLE.accountFromClient.maxFailures);
    // Locked: the right password from that address too.
    expect((await login(user.username, PASSWORD, ip)).status).toBe(429);
  });

  it("two waves of 30 at once from 60 addresses get at most the account-wide 50 verdicts", async () => {
    const { user } = await registerUser();
    const wave = () => Promise.all(Array.from({ length: 30 }, () => login(user.username, "wrong password", freshIp())));
    const statuses = [...statusesOf(await wave()), ...statusesOf(await wave())];
    expect(count(statuses, 401)).toBe(THROTTLE.account.maxFailures);
    expect(count(statuses, 429)).toBe(60 - THROTTLE.account.maxFailures);
    expect((await login(user.username, PASSWORD, freshIp())).status).toBe(429);
  });

  it("an unknown login is limited the same way", async () => {
    const ghost = `ghost-${crypto.randomUUID().slice(0, 8)}`;
    const ip = freshIp();
    const statuses = statusesOf(await Promise.all(Array.from({ length: 12 }, () => login(ghost, "guess", ip))));
    expect(count(statuses, 401)).toBe(THROTTLE.accountFromClient.maxFailures);
  });

  it("right passwords give their attempts back: many in a row all sign in and leave no failure counted", async () => {
    const { user } = await registerUser();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < THROTTLE.accountFromClient.maxFailures + 3; i += 1)
      statuses.push((await login(user.username, PASSWORD, ip)).status);
    expect(statuses).toEqual(Array(THROTTLE.accountFromClient.maxFailures + 3).fill(200));
    const row = await env.DB.prepare("select count from login_failures where key = ?")
      .bind(`client:${ip}`)
      .first<{ count: number }>();
    expect(row?.count ?? 0).toBe(0);
  });

  it("re-entering the password in a burst gets at most the session's limit of verdicts", async () => {
    const account = await registerUser();
    const statuses = statusesOf(
      await Promise.all(
        Array.from({ length: 12 }, () =>
          api("/api/account/password", {
            method: "POST",
            token: account.token,
            json: { currentPassword: "not my password", newPassword: "a brand new passphrase" },
          }),
        ),
      ),
    );
    expect(count(statuses, 400)).toBe(THROTTLE.device.maxFailures);
    expect(count(statuses, 429)).toBe(12 - THROTTLE.device.maxFailures);
  });
});

/** The device cookie a sign-in set, as a Cookie header. */
function deviceCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!set) throw new Error("no device cookie set");
  return set.split(";")[0] ?? "";
}

const loginWith = (loginName: string, password: string, ip: string, cookie: string) =>
  api("/api/auth/login", {
    method: "POST",
    json: { login: loginName, password },
    headers: { "CF-Connecting-IP": ip, Cookie: cookie },
  });

/** The account's own lock, as 50 failures from many addresses leave it. */
async function lockAccountEverywhere(userId: string) {
  const now = Date.now();
  await env.DB.prepare(
    "insert into login_failures (key, count, window_start, locked_until) values (?, ?, ?, ?) on conflict (key) do update set count = excluded.count, locked_until = excluded.locked_until",
  )
    .bind(`account:user:${userId}`, THROTTLE.account.maxFailures, now, now + THROTTLE.lockMs)
    .run();
}

// docs/decisions/175-device-cookies-retire.md
describe("device cookies retire", () => {
  it("a password change retires every device cookie issued before it: a burst of guesses with one gets the address's limit", async () => {
    const account = await registerUser();
    const old = deviceCookieOf(await login(account.user.username, PASSWORD));
    const changed = await api("/api/account/password", {
      method: "POST",
      token: account.token,
      json: { currentPassword: PASSWORD, newPassword: "the new passphrase" },
    });
    expect(changed.status).toBe(200);
    const ip = freshIp();
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: 10 }, () => loginWith(account.user.username, "guess", ip, old))),
    );
    expect(count(statuses, 401)).toBe(THROTTLE.accountFromClient.maxFailures);
    // It no longer lifts the account's lock either; a cookie issued after the change does.
    await lockAccountEverywhere(account.user.id);
    expect((await loginWith(account.user.username, "the new passphrase", freshIp(), old)).status).toBe(429);
  });

  it("a newer sign-in's cookie retires the one it replaced", async () => {
    const account = await registerUser();
    const first = deviceCookieOf(await login(account.user.username, PASSWORD));
    const replacing = await loginWith(account.user.username, PASSWORD, freshIp(), first);
    expect(replacing.status).toBe(200);
    const second = deviceCookieOf(replacing);
    await lockAccountEverywhere(account.user.id);
    expect((await loginWith(account.user.username, PASSWORD, freshIp(), first)).status).toBe(429);
    expect((await loginWith(account.user.username, PASSWORD, freshIp(), second)).status).toBe(200);
  });
});
