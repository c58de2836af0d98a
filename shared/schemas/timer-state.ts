import { z } from "zod/mini";

// Written with zod/mini: the web app's focus screen parses these, and zod/mini adds a few KB where
// classic zod adds about 20 KB gzipped (bench/RESULTS.md). The first screen parses none of them
// (docs/decisions/120-signed-first-screen-carries-waits.md).

export const timerStatusSchema = z.enum(["idle", "running", "paused", "finished"]);

/** A focus session records a focus session; a break runs on the same timer and records nothing. */
export const timerKindSchema = z.enum(["focus", "break"]);
export type TimerKind = z.infer<typeof timerKindSchema>;

const count = () => z.int().check(z.nonnegative());

/**
 * The user's timer as the server holds it (docs/decisions/010-server-owns-timer.md). Instants are
 * epoch milliseconds on the server's clock; remaining time derives from them (shared/timer.ts),
 * never from counting ticks.
 */
export const timerStateSchema = z.object({
  status: timerStatusSchema,
  kind: timerKindSchema,
  taskId: z.nullable(z.int()),
  taskTitle: z.nullable(z.string()),
  /** The focus_sessions row of a focus run; null for a break or when idle. */
  sessionId: z.nullable(z.int()),
  durationMs: count(),
  startedAt: z.nullable(z.number()),
  /** Set while paused. */
  pausedAt: z.nullable(z.number()),
  /** Time spent paused before the current pause; the end instant moves by it. */
  pausedTotalMs: count(),
  /** When a finished run ended, and whether its time ran out or it was ended early. */
  finishedAt: z.nullable(z.number()),
  finishReason: z.nullable(z.enum(["elapsed", "ended"])),
  /** Grows by one with every change, so a client keeps the newest of frames and answers. */
  version: count(),
});
export type TimerState = z.infer<typeof timerStateSchema>;

/** GET /api/timer, every /api/timer/* answer, and the live "timer" frame carry this. */
export const timerSnapshotSchema = z.object({
  state: timerStateSchema,
  /** The server's clock when it answered: clients correct their clock offset with it. */
  serverNow: z.number(),
});
export type TimerSnapshot = z.infer<typeof timerSnapshotSchema>;

/** A focus session as the API answers it (docs/product.md#focus-session). Instants are ISO strings. */
export const focusSessionSchema = z.object({
  id: z.int(),
  taskId: z.nullable(z.int()),
  /** Planned length in seconds. */
  duration: z.int(),
  /** Seconds actually focused, once ended. */
  focusedSeconds: z.nullable(z.int()),
  isCompleted: z.boolean(),
  startedAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type FocusSession = z.infer<typeof focusSessionSchema>;

/** POST /api/focus-sessions answers the session and the timer it started. */
export const startedFocusSessionSchema = z.extend(focusSessionSchema, { timer: timerSnapshotSchema });
export type StartedFocusSession = z.infer<typeof startedFocusSessionSchema>;
