import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1_BOOKMARK_HEADER } from "../../shared/constants";
import { deviceHandle } from "../../worker/auth/sessions";
import { countCalls } from "./d1-counting";
import { hubOf } from "./focus-helpers";
import { registerSeededUser } from "./hardening-helpers";
import { api, PASSWORD } from "./helpers";

/** Signs the user in on another device: its token and its session id. */
async function secondDevice(username: string) {
  const res = await api("/api/auth/login", { method: "POST", json: { login: username, password: PASSWORD } });
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  const row = await env.DB.prepare(
    "select sid from sessions where user_id = (select id from users where username = ?) order by created_at desc limit 1",
  )
    .bind(username)
    .first<{ sid: string }>();
  return { token, sid: (row as { sid: string }).sid };
}

describe("reads through the D1 Sessions API", () => {
  it("every answer carries a bookmark, and the device's next read starts from it", async () => {
    const { token } = await registerSeededUser();
    const created = await countCalls("POST", "/api/tasks", { json: { title: "Read me back" } }, token);
    expect(created.status).toBe(201);
    // A write starts on the primary: its session check cannot be stale.
    expect(created.sessions).toEqual(["first-primary"]);
    const bookmark = created.headers.get(D1_BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9A-Za-z-]+$/);

    const list = await countCalls("GET", "/api/tasks", { headers: { [D1_BOOKMARK_HEADER]: bookmark ?? "" } }, token);
    expect(list.status).toBe(200);
    expect(list.sessions).toEqual([bookmark]);
    expect((JSON.parse(list.text) as { title: string }[]).map((task) => task.title)).toContain("Read me back");
    expect(list.headers.get(D1_BOOKMARK_HEADER)).toBeTruthy();
  });

  it("a read without a bookmark, or with a damaged one, may start at any replica", async () => {
    const { token } = await registerSeededUser();
    for (const header of [undefined, "not a bookmark; drop table tasks"]) {
      const res = await countCalls(
        "GET",
        "/api/auth/user",
        { headers: header ? { [D1_BOOKMARK_HEADER]: header } : {} },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.sessions).toEqual(["first-unconstrained"]);
    }
  });

  it("GETs that write (sign-out by navigation) start on the primary", async () => {
    const { token } = await registerSeededUser();
    const res = await countCalls(
      "GET",
      "/api/logout",
      { headers: { Cookie: `__Host-onething_session=${token}`, "Sec-Fetch-Site": "same-origin" } },
      token,
    );
    expect(res.status).toBe(302);
    expect(res.sessions).toEqual(["first-primary"]);
  });
});

describe("revocation takes effect on the very next request", () => {
  it("a device signed out elsewhere is refused at once, reads included", async () => {
    const a = await registerSeededUser();
    const b = await secondDevice(a.user.username);
    expect((await api("/api/tasks", { token: b.token })).status).toBe(200);
    const res = await api(`/api/account/sessions/${await deviceHandle(b.sid)}`, { method: "DELETE", token: a.token });
    expect(res.status).toBe(204);
    expect((await api("/api/tasks", { token: b.token })).status).toBe(401);
    expect((await api("/api/auth/user", { token: b.token })).status).toBe(401);
    expect((await api("/api/timer", { token: b.token })).status).toBe(401);
  });

  it("a read is refused even where D1 has not seen the revocation yet (a lagging replica)", async () => {
    const a = await registerSeededUser();
    const b = await secondDevice(a.user.username);
    // As if only the hub had heard of it: the session row is still in D1.
    await hubOf(a.user.id).changed({ events: [{ type: "sessions-ended", sessionIds: [b.sid] }], tab: null });
    for (const path of ["/api/tasks", "/api/auth/user", "/api/analytics/today", "/api/focus-sessions"]) {
      const read = await api(path, { token: b.token });
      expect(read.status, path).toBe(401);
    }
    // The other device is untouched.
    expect((await api("/api/tasks", { token: a.token })).status).toBe(200);
  });

  it("a password change, a logout and an account deletion refuse the next read", async () => {
    const a = await registerSeededUser();
    const b = await secondDevice(a.user.username);
    const changed = await api("/api/account/password", {
      method: "POST",
      token: a.token,
      json: { currentPassword: PASSWORD, newPassword: "another good password" },
    });
    expect(changed.status).toBe(200);
    expect((await api("/api/tasks", { token: b.token })).status).toBe(401);

    expect((await api("/api/auth/logout", { method: "POST", token: a.token })).status).toBe(204);
    expect((await api("/api/tasks", { token: a.token })).status).toBe(401);

    const c = await registerSeededUser();
    const deleted = await api("/api/account", {
      method: "DELETE",
      token: c.token,
      json: { confirmation: c.user.username, password: PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect((await api("/api/tasks", { token: c.token })).status).toBe(401);
    // The hub keeps only the revoked session's id, until its token would have expired.
    expect(await hubOf(c.user.id).sessionRevoked(c.deviceSessionId)).toBe(true);
  });
});
