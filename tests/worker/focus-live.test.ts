import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LIVE_PROTOCOL, LIVE_SUPERSEDED } from "../../shared/live-protocol";
import { signToken } from "../../worker/auth/tokens";
import { LIVE_LIMITS } from "../../worker/hub-host/live-socket-limits";
import { hubOf, liveTicket, openLive, startSession, timer, upgradeLive } from "./focus-helpers";
import { api, createTask, ORIGIN, registerUser } from "./helpers";

describe("GET /api/live: tickets and Origin", () => {
  it("POST /api/live/ticket needs sign-in and answers a ticket", async () => {
    expect((await api("/api/live/ticket", { method: "POST" })).status).toBe(401);
    const { token } = await registerUser();
    expect((await liveTicket(token)).split(".")).toHaveLength(3);
  });

  it("answers 401 without a ticket or with a bad one", async () => {
    const { token, user } = await registerUser();
    expect((await upgradeLive(null)).status).toBe(401);
    expect((await upgradeLive("nonsense")).status).toBe(401);
    // A session token is not a live ticket.
    expect((await upgradeLive(token)).status).toBe(401);
    const expired = await signToken(
      env.AUTH_SECRET,
      { userId: user.id, sessionId: "whatever" },
      "live",
      60_000,
      Date.now() - 120_000,
    );
    expect((await upgradeLive(expired)).status).toBe(401);
  });

  it("answers 401 when the ticket's session was revoked", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBeLessThan(300);
    expect((await upgradeLive(ticket)).status).toBe(401);
  });

  it("answers 403 to a foreign or missing Origin", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    const foreign = await upgradeLive(ticket, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: "The live channel only serves the Onething app." });
    expect((await upgradeLive(ticket, null)).status).toBe(403);
  });

  it("answers 426 to a plain GET", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    expect(
      (await api("/api/live", { headers: { Origin: ORIGIN, "Sec-WebSocket-Protocol": `${LIVE_PROTOCOL}, ${ticket}` } }))
        .status,
    ).toBe(426);
  });
});

describe("the live channel", () => {
  it("sends the timer on connect and on sync, and broadcasts every change to every socket", async () => {
    const { token } = await registerUser();
    const a = await openLive(token);
    const b = await openLive(token);
    expect(await a.next((f) => f.type === "timer" && f.state.status === "idle")).toBeTruthy();
    await b.next((f) => f.type === "timer");

    const task = await createTask(token, { title: "Shared across devices" });
    const started = await startSession(token, task.id);
    for (const socket of [a, b]) {
      const frame = await socket.next((f) => f.type === "timer" && f.state.status === "running");
      expect(frame).toMatchObject({ state: { sessionId: started.id, taskTitle: "Shared across devices" } });
      if (frame.type === "timer") expect(typeof frame.serverNow).toBe("number");
    }

    // A pause made through one device's HTTP call reaches the other's socket.
    await timer(token, "pause");
    await b.next((f) => f.type === "timer" && f.state.status === "paused");

    a.ws.send(JSON.stringify({ type: "sync" }));
    await a.next((f) => f.type === "timer" && f.state.status === "paused");
    // Malformed frames are ignored, and the socket keeps working.
    a.ws.send("{not json");
    a.ws.send(JSON.stringify({ type: "launch" }));
    a.ws.send(JSON.stringify({ type: "sync" }));
    await a.next((f) => f.type === "timer" && f.state.status === "paused");
    a.ws.close();
    b.ws.close();
  });

  it("tells every socket that tasks changed after a task mutation", async () => {
    const { token } = await registerUser();
    const live = await openLive(token);
    await live.next((f) => f.type === "timer");
    const task = await createTask(token, { title: "New" });
    await live.next((f) => f.type === "tasks-changed");
    await api(`/api/tasks/${task.id}`, { method: "PATCH", token, json: { category: "urgent" } });
    await live.next((f) => f.type === "tasks-changed");
    live.ws.close();
  });

  it("keeps only the user's own sockets: another user's changes are not broadcast", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const live = await openLive(a.token);
    await live.next((f) => f.type === "timer");
    await createTask(b.token);
    const task = await createTask(a.token);
    await live.next((f) => f.type === "tasks-changed");
    await startSession(b.token, (await createTask(b.token)).id);
    await startSession(a.token, task.id);
    const frame = await live.next((f) => f.type === "timer" && f.state.status === "running");
    expect(frame).toMatchObject({ state: { taskId: task.id } });
    expect(live.frames.filter((f) => f.type === "tasks-changed")).toHaveLength(0);
    live.ws.close();
  });

  it("hibernated sockets still receive broadcasts after the object is evicted", async () => {
    const { token, user } = await registerUser();
    const live = await openLive(token);
    await live.next((f) => f.type === "timer");
    await evictDurableObject(hubOf(user.id));
    await timer(token, "break");
    await live.next((f) => f.type === "timer" && f.state.kind === "break" && f.state.status === "running");
    live.ws.close();
  });

  it("caps a person's open sockets: a new one over the cap closes the oldest", async () => {
    const { token } = await registerUser();
    const sockets = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerPerson; i += 1) {
      const live = await openLive(token);
      await live.next((f) => f.type === "timer");
      sockets.push(live);
    }
    const newest = await openLive(token);
    await newest.next((f) => f.type === "timer");
    const [oldest, second] = sockets;
    expect((await oldest?.closed)?.code).toBe(LIVE_SUPERSEDED.code);
    // The others, the newest included, still get every broadcast.
    await createTask(token);
    await newest.next((f) => f.type === "tasks-changed");
    await second?.next((f) => f.type === "tasks-changed");
    for (const live of [...sockets, newest]) live.ws.close();
  });

  it("closes a socket that sends a frame larger than any real one, and keeps the others", async () => {
    const { token } = await registerUser();
    const big = await openLive(token);
    const other = await openLive(token);
    await big.next((f) => f.type === "timer");
    big.ws.send("x".repeat(LIVE_LIMITS.frameBytes + 1));
    expect((await big.closed).code).toBe(1009);
    // Just under the limit is only a malformed frame: ignored, the socket stays.
    other.ws.send(" ".repeat(LIVE_LIMITS.frameBytes - 20) + JSON.stringify({ type: "sync" }).slice(0, 10));
    other.ws.send(JSON.stringify({ type: "sync" }));
    await other.next((f) => f.type === "timer");
    await other.next((f) => f.type === "timer");
    other.ws.close();
  });
});
