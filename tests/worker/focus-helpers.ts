import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { LIVE_PROTOCOL } from "../../shared/live-protocol";
import type { StartedFocusSession, TimerSnapshot, TimerState } from "../../shared/schemas/focus";
import { parseFrame, type ServerFrame, serverFrameSchema } from "../../shared/schemas/live";
import { analyticsSubscriber } from "../../worker/analytics/change-subscriber";
import { batchOf, type ChangeUser } from "../../worker/changes/pipeline";
import type { Db } from "../../worker/db/client";
import { completionChange } from "../../worker/focus/sessions";
import { api, ORIGIN } from "./helpers";

/**
 * The statements of one completion as the pipeline sends them (the guard, the update, the daily
 * records' counters), for a test to send alone or with more after them in one batch.
 */
export function completionBatch(db: Db, user: ChangeUser, sessionId: number, seconds: number, at: Date) {
  const [first, ...rest] = batchOf(
    { db, user, now: at, subscribers: [analyticsSubscriber] },
    completionChange(db, user, sessionId, seconds, at),
  );
  if (!first) throw new Error("a completion without statements");
  return [first, ...rest] as const;
}

export async function startSession(token: string, taskId: number, duration = 1500) {
  const res = await api("/api/focus-sessions", {
    method: "POST",
    token,
    json: { taskId, duration, isCompleted: false },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as StartedFocusSession;
}

export async function timer(token: string, action?: string, json?: unknown) {
  return action
    ? api(`/api/timer/${action}`, { method: "POST", token, ...(json === undefined ? {} : { json }) })
    : api("/api/timer", { token });
}

export async function timerState(token: string): Promise<TimerState> {
  const res = await timer(token);
  expect(res.status).toBe(200);
  return ((await res.json()) as TimerSnapshot).state;
}

export const hubOf = (userId: string) => env.USER_HUB.getByName(userId);

/**
 * Moves the stored run back in time so that its end instant has passed: the alarm is then due.
 * Tests never wait for real minutes; they change the stored instants the hub derives time from.
 */
export async function makeDue(userId: string) {
  await runInDurableObject(hubOf(userId), (_hub, state) => {
    const timer = state.storage.kv.get<TimerState>("timer");
    if (!timer?.startedAt) throw new Error("no run to make due");
    state.storage.kv.put("timer", { ...timer, startedAt: timer.startedAt - timer.durationMs - 1000 });
  });
}

export async function sessionRow(id: number) {
  return env.DB.prepare(
    "select id, user_id, task_id, duration, focused_seconds, is_completed, completed_at from focus_sessions where id = ?",
  )
    .bind(id)
    .first<{
      id: number;
      user_id: string;
      task_id: number | null;
      duration: number;
      focused_seconds: number | null;
      is_completed: number;
      completed_at: number | null;
    }>();
}

export async function liveTicket(token: string) {
  const res = await api("/api/live/ticket", { method: "POST", token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { ticket: string }).ticket;
}

/** GET /api/live as a browser opens it: the ticket offered beside LIVE_PROTOCOL, from our Origin. */
export function upgradeLive(
  ticket: string | null,
  origin: string | null = ORIGIN,
  headers: Record<string, string> = {},
) {
  return api("/api/live", {
    headers: {
      Upgrade: "websocket",
      ...(origin ? { Origin: origin } : {}),
      ...(ticket ? { "Sec-WebSocket-Protocol": `${LIVE_PROTOCOL}, ${ticket}` } : {}),
      ...headers,
    },
  });
}

/** A WebSocket client of GET /api/live that collects the frames it receives. */
export async function openLive(token: string) {
  const ticket = await liveTicket(token);
  const res = await upgradeLive(ticket);
  expect(res.status).toBe(101);
  const ws = res.webSocket;
  if (!ws) throw new Error("no WebSocket in the answer");
  const frames: ServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (event) => {
    const frame = parseFrame(serverFrameSchema, event.data);
    if (frame) frames.push(frame);
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves with the close event once the server closes the socket. */
  const closed = new Promise<CloseEvent>((resolve) => ws.addEventListener("close", resolve));
  ws.accept();
  /**
   * Resolves with the first received frame (from the start) that matches, woken by each frame. Only
   * a missing frame waits out `timeoutMs`, so it is roomy for a busy machine
   * (docs/decisions/064-test-suites-sized-busy-machine.md); a timer, not Date, ends it, so it ends
   * under a test's moved clock too.
   */
  async function next(match: (frame: ServerFrame) => boolean, timeoutMs = 20_000): Promise<ServerFrame> {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      for (const wake of waiters.splice(0)) wake();
    }, timeoutMs);
    try {
      for (;;) {
        const found = frames.find(match);
        if (found) {
          frames.splice(frames.indexOf(found), 1);
          return found;
        }
        if (late) throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    } finally {
      clearTimeout(timer);
    }
  }
  return { ws, frames, next, closed };
}

/**
 * When the hub's schedule next wakes it for rows of these kinds (worker/hub/schedule.ts), or null
 * when it has none: the earliest of their instants. The one alarm points at the earliest row of
 * all kinds (the day start's included), which the schedule's own tests check.
 */
export function scheduledAt(userId: string, kinds: readonly string[]): Promise<number | null> {
  return runInDurableObject(hubOf(userId), (_hub, state) => {
    const ats = [...state.storage.kv.list<{ kind: string; at: number }>({ prefix: "schedule:" })]
      .filter(([, row]) => kinds.includes(row.kind))
      .map(([, row]) => row.at);
    return ats.length === 0 ? null : Math.min(...ats);
  });
}
