import { env } from "cloudflare:workers";
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { LIVE_PROTOCOL } from "../../shared/live-protocol";
import { SESSION_COOKIE } from "../../worker/auth/cookies";
import { DEVICE_COOKIE } from "../../worker/auth/device-cookies";
import { signToken } from "../../worker/auth/tokens";
import { liveTicket, upgradeLive } from "./focus-helpers";
import { expectErrorShape, snapshotUser } from "./hardening-helpers";
import { api, ORIGIN, PASSWORD, registerUser } from "./helpers";

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The claims a real session token carries, for crafting tokens the server must refuse. */
function claimsOf(token: string): Record<string, unknown> {
  const [, payload] = token.split(".");
  return JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>;
}

async function expect401(token: string) {
  for (const res of [
    await api("/api/auth/user", { token }),
    await api("/api/auth/user", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } }),
  ]) {
    expect(res.status).toBe(401);
    await expectErrorShape(res);
  }
}

describe("tokens the server must refuse", () => {
  it("an expired token", async () => {
    const { token, user } = await registerUser();
    const { sid } = claimsOf(token) as { sid: string };
    const expired = await signToken(
      env.AUTH_SECRET,
      { userId: user.id, sessionId: sid },
      "session",
      60_000,
      Date.now() - 120_000,
    );
    await expect401(expired);
  });

  it("a correctly signed token without an expiry", async () => {
    const { token } = await registerUser();
    const { exp: _exp, ...claims } = claimsOf(token);
    const secret = new TextEncoder().encode(env.AUTH_SECRET);
    await expect401(await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret));
  });

  it("a token signed with another secret, or with its payload altered", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const { sid } = claimsOf(token) as { sid: string };
    await expect401(
      await signToken(
        "another-secret-that-is-at-least-32-chars",
        { userId: user.id, sessionId: sid },
        "session",
        60_000,
      ),
    );
    // The other user's id in the payload, the original signature kept.
    const [header, , signature] = token.split(".");
    await expect401(`${header}.${b64url({ ...claimsOf(token), sub: other.user.id })}.${signature}`);
    await expect401(`${header}.${b64url(claimsOf(token))}.${signature?.slice(0, -4)}AAAA`);
  });

  it('a token with alg "none"', async () => {
    const { token } = await registerUser();
    for (const alg of ["none", "None", "NONE"]) {
      await expect401(`${b64url({ alg, typ: "JWT" })}.${b64url(claimsOf(token))}.`);
    }
  });

  it("RS256 tokens, and HS256 tokens keyed with a public key (algorithm confusion)", async () => {
    const { token } = await registerUser();
    const claims = claimsOf(token);
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    await expect401(await new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "JWT" }).sign(privateKey));
    // The classic confusion: the public key used as an HMAC secret.
    const pem = new TextEncoder().encode(await exportSPKI(publicKey));
    await expect401(await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(pem));
    // An embedded key in the header must not be trusted either.
    const jwk = await exportJWK(publicKey);
    await expect401(await new SignJWT(claims).setProtectedHeader({ alg: "RS256", jwk }).sign(privateKey));
    // The right secret under another HMAC algorithm.
    const secret = new TextEncoder().encode(env.AUTH_SECRET);
    await expect401(await new SignJWT(claims).setProtectedHeader({ alg: "HS512", typ: "JWT" }).sign(secret));
  });

  it("a live ticket used as a session token", async () => {
    const { token } = await registerUser();
    await expect401(await liveTicket(token));
  });

  it("a revoked session: after logout, and other devices after a password change", async () => {
    const { token, user } = await registerUser();
    const login = await api("/api/auth/login", { method: "POST", json: { login: user.username, password: PASSWORD } });
    const { token: second } = (await login.json()) as { token: string };
    const changed = await api("/api/account/password", {
      method: "POST",
      token,
      json: { currentPassword: PASSWORD, newPassword: "a brand new password" },
    });
    expect(changed.status).toBe(200);
    await expect401(second);
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBe(204);
    await expect401(token);
  });
});

describe("the session cookie", () => {
  it("is HttpOnly, Secure, SameSite=Lax, host-only with the __Host- prefix (and the device cookie)", async () => {
    for (const res of [
      await api("/api/auth/register", {
        method: "POST",
        json: {
          username: `c${crypto.randomUUID().slice(0, 8)}`,
          email: `c${Date.now()}@example.com`,
          password: PASSWORD,
        },
      }),
      await api("/api/auth/login", {
        method: "POST",
        json: { login: (await registerUser()).user.username, password: PASSWORD },
      }),
    ]) {
      expect(res.status).toBeLessThan(300);
      // The session cookie, and the device cookie of sign-in throttling.
      for (const [name, sameSite] of [
        [SESSION_COOKIE, "samesite=lax"],
        [DEVICE_COOKIE, "samesite=lax"],
      ]) {
        const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? "";
        expect(cookie, name).not.toBe("");
        const attributes = cookie.split(";").map((part) => part.trim().toLowerCase());
        expect(attributes).toContain("httponly");
        expect(attributes).toContain("secure");
        expect(attributes).toContain(sameSite);
        expect(attributes).toContain("path=/");
        expect(attributes.some((part) => part.startsWith("domain="))).toBe(false);
      }
    }
  });

  it("refuses a cookie-only change from a foreign or missing Origin with 403, and changes nothing", async () => {
    const { token, user } = await registerUser();
    const before = await snapshotUser(user);
    const cookie = { Cookie: `${SESSION_COOKIE}=${token}` };
    for (const headers of [{ ...cookie, Origin: "https://evil.example" }, { ...cookie, Origin: "null" }, cookie]) {
      const res = await api("/api/tasks", { method: "POST", headers, json: { title: "Planted" } });
      expect(res.status).toBe(403);
      await expectErrorShape(res);
    }
    expect(await snapshotUser(user)).toBe(before);
    const same = await api("/api/tasks", {
      method: "POST",
      headers: { ...cookie, Origin: ORIGIN },
      json: { title: "Mine" },
    });
    expect(same.status).toBe(201);
  });

  it("sign-in and registration posted from a foreign Origin answer 403 and set no cookie", async () => {
    const { user } = await registerUser();
    const name = `x${crypto.randomUUID().slice(0, 8)}`;
    const foreign = { Origin: "https://evil.example" };
    const login = await api("/api/auth/login", {
      method: "POST",
      headers: foreign,
      json: { login: user.username, password: PASSWORD },
    });
    const register = await api("/api/auth/register", {
      method: "POST",
      headers: foreign,
      json: { username: name, email: `${name}@example.com`, password: PASSWORD },
    });
    for (const res of [login, register]) {
      expect(res.status).toBe(403);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      await expectErrorShape(res);
    }
    const taken = await env.DB.prepare("select 1 from users where username = ?").bind(name).first();
    expect(taken).toBeNull();
  });

  it("GET /api/logout signs out only on the app's own navigation (no cross-site logout)", async () => {
    const { token } = await registerUser();
    const cookie = { Cookie: `${SESSION_COOKIE}=${token}` };
    for (const site of ["cross-site", "same-site", undefined]) {
      const res = await api("/api/logout", {
        redirect: "manual",
        headers: { ...cookie, ...(site ? { "Sec-Fetch-Site": site } : {}) },
      });
      expect(res.status).toBe(302);
      expect((await api("/api/auth/user", { token })).status).toBe(200);
    }
    const own = await api("/api/logout", {
      redirect: "manual",
      headers: { ...cookie, "Sec-Fetch-Site": "same-origin" },
    });
    expect(own.status).toBe(302);
    expect((await api("/api/auth/user", { token })).status).toBe(401);
  });
});

describe("the live WebSocket", () => {
  const upgrade = (ticket: string | undefined, { Origin, ...headers }: Record<string, string>) =>
    upgradeLive(ticket ?? null, Origin ?? null, headers);

  it("is refused from a foreign Origin even with a valid ticket", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    for (const origin of ["https://evil.example", "http://onething.test.evil.example", "null"]) {
      const res = await upgrade(ticket, { Origin: origin });
      expect(res.status).toBe(403);
      expect(res.webSocket).toBeNull();
    }
  });

  it("is refused without a ticket, with a session token or cookie instead, or with a forged ticket", async () => {
    const { token, user } = await registerUser();
    const own = { Origin: ORIGIN };
    const { sid } = claimsOf(token) as { sid: string };
    const forged = await signToken(
      "another-secret-that-is-at-least-32-chars",
      { userId: user.id, sessionId: sid },
      "live",
      60_000,
    );
    for (const res of [
      await upgrade(undefined, own),
      await upgrade(undefined, { ...own, Authorization: `Bearer ${token}` }),
      await upgrade(undefined, { ...own, Cookie: `${SESSION_COOKIE}=${token}` }),
      await upgrade(token, own),
      await upgrade(forged, own),
    ]) {
      expect(res.status).toBe(401);
      expect(res.webSocket).toBeNull();
    }
    const accepted = await upgrade(await liveTicket(token), own);
    expect(accepted.status).toBe(101);
    accepted.webSocket?.accept();
    accepted.webSocket?.close();
  });

  it("opens one socket per ticket: the same ticket again, or twice at once, is refused", async () => {
    const { token } = await registerUser();
    const own = { Origin: ORIGIN };
    const ticket = await liveTicket(token);
    const first = await upgrade(ticket, own);
    expect(first.status).toBe(101);
    first.webSocket?.accept();
    const again = await upgrade(ticket, own);
    expect(again.status).toBe(401);
    expect(again.webSocket).toBeNull();
    await expectErrorShape(again);
    first.webSocket?.close();

    const fresh = await liveTicket(token);
    const both = await Promise.all([upgrade(fresh, own), upgrade(fresh, own)]);
    expect(both.map((res) => res.status).sort()).toEqual([101, 401]);
    for (const res of both) {
      res.webSocket?.accept();
      res.webSocket?.close();
    }
  });

  it("takes the ticket from Sec-WebSocket-Protocol only: a ticket in the URL (kept by request logs) is refused", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    const inUrl = await api(`/api/live?ticket=${encodeURIComponent(ticket)}`, {
      headers: { Upgrade: "websocket", Origin: ORIGIN },
    });
    expect(inUrl.status).toBe(400);
    expect(inUrl.webSocket).toBeNull();
    await expectErrorShape(inUrl);
    // Without our protocol beside it, a ticket is not one.
    const bare = await upgradeLive(null, ORIGIN, { "Sec-WebSocket-Protocol": ticket });
    expect(bare.status).toBe(401);
    // The ticket was not used up by either: it still opens the socket, which answers our protocol.
    const res = await upgradeLive(ticket);
    expect(res.status).toBe(101);
    expect(res.headers.get("Sec-WebSocket-Protocol")).toBe(LIVE_PROTOCOL);
    res.webSocket?.accept();
    res.webSocket?.close();
  });
});
