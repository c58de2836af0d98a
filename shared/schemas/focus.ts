import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { FOCUS_SECONDS } from "../constants";
import { wordsAsText } from "../words";

// The answers' schemas (timer state, snapshot, focus session) live in timer-state.ts (zod/mini).
export type {
  FocusSession,
  StartedFocusSession,
  TimerKind,
  TimerSnapshot,
  TimerState,
} from "./timer-state";

const minMinutes = FOCUS_SECONDS.min / 60;
const maxMinutes = FOCUS_SECONDS.max / 60;

/** POST /api/focus-sessions (docs/product.md#compatible-calls): taskId, duration in seconds, isCompleted false. */
export const startFocusSessionSchema = z.strictObject({
  taskId: z
    .number({ error: "taskId must be a task id." })
    .int("taskId must be a whole number.")
    .positive("taskId must be a task id."),
  duration: z
    .number({ error: "duration must be a number of seconds." })
    .int("duration must be whole seconds.")
    .min(FOCUS_SECONDS.min, wordsAsText(msg`A focus session lasts at least ${minMinutes} minute.`))
    .max(FOCUS_SECONDS.max, wordsAsText(msg`A focus session lasts at most ${maxMinutes} minutes.`)),
  isCompleted: z.literal(false, { error: wordsAsText(msg`A new focus session cannot start completed.`) }).optional(),
});
export type StartFocusSessionInput = z.input<typeof startFocusSessionSchema>;

/** PATCH /api/focus-sessions/{id}/complete: docs/product.md#compatible-calls sends an empty JSON body. */
export const completeFocusSessionSchema = z.strictObject({});

/** POST /api/timer/acknowledge: the follow-up choice after "finished"; keepTask = "Need More Time". */
export const acknowledgeTimerSchema = z.strictObject({ keepTask: z.boolean().optional() });
export type AcknowledgeTimerInput = z.input<typeof acknowledgeTimerSchema>;
