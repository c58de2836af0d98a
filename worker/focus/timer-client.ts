import type { Bindings } from "../env";
import { userHub } from "../hub/hub-client";

/*
 * The focus timer's commands, as the focus routes send them. The timer is a part of the person's
 * hub (worker/focus/focus-timer.ts, hosted by worker/hub-host/user-hub.ts): its state must be one
 * per person, survive restarts, run its commands one at a time and wake at the run's end, which a
 * Durable Object gives and D1 does not (docs/decisions/254-the-hub-told-by-the-pipeline.md). So
 * start, pause, end and the rest are calls to the timer where it lives, not changes of D1 for the
 * pipeline to announce; this module is the routes' one way to send them.
 */

/** The signed-in person's focus timer: its state and its commands (start, pause, resume, end, ...). */
export function focusTimerOf(env: Bindings, userId: string) {
  return userHub(env, userId);
}
