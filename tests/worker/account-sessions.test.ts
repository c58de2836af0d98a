import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { DeviceSession } from "../../shared/schemas/account";
import { api, registerUser, signInAgain } from "./helpers";

async function devices(token: string): Promise<DeviceSession[]> {
  const res = await api("/api/account/sessions", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as DeviceSession[];
}

describe("GET /api/account/sessions", () => {
  it("lists this user's live devices, this one first, without session ids", async () => {
    const account = await registerUser();
    const phone = await signInAgain(
      account.user.username,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
    );
    await registerUser(); // someone else's sessions must not show up
    const list = await devices(account.token);
    expect(list).toHaveLength(2);
    expect(list[0]?.current).toBe(true);
    expect(list[1]).toMatchObject({ current: false, method: "password", userAgent: expect.stringContaining("iPhone") });
    for (const device of list) {
      expect(device.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Date.parse(device.createdAt)).not.toBeNaN();
      expect(Date.parse(device.lastSeenAt)).not.toBeNaN();
    }
    const { results } = await env.DB.prepare("select sid from sessions where user_id = ?")
      .bind(account.user.id)
      .all<{ sid: string }>();
    const body = JSON.stringify(list);
    for (const { sid } of results) expect(body).not.toContain(sid);
    // The phone sees itself as the current device.
    expect((await devices(phone)).find((d) => d.current)?.userAgent).toContain("iPhone");
  });

  it("leaves out expired sessions", async () => {
    const account = await registerUser();
    await signInAgain(account.user.username, "Old browser");
    await env.DB.prepare("update sessions set expire = 1000 where user_id = ? and sess like '%Old browser%'")
      .bind(account.user.id)
      .run();
    expect(await devices(account.token)).toHaveLength(1);
  });
});

describe("DELETE /api/account/sessions/:id", () => {
  it("signs out that one device", async () => {
    const account = await registerUser();
    const laptop = await signInAgain(account.user.username, "Laptop browser");
    const tablet = await signInAgain(account.user.username, "Tablet browser");
    const target = (await devices(account.token)).find((d) => d.userAgent === "Laptop browser");
    const res = await api(`/api/account/sessions/${target?.id}`, { method: "DELETE", token: account.token });
    expect(res.status).toBe(204);
    expect((await api("/api/auth/user", { token: laptop })).status).toBe(401);
    expect((await api("/api/auth/user", { token: tablet })).status).toBe(200);
    expect((await api("/api/auth/user", { token: account.token })).status).toBe(200);
    // Gone already: 404.
    const again = await api(`/api/account/sessions/${target?.id}`, { method: "DELETE", token: account.token });
    expect(again.status).toBe(404);
  });

  it("answers 404 for another user's device and leaves it signed in", async () => {
    const owner = await registerUser();
    const intruder = await registerUser();
    const [ownerDevice] = await devices(owner.token);
    const res = await api(`/api/account/sessions/${ownerDevice?.id}`, { method: "DELETE", token: intruder.token });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("That device is not signed in.");
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
    expect((await api("/api/auth/user", { token: intruder.token })).status).toBe(200);
  });

  it("answers 404 for a session id used in place of the device id, and 400 for a malformed one", async () => {
    const owner = await registerUser();
    const row = await env.DB.prepare("select sid from sessions where user_id = ?")
      .bind(owner.user.id)
      .first<{ sid: string }>();
    const bySid = await api(`/api/account/sessions/${row?.sid}`, { method: "DELETE", token: owner.token });
    expect(bySid.status).toBe(404);
    const malformed = await api("/api/account/sessions/not*valid", { method: "DELETE", token: owner.token });
    expect(malformed.status).toBe(400);
    expect((await api("/api/auth/user", { token: owner.token })).status).toBe(200);
  });

  it("signing out the current device ends this session and clears the cookie", async () => {
    const account = await registerUser();
    const [current] = await devices(account.token);
    const res = await api(`/api/account/sessions/${current?.id}`, { method: "DELETE", token: account.token });
    expect(res.status).toBe(204);
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
    expect((await api("/api/auth/user", { token: account.token })).status).toBe(401);
  });
});

describe("DELETE /api/account/sessions", () => {
  it("signs out every other device of this user only", async () => {
    const account = await registerUser();
    const other1 = await signInAgain(account.user.username, "One");
    const other2 = await signInAgain(account.user.username, "Two");
    const stranger = await registerUser();
    const res = await api("/api/account/sessions", { method: "DELETE", token: account.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOutSessions: 2 });
    expect((await api("/api/auth/user", { token: other1 })).status).toBe(401);
    expect((await api("/api/auth/user", { token: other2 })).status).toBe(401);
    expect((await api("/api/auth/user", { token: account.token })).status).toBe(200);
    expect((await api("/api/auth/user", { token: stranger.token })).status).toBe(200);
    expect(await devices(account.token)).toHaveLength(1);
  });

  it("answers 401 without a session", async () => {
    expect((await api("/api/account/sessions")).status).toBe(401);
    expect((await api("/api/account/sessions", { method: "DELETE" })).status).toBe(401);
  });
});
