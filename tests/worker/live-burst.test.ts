import { describe, expect, it } from "vitest";
import { LIVE_SUPERSEDED } from "../../shared/live-protocol";
import { LIVE_LIMITS } from "../../worker/hub-host/live-socket-limits";
import { liveTicket, upgradeLive } from "./focus-helpers";
import { registerUser } from "./helpers";

/** The socket's close (its code and how long after `from` it came), or null once `ms` have passed without one. */
function closedWithin(ws: WebSocket, from: number, ms: number): Promise<{ code: number; afterMs: number } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    ws.addEventListener("close", (event) => {
      clearTimeout(timer);
      resolve({ code: event.code, afterMs: Date.now() - from });
    });
  });
}

// docs/decisions/173-live-socket-burst.md
describe("live sockets opened in a burst", () => {
  it("40 opens at once by one person: every one answers 101, never 500; those over the cap close with 4429 at once", async () => {
    const { token } = await registerUser();
    const burst = 40;
    const tickets = await Promise.all(Array.from({ length: burst }, () => liveTicket(token)));
    const answers = await Promise.all(tickets.map((ticket) => upgradeLive(ticket)));
    expect(answers.map((res) => res.status).filter((status) => status !== 101)).toEqual([]);
    // Every socket is accepted before its 101, and each acceptance closes the oldest over the cap:
    // once all have answered, every close is on its way. Timed from here, not from before the
    // upgrades, whose own time grows with how busy the machine is.
    const answered = Date.now();
    const sockets = answers.map((res) => {
      const ws = res.webSocket;
      if (!ws) throw new Error("no WebSocket in the answer");
      const closed = closedWithin(ws, answered, 5000);
      ws.accept();
      return { ws, closed };
    });
    // Those past the cap are closed by the server with 4429, each within moments, not seconds.
    const closes = await Promise.all(sockets.map((socket) => socket.closed));
    const superseded = closes.filter((event) => event?.code === LIVE_SUPERSEDED.code);
    expect(superseded).toHaveLength(burst - LIVE_LIMITS.socketsPerPerson);
    console.log(
      "closed after (ms)",
      superseded.map((event) => event?.afterMs),
    );
    expect(Math.max(...superseded.map((event) => event?.afterMs ?? Infinity))).toBeLessThan(2000);
    expect(closes.filter((event) => event !== null && event.code !== LIVE_SUPERSEDED.code)).toEqual([]);
    for (const socket of sockets) socket.ws.close();
  });
});
