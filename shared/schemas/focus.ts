import { z } from "zod";
import { FOCUS_SECONDS } from "../constants";

export const timerStatusSchema = z.enum(["idle", "running", "paused", "finished"]);
export type TimerStatus = z.infer<typeof timerStatusSchema>;

/** A focus session records a focus session; a break runs on the same timer and records nothing. */
export const timerKindSchema = z.enum(["focus", "break"]);
export type TimerKind = z.infer<typeof timerKindSchema>;

/**
 * The user's timer as the server holds it (DECISIONS 10). Instants are epoch milliseconds on the
 * server's clock; remaining time derives from them (shared/timer.ts), never from counting ticks.
 */
export const timerStateSchema = z.object({
  status: timerStatusSchema,
  kind: timerKindSchema,
  taskId: z.number().int().nullable(),
  taskTitle: z.string().nullable(),
  /** The focus_sessions row of a focus run; null for a break or when idle. */
  sessionId: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  startedAt: z.number().nullable(),
  /** Set while paused. */
  pausedAt: z.number().nullable(),
  /** Time spent paused before the current pause; the end instant moves by it. */
  pausedTotalMs: z.number().int().nonnegative(),
  /** When a finished run ended, and whether its time ran out or it was ended early. */
  finishedAt: z.number().nullable(),
  finishReason: z.enum(["elapsed", "ended"]).nullable(),
  /** Grows by one with every change, so a client keeps the newest of frames and answers. */
  version: z.number().int().nonnegative(),
});
export type TimerState = z.infer<typeof timerStateSchema>;

/** GET /api/timer, every /api/timer/* answer, and the live "timer" frame carry this. */
export const timerSnapshotSchema = z.object({
  state: timerStateSchema,
  /** The server's clock when it answered: clients correct their clock offset with it. */
  serverNow: z.number(),
});
export type TimerSnapshot = z.infer<typeof timerSnapshotSchema>;

/** A focus session as the API answers it (spec §3). Instants are ISO strings. */
export const focusSessionSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int().nullable(),
  /** Planned length in seconds. */
  duration: z.number().int(),
  /** Seconds actually focused, once ended. */
  focusedSeconds: z.number().int().nullable(),
  isCompleted: z.boolean(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type FocusSession = z.infer<typeof focusSessionSchema>;

/** POST /api/focus-sessions answers the session and the timer it started. */
export const startedFocusSessionSchema = focusSessionSchema.extend({ timer: timerSnapshotSchema });
export type StartedFocusSession = z.infer<typeof startedFocusSessionSchema>;

/** POST /api/focus-sessions (spec §7): taskId, duration in seconds, isCompleted false. */
export const startFocusSessionSchema = z.strictObject({
  taskId: z
    .number({ error: "taskId must be a task id." })
    .int("taskId must be a whole number.")
    .positive("taskId must be a task id."),
  duration: z
    .number({ error: "duration must be a number of seconds." })
    .int("duration must be whole seconds.")
    .min(FOCUS_SECONDS.min, `A focus session lasts at least ${FOCUS_SECONDS.min / 60} minute.`)
    .max(FOCUS_SECONDS.max, `A focus session lasts at most ${FOCUS_SECONDS.max / 60} minutes.`),
  isCompleted: z.literal(false, { error: "A new focus session cannot start completed." }).optional(),
});
export type StartFocusSessionInput = z.input<typeof startFocusSessionSchema>;

/** PATCH /api/focus-sessions/{id}/complete: spec §7 sends an empty JSON body. */
export const completeFocusSessionSchema = z.strictObject({});

/** POST /api/timer/acknowledge: the follow-up choice after "finished"; keepTask = "Need More Time". */
export const acknowledgeTimerSchema = z.strictObject({ keepTask: z.boolean().optional() });
export type AcknowledgeTimerInput = z.input<typeof acknowledgeTimerSchema>;
