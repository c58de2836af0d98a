import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshIp, PASSWORD, registerUser, withProductionPasswordHash } from "./helpers";

describe("register", () => {
  it("creates an account and answers 201 with a token and the public user", async () => {
    const res = await withProductionPasswordHash(() =>
      api("/api/auth/register", {
        method: "POST",
        json: { username: "ada", email: "Ada@Example.com", password: PASSWORD },
      }),
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token.split(".")).toHaveLength(3);
    expect(body.user).toMatchObject({ username: "ada", email: "ada@example.com", timeZone: "UTC" });
    expect(JSON.stringify(body)).not.toContain("scrypt");
    expect(res.headers.get("Set-Cookie")).toMatch(/__Host-onething_session=.*HttpOnly.*Secure.*SameSite=Lax/i);
    const row = await env.DB.prepare("select password_hash from users where username = 'ada'").first<{
      password_hash: string;
    }>();
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });

  it("refuses a taken username or email with 409", async () => {
    const { user } = await registerUser();
    const sameName = await api("/api/auth/register", {
      method: "POST",
      json: { username: user.username.toUpperCase(), email: "other@example.com", password: PASSWORD },
    });
    expect(sameName.status).toBe(409);
    expect(((await sameName.json()) as { message: string }).message).toMatch(/username/i);
    const sameEmail = await api("/api/auth/register", {
      method: "POST",
      json: { username: "someoneelse", email: user.email, password: PASSWORD },
    });
    expect(sameEmail.status).toBe(409);
    expect(((await sameEmail.json()) as { message: string }).message).toMatch(/email/i);
  });

  it.each([
    [{ username: "ab", email: "a@b.co", password: PASSWORD }, "username"],
    [{ username: "valid_name", email: "not-an-email", password: PASSWORD }, "email"],
    [{ username: "valid_name", email: `${"a".repeat(250)}@b.com`, password: PASSWORD }, "email"],
    [{ username: "valid_name", email: "a@b.co", password: "short" }, "password"],
    [{ username: 12, email: "a@b.co", password: PASSWORD }, "username"],
    [{ email: "a@b.co", password: PASSWORD }, "username"],
  ])("answers 400 naming the field for %o", async (json, field) => {
    const res = await api("/api/auth/register", { method: "POST", json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; issues: { path: string[] }[] };
    expect(body.issues[0]?.path).toContain(field);
    const count = await env.DB.prepare("select count(*) as n from users where email = 'a@b.co'").first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});

describe("login, user and logout", () => {
  it("signs in by username or email and answers the user", async () => {
    const { user } = await registerUser();
    for (const login of [user.username, user.email.toUpperCase()]) {
      const res = await api("/api/auth/login", { method: "POST", json: { login, password: PASSWORD } });
      expect(res.status).toBe(200);
      const { token } = (await res.json()) as { token: string };
      const me = await api("/api/auth/user", { token });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ id: user.id, username: user.username });
    }
  });

  it("answers one generic 401 for a wrong password and for an unknown account", async () => {
    const { user } = await registerUser();
    const wrong = await api("/api/auth/login", {
      method: "POST",
      json: { login: user.username, password: "nope-nope" },
    });
    const unknown = await api("/api/auth/login", {
      method: "POST",
      json: { login: "nobody-here", password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("answers 401 without a token, with a forged one, and after logout", async () => {
    expect((await api("/api/auth/user")).status).toBe(401);
    expect((await api("/api/auth/user", { token: "a.b.c" })).status).toBe(401);
    const { token } = await registerUser();
    const [head, payload] = token.split(".");
    expect((await api("/api/auth/user", { token: `${head}.${payload}.forgedsignature` })).status).toBe(401);
    const out = await api("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(204);
    // The HttpOnly cookie set at sign-in goes too: the page cannot remove it itself.
    expect(out.headers.get("Set-Cookie")).toMatch(/__Host-onething_session=;.*Max-Age=0/);
    // The browser's copy of the task list (kept for ETag revalidation) goes with it.
    expect(out.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect((await api("/api/auth/user", { token })).status).toBe(401);
  });

  it("accepts the session cookie and GET /api/logout revokes it and redirects home", async () => {
    const { token } = await registerUser();
    const cookie = `__Host-onething_session=${token}`;
    expect((await api("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);
    const out = await api("/api/logout", {
      headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/__Host-onething_session=;/);
    expect(out.headers.get("Clear-Site-Data")).toBe('"cache"');
    expect((await api("/api/auth/user", { token })).status).toBe(401);
  });

  it("refuses a cookie-only state change from a foreign origin with 403", async () => {
    const { token } = await registerUser();
    const headers = { Cookie: `__Host-onething_session=${token}`, Origin: "https://evil.example" };
    const res = await api("/api/auth/logout", { method: "POST", headers });
    expect(res.status).toBe(403);
    expect((await api("/api/auth/user", { token })).status).toBe(200);
    const same = await api("/api/auth/logout", {
      method: "POST",
      headers: { ...headers, Origin: "http://onething.test" },
    });
    expect(same.status).toBe(204);
  });
});

describe("throttling", () => {
  it("locks an account from one address after repeated failures with 429 and Retry-After, even with the right password", async () => {
    const { user } = await registerUser();
    const headers = { "CF-Connecting-IP": freshIp() };
    for (let i = 0; i < 5; i++) {
      const res = await api("/api/auth/login", {
        method: "POST",
        headers,
        json: { login: user.username, password: "wrong-pass" },
      });
      expect(res.status).toBe(401);
    }
    const locked = await api("/api/auth/login", {
      method: "POST",
      headers,
      json: { login: user.username, password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("locks a client address after repeated failures across accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      await api("/api/auth/login", {
        method: "POST",
        headers: { "CF-Connecting-IP": ip },
        json: { login: `ghost${i}`, password: "wrong-pass" },
      });
    }
    const { user } = await registerUser();
    const res = await api("/api/auth/login", {
      method: "POST",
      headers: { "CF-Connecting-IP": ip },
      json: { login: user.username, password: PASSWORD },
    });
    expect(res.status).toBe(429);
  });
});
