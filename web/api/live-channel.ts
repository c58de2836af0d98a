import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { LIVE_PING, LIVE_PONG, LIVE_PROTOCOL, LIVE_SESSION_ENDED, LIVE_SUPERSEDED } from "../../shared/live-protocol";
import type { ClientFrame, LiveTicket, ServerFrame } from "../../shared/schemas/live";
import { ApiRequestError, apiRequest, TAB_ID } from "./client";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { rememberSessionEnd } from "./session-end";
import { applyTimer } from "./timer-cache";

const FRAME_TYPES = new Set<unknown>([
  "timer",
  "tasks-changed",
  "day-changed",
  "settings-changed",
  "session-ended",
] satisfies ServerFrame["type"][]);

/**
 * A server frame, or null for a message that is not one. Read by its type alone, not parsed with
 * zod: the hub is this app's own server and its frames change only by adding fields, and leaving
 * zod off every signed-in screen keeps it within its budget
 * (docs/decisions/120-signed-first-screen-carries-waits.md). The focus screen's own reads of the
 * timer are parsed (web/api/timer.ts).
 */
export function readFrame(data: unknown): ServerFrame | null {
  if (typeof data !== "string") return null;
  try {
    const frame = JSON.parse(data) as { type?: unknown } | null;
    return frame && FRAME_TYPES.has(frame.type) ? (frame as ServerFrame) : null;
  } catch {
    return null;
  }
}

/**
 * Whether a frame announces a change this tab made itself: the hub names the tab that sent the
 * change (docs/decisions/161-tab-skips-own-live-echo.md), and that tab has refetched already, so it
 * skips the echo.
 */
export function isEchoOfThisTab(frame: ServerFrame, tabId: string = TAB_ID): boolean {
  return (frame.type === "tasks-changed" || frame.type === "day-changed") && frame.tab === tabId;
}

/**
 * What a change's frame has this tab read again: the lists (tasks, day, history, analytics) unless
 * this tab made the change (it refetched on its own, its mutation's onSettled); on a change of the
 * person's settings, the lists in every tab (the zone or the day start may have moved the day) and
 * the user in every tab but the one that made it, which has the user from its answer
 * (docs/decisions/398-a-change-of-settings-reaches-every-device.md).
 */
export function readAgainOn(frame: ServerFrame, tabId: string = TAB_ID): { lists: boolean; user: boolean } {
  if (frame.type === "settings-changed") return { lists: true, user: frame.tab !== tabId };
  if (frame.type === "tasks-changed" || frame.type === "day-changed") {
    return { lists: !isEchoOfThisTab(frame, tabId), user: false };
  }
  return { lists: false, user: false };
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** Keep-alive: proxies drop quiet sockets, and a dead one is only noticed by its silence. */
const PING_EVERY_MS = 25_000;
const SILENT_FOR_MS = 60_000;
/** Route changes remount the shell: keep the socket through a short gap instead of reconnecting. */
const RELEASE_GRACE_MS = 2_000;

/** Delay before reconnect attempt n: exponential, capped, with jitter so devices don't stampede. */
export function backoffDelay(attempt: number, random = Math.random()): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random * ceiling) / 2);
}

/**
 * One WebSocket to the user's hub (GET /api/live): timer frames go into the TanStack cache,
 * "tasks-changed" and "day-changed" refetch the tasks, the day, the history and today's analytics;
 * "settings-changed" those and the user.
 * It reconnects with backoff and resyncs after a reconnect and whenever the tab becomes visible again.
 */
class LiveConnection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private connecting = false;
  private lastHeard = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly queryClient: QueryClient) {}

  start() {
    document.addEventListener("visibilitychange", this.resync);
    window.addEventListener("online", this.resync);
    void this.connect();
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("visibilitychange", this.resync);
    window.removeEventListener("online", this.resync);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, "signed out or closed");
  }

  private async connect() {
    if (this.stopped || this.connecting || this.ws) return;
    this.connecting = true;
    try {
      const { ticket } = (await apiRequest("POST", "/api/live/ticket")) as LiveTicket;
      if (this.stopped) return;
      const url = new URL("/api/live", window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      // The ticket goes as a second subprotocol (Sec-WebSocket-Protocol), not in the URL, which
      // request logs keep (docs/decisions/130-live-channel-limits.md).
      this.open(new WebSocket(url, [LIVE_PROTOCOL, ticket]));
    } catch (err) {
      // Signed out: the user is checked again, so the tab shows it is signed out (the signed-out
      // screen says why when the 401 did) instead of silently no longer syncing.
      if (err instanceof ApiRequestError && err.status === 401) {
        void this.queryClient.invalidateQueries({ queryKey: queryKeys.user });
        return;
      }
      this.scheduleReconnect();
    } finally {
      this.connecting = false;
    }
  }

  private open(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("open", () => {
      // The backoff resets on the hub's first frame, not here: a socket that opens and is closed
      // at once (a hub that is failing) would otherwise be retried every half second forever.
      this.lastHeard = Date.now();
      // The hub sends the timer on connect; the lists are refetched on every open, the first one
      // included: they were read before the socket was listening, and a change another device made
      // in between was never announced to this tab. Unchanged lists cost a 304 (their ETag).
      this.refetchLists();
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.beat(ws), PING_EVERY_MS);
    });
    ws.addEventListener("message", (event) => {
      this.lastHeard = Date.now();
      this.attempt = 0;
      if (event.data === LIVE_PONG) return;
      const frame = readFrame(event.data);
      if (!frame) return;
      if (frame.type === "timer") {
        // One-way delay is ignored: it is a few milliseconds next to a countdown in seconds.
        applyTimer(this.queryClient, { state: frame.state, serverNow: frame.serverNow }, frame.serverNow - Date.now());
      } else if (frame.type === "session-ended") {
        if (frame.why) rememberSessionEnd(frame.why);
        this.sessionEnded(ws);
      } else {
        const again = readAgainOn(frame);
        if (again.lists) this.refetchLists();
        if (again.user) void this.queryClient.invalidateQueries({ queryKey: queryKeys.user });
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.heartbeat);
      if (event.code === LIVE_SESSION_ENDED.code) this.sessionEnded(ws);
      // Pushed out by the person's newer sockets: a hidden tab waits until it is shown (resync).
      else if (event.code === LIVE_SUPERSEDED.code && document.visibilityState !== "visible") return;
      else this.scheduleReconnect();
    });
  }

  /**
   * The server ended this socket's sign-in session (signed out here or elsewhere, password
   * changed): no retrying. The user is checked again; signed out, the protected route takes over
   * (the signed-out screen). Signed in again meanwhile (another tab), the channel reopens.
   */
  private sessionEnded(ws: WebSocket) {
    if (this.ws === ws) this.ws = null;
    clearInterval(this.heartbeat);
    ws.close(1000, "session ended"); // words-ok: a WebSocket close reason for the server, never shown
    void this.recheckSignIn();
  }

  private async recheckSignIn() {
    await this.queryClient.invalidateQueries({ queryKey: queryKeys.user });
    if (this.stopped || !this.queryClient.getQueryData(queryKeys.user)) return;
    this.attempt = 0;
    void this.connect();
  }

  private beat(ws: WebSocket) {
    if (Date.now() - this.lastHeard > SILENT_FOR_MS) {
      ws.close(4000, "silent");
      return;
    }
    if (ws.readyState === WebSocket.OPEN) ws.send(LIVE_PING);
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  /** The same refetch as a change made here: a plan made on another device takes the plan step away at once (docs/product.md#plan-your-day). */
  private refetchLists() {
    void invalidateTaskData(this.queryClient);
  }

  /** Back in view or online: ask for the state now, or reconnect at once if the socket is gone. */
  private resync = () => {
    if (this.stopped || document.visibilityState !== "visible") return;
    const ws = this.ws;
    if (ws?.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "sync" } satisfies ClientFrame));
      return;
    }
    void this.queryClient.invalidateQueries({ queryKey: queryKeys.timer });
    if (!ws) {
      clearTimeout(this.retryTimer);
      this.attempt = 0;
      void this.connect();
    }
  };
}

let shared: { connection: LiveConnection; users: number; release?: ReturnType<typeof setTimeout> } | null = null;

/** Keeps the signed-in user's live channel open while any shell is mounted (call it once there). */
export function useLiveSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shared) {
      clearTimeout(shared.release);
      shared.users += 1;
    } else {
      const connection = new LiveConnection(queryClient);
      shared = { connection, users: 1 };
      connection.start();
    }
    const mine = shared;
    return () => {
      mine.users -= 1;
      if (mine.users > 0) return;
      mine.release = setTimeout(() => {
        if (shared === mine && mine.users === 0) {
          mine.connection.stop();
          shared = null;
        }
      }, RELEASE_GRACE_MS);
    };
  }, [queryClient]);
}

/**
 * Closes the live channel at once: signing out here must not race the server's "session ended"
 * frame, whose sign-in recheck would send the tab to /login instead of the page logout navigates to.
 */
export function closeLiveSync() {
  if (!shared) return;
  clearTimeout(shared.release);
  shared.connection.stop();
  shared = null;
}
