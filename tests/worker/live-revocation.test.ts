import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { DeviceSession } from "../../shared/schemas/account";
import { parseFrame, type ServerFrame, serverFrameSchema } from "../../shared/schemas/live";
import { LIVE_SESSION_HEADER, LIVE_USER_HEADER } from "../../worker/hub-host/hub-sockets";
import { hubOf, openLive } from "./focus-helpers";
import { api, createTask, PASSWORD, registerUser, signInAgain } from "./helpers";

/** A live socket that also remembers how it was closed. */
async function liveSocket(token: string) {
  const live = await openLive(token);
  await live.next((f) => f.type === "timer");
  let closedWith: { code: number; reason: string } | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    live.ws.addEventListener("close", (event) => {
      closedWith = { code: event.code, reason: event.reason };
      resolve(closedWith);
    });
  });
  return {
    ...live,
    closed: () =>
      Promise.race([
        closed,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the socket was not closed")), 5000)),
      ]),
    isOpen: () => closedWith === null,
  };
}

/** The socket still gets the user's broadcasts: a task change reaches it. */
async function expectStillLive(socket: Awaited<ReturnType<typeof liveSocket>>, token: string) {
  await createTask(token, { title: `Still live ${crypto.randomUUID().slice(0, 6)}` });
  await socket.next((f) => f.type === "tasks-changed");
  expect(socket.isOpen()).toBe(true);
}

const SESSION_ENDED = { code: 4401, reason: "session ended" };

describe("live sockets of a revoked session are closed with 4401", () => {
  it("on POST /api/auth/logout, leaving the user's other devices connected", async () => {
    const account = await registerUser();
    const other = await signInAgain(account.user.username);
    const mine = await liveSocket(account.token);
    const mineToo = await liveSocket(account.token); // a second tab of the same session
    const theirs = await liveSocket(other);

    expect((await api("/api/auth/logout", { method: "POST", token: account.token })).status).toBe(204);
    // A frame says so first (a proxy may drop the close code), then the close itself.
    // A sign-out gives no reason to tell: the person did it.
    expect(await mine.next((f) => f.type === "session-ended")).toEqual({ type: "session-ended" });
    expect(await mine.closed()).toEqual(SESSION_ENDED);
    expect(await mineToo.closed()).toEqual(SESSION_ENDED);
    await expectStillLive(theirs, other);
    theirs.ws.close();
  });

  it("on GET /api/logout (the full-page sign-out)", async () => {
    const account = await registerUser();
    const socket = await liveSocket(account.token);
    const out = await api("/api/logout", {
      // A same-origin navigation: GET /api/logout refuses cross-site requests.
      headers: { Cookie: `__Host-onething_session=${account.token}`, "Sec-Fetch-Site": "same-origin" },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    expect(await socket.closed()).toEqual(SESSION_ENDED);
  });

  it("on signing out one device, and only that device's sockets", async () => {
    const account = await registerUser();
    const phone = await signInAgain(account.user.username, "Phone");
    const mine = await liveSocket(account.token);
    const phoneSocket = await liveSocket(phone);
    const list = (await (await api("/api/account/sessions", { token: account.token })).json()) as DeviceSession[];
    const target = list.find((device) => !device.current);
    const res = await api(`/api/account/sessions/${target?.id}`, { method: "DELETE", token: account.token });
    expect(res.status).toBe(204);
    expect(await phoneSocket.closed()).toEqual(SESSION_ENDED);
    await expectStillLive(mine, account.token);
    mine.ws.close();
  });

  it("on signing out everywhere else, keeping this device", async () => {
    const account = await registerUser();
    const [a, b] = [await signInAgain(account.user.username, "A"), await signInAgain(account.user.username, "B")];
    const mine = await liveSocket(account.token);
    const sockets = [await liveSocket(a), await liveSocket(b)];
    const res = await api("/api/account/sessions", { method: "DELETE", token: account.token });
    expect(await res.json()).toEqual({ signedOutSessions: 2 });
    for (const socket of sockets) expect(await socket.closed()).toEqual(SESSION_ENDED);
    await expectStillLive(mine, account.token);
    mine.ws.close();
  });

  it("on a password change, for every other session", async () => {
    const account = await registerUser();
    const other = await signInAgain(account.user.username);
    const mine = await liveSocket(account.token);
    const theirs = await liveSocket(other);
    const res = await api("/api/account/password", {
      method: "POST",
      token: account.token,
      json: { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
    });
    expect(res.status).toBe(200);
    // The frame says why, for the device's sign-in screen (docs/product.md#signed-out-by-a-password-change).
    expect(await theirs.next((f) => f.type === "session-ended")).toEqual({
      type: "session-ended",
      why: "password-changed",
    });
    expect(await theirs.closed()).toEqual(SESSION_ENDED);
    await expectStillLive(mine, account.token);
    mine.ws.close();
  });

  it("never touches another user's sockets", async () => {
    const account = await registerUser();
    const stranger = await registerUser();
    const strangers = await liveSocket(stranger.token);
    const mine = await liveSocket(account.token);
    await api("/api/auth/logout", { method: "POST", token: account.token });
    await mine.closed();
    await expectStillLive(strangers, stranger.token);
    strangers.ws.close();
  });
});

/**
 * The hub itself, as the Worker's /api/live route calls it once its session check has passed: a
 * revocation landing between that check and the hub's accept must still close the socket.
 */
async function socketFromHub(userId: string, sessionId: string) {
  const res = await hubOf(userId).fetch(
    new Request("https://hub/live", {
      headers: { Upgrade: "websocket", [LIVE_SESSION_HEADER]: sessionId, [LIVE_USER_HEADER]: userId },
    }),
  );
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("no WebSocket in the answer");
  const frames: ServerFrame[] = [];
  ws.addEventListener("message", (event) => {
    const frame = parseFrame(serverFrameSchema, event.data);
    if (frame) frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  ws.accept();
  return { ws, frames, closed };
}

const sessionIdOf = async (userId: string) =>
  (await env.DB.prepare("select sid from sessions where user_id = ?").bind(userId).first<{ sid: string }>())?.sid ?? "";

describe("the hub checks the session again once it has accepted a socket", () => {
  it("closes with 4401, and sends no timer, when the session was revoked after the Worker's check", async () => {
    const account = await registerUser();
    const sid = await sessionIdOf(account.user.id);
    expect((await api("/api/auth/logout", { method: "POST", token: account.token })).status).toBe(204);

    const socket = await socketFromHub(account.user.id, sid);
    expect(await socket.closed).toBe(SESSION_ENDED.code);
    expect(socket.frames.map((f) => f.type)).toEqual(["session-ended"]);
  });

  it("sends the timer to a live session and keeps the socket open", async () => {
    const account = await registerUser();
    const socket = await socketFromHub(account.user.id, await sessionIdOf(account.user.id));
    await vi.waitUntil(() => socket.frames.length > 0);
    expect(socket.frames.map((f) => f.type)).toEqual(["timer"]);
    await createTask(account.token, { title: "Still live from the hub" });
    await vi.waitUntil(() => socket.frames.some((f) => f.type === "tasks-changed"));
    socket.ws.close();
  });
});
