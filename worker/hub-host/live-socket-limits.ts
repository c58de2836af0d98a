import { LIVE_PROTOCOL } from "../../shared/live-protocol";

/**
 * Bounds of the live channel (docs/decisions/130-live-channel-limits.md): a person's open sockets
 * (a tab or device each; the oldest closes when a new one would go over) and the size of a frame a
 * client may send (its frames are "ping" and {"type":"sync"}: a few bytes).
 */
export const LIVE_LIMITS = { socketsPerPerson: 20, frameBytes: 1024 } as const;

/** The live ticket offered beside LIVE_PROTOCOL in Sec-WebSocket-Protocol, or null. */
export function ticketFromProtocols(header: string | undefined): string | null {
  const offered = (header ?? "").split(",").map((protocol) => protocol.trim());
  if (!offered.includes(LIVE_PROTOCOL)) return null;
  return offered.find((protocol) => protocol !== LIVE_PROTOCOL && protocol !== "") ?? null;
}

/** Whether a client's frame is larger than any real one (its UTF-8 bytes). */
export function frameTooLarge(message: string | ArrayBuffer): boolean {
  const max = LIVE_LIMITS.frameBytes;
  if (typeof message !== "string") return message.byteLength > max;
  // A UTF-8 byte per UTF-16 unit at least: a long string is too large without encoding it.
  return message.length > max || new TextEncoder().encode(message).byteLength > max;
}

/** The open sockets past the cap, oldest first (by when they connected), which are to be closed. */
export function socketsOverCap<S>(sockets: readonly { socket: S; connectedAt: number }[]): S[] {
  const excess = sockets.length - LIVE_LIMITS.socketsPerPerson;
  if (excess <= 0) return [];
  return [...sockets]
    .sort((a, b) => a.connectedAt - b.connectedAt)
    .slice(0, excess)
    .map((entry) => entry.socket);
}

/**
 * Sends a frame unless the socket was closed meanwhile: a burst of opens closes the oldest sockets,
 * some of them still being set up (awaiting their session check), and a send after close() throws,
 * which would answer that open with 500 (docs/decisions/173-live-socket-burst.md).
 */
export function sendIfOpen(ws: WebSocket, text: string): boolean {
  if (ws.readyState !== WebSocket.OPEN) return false;
  try {
    ws.send(text);
    return true;
  } catch {
    return false;
  }
}
