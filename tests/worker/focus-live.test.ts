import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signToken } from "../../worker/auth/tokens";
import { hubOf, liveTicket, openLive, startSession, timer } from "./focus-helpers";
import { api, createTask, ORIGIN, registerUser } from "./helpers";

const upgrade = (path: string, origin: string | null = ORIGIN) =>
  api(path, { headers: { Upgrade: "websocket", ...(origin ? { Origin: origin } : {}) } });

describe("GET /api/live: tickets and Origin", () => {
  it("POST /api/live/ticket needs sign-in and answers a ticket", async () => {
    expect((await api("/api/live/ticket", { method: "POST" })).status).toBe(401);
    const { token } = await registerUser();
    expect((await liveTicket(token)).split(".")).toHaveLength(3);
  });

  it("answers 401 without a ticket or with a bad one", async () => {
    const { token, user } = await registerUser();
    expect((await upgrade("/api/live")).status).toBe(401);
    expect((await upgrade("/api/live?ticket=nonsense")).status).toBe(401);
    // A session token is not a live ticket.
    expect((await upgrade(`/api/live?ticket=${token}`)).status).toBe(401);
    const expired = await signToken(
      env.AUTH_SECRET,
      { userId: user.id, sessionId: "whatever" },
      "live",
      60_000,
      Date.now() - 120_000,
    );
    expect((await upgrade(`/api/live?ticket=${expired}`)).status).toBe(401);
  });

  it("answers 401 when the ticket's session was revoked", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    expect((await api("/api/auth/logout", { method: "POST", token })).status).toBeLessThan(300);
    expect((await upgrade(`/api/live?ticket=${ticket}`)).status).toBe(401);
  });

  it("answers 403 to a foreign or missing Origin", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    const foreign = await upgrade(`/api/live?ticket=${ticket}`, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: "The live channel only serves the Onething app." });
    expect((await upgrade(`/api/live?ticket=${ticket}`, null)).status).toBe(403);
  });

  it("answers 426 to a plain GET", async () => {
    const { token } = await registerUser();
    const ticket = await liveTicket(token);
    expect((await api(`/api/live?ticket=${ticket}`, { headers: { Origin: ORIGIN } })).status).toBe(426);
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
});
