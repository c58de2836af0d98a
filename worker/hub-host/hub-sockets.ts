import {
  LIVE_PING,
  LIVE_PONG,
  LIVE_PROTOCOL,
  LIVE_SESSION_ENDED,
  LIVE_SUPERSEDED,
  type SessionEndReason,
} from "../../shared/live-protocol";
import { clientFrameSchema, parseFrame, type ServerFrame } from "../../shared/schemas/live";
import { liveSessionQuery } from "../auth/sessions";
import { createDb } from "../db/client";
import { directoryDatabase } from "../db/person-db";
import type { Bindings } from "../env";
import { frameTooLarge, sendIfOpen, socketsOverCap } from "./live-socket-limits";

/** Set by the Worker's /api/live route after checking the ticket and the session: whose socket it is. */
export const LIVE_SESSION_HEADER = "X-Onething-Session";
export const LIVE_USER_HEADER = "X-Onething-User";

/** What each hibernatable socket remembers across hibernation. */
type SocketAttachment = { sessionId: string; connectedAt: number };

/**
 * The WebSockets of the person's open tabs and devices, held by their hub: accepted with
 * hibernation (the object sleeps while they stay open), capped, told every change, and closed when
 * their sign-in session ends. No `setTimeout`/`setInterval` in here: they would keep the object awake.
 */
export class HubSockets {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Bindings,
  ) {
    // Answered by the runtime itself, so keep-alive pings never wake a hibernating object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /**
   * GET /api/live after the Worker checked the ticket, the session and the Origin: accepts the socket
   * and sends it `firstFrame` (the timer), or closes it at once if its session ended meanwhile.
   */
  async accept(request: Request, firstFrame: () => ServerFrame): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade.", { status: 426 });
    }
    const sessionId = request.headers.get(LIVE_SESSION_HEADER) ?? "";
    const { 0: client, 1: server } = new WebSocketPair();
    // acceptWebSocket (not server.accept()) lets the object hibernate while sockets stay open.
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ sessionId, connectedAt: Date.now() } satisfies SocketAttachment);
    this.closeOverCap();
    // A revocation between the Worker's session check and the accept above closed the sockets it
    // could see, not this one; checked again now that closeSessions would find it.
    if (await this.sessionEnded(sessionId, request.headers.get(LIVE_USER_HEADER) ?? "")) closeSessionEnded(server);
    // Closed as one of the oldest by a newer open meanwhile: it answers 101 and closes with 4429.
    else sendIfOpen(server, JSON.stringify(firstFrame()));
    return new Response(null, { status: 101, webSocket: client, headers: { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } });
  }

  /** A client's frame: `sync` asks for `current()` again; anything too large closes the socket. */
  receive(ws: WebSocket, message: string | ArrayBuffer, current: () => ServerFrame): void {
    if (frameTooLarge(message)) {
      ws.close(1009, "frame too large");
      return;
    }
    const frame = parseFrame(clientFrameSchema, message);
    if (frame?.type === "sync") ws.send(JSON.stringify(current()));
  }

  /** The client closed (or the socket failed): close our end too. */
  closed(ws: WebSocket): void {
    try {
      ws.close();
    } catch {
      // Already closed by the runtime's automatic close reply.
    }
  }

  broadcast(frame: ServerFrame): void {
    const text = JSON.stringify(frame);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing right now; its close handler cleans up.
      }
    }
  }

  /** Closes the sockets of these sign-in sessions (revoked), saying why; answers how many. */
  closeSessions(sessionIds: readonly string[], why?: SessionEndReason): number {
    const ended = new Set(sessionIds);
    let closed = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as SocketAttachment | null;
      if (attachment && ended.has(attachment.sessionId)) {
        closeSessionEnded(ws, why);
        closed += 1;
      }
    }
    return closed;
  }

  /** Account deletion: every socket ends. */
  closeAll(): void {
    for (const ws of this.ctx.getWebSockets()) closeSessionEnded(ws);
  }

  /** A person's sockets are capped: when a new one goes over, the oldest close (./live-socket-limits.ts). */
  private closeOverCap(): void {
    const open = this.ctx.getWebSockets().flatMap((socket) => {
      const attachment = socket.deserializeAttachment() as SocketAttachment | null;
      return socket.readyState === WebSocket.OPEN ? [{ socket, connectedAt: attachment?.connectedAt ?? 0 }] : [];
    });
    for (const socket of socketsOverCap(open)) socket.close(LIVE_SUPERSEDED.code, LIVE_SUPERSEDED.reason);
  }

  /** Whether the sign-in session is revoked or expired; if D1 cannot answer, the Worker's check stands. */
  private async sessionEnded(sessionId: string, userId: string): Promise<boolean> {
    try {
      const [row] = await liveSessionQuery(createDb(directoryDatabase(this.env)), sessionId, userId);
      return !row || row.expire.getTime() <= Date.now();
    } catch (err) {
      console.error("could not recheck the live socket's session", err);
      return false;
    }
  }
}

/**
 * Says so in a frame first, then closes with the code: a proxy in between (local development)
 * may end the connection without passing the close code on, but frames always arrive.
 */
function closeSessionEnded(ws: WebSocket, why?: SessionEndReason): void {
  try {
    ws.send(JSON.stringify({ type: "session-ended", ...(why ? { why } : {}) } satisfies ServerFrame));
    ws.close(LIVE_SESSION_ENDED.code, LIVE_SESSION_ENDED.reason);
  } catch {
    // Already closing.
  }
}
