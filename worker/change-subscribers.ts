import { analyticsBeforeRoutinesSubscriber, analyticsSubscriber } from "./analytics/change-subscriber";
import type { ChangeSubscriber } from "./changes/pipeline";
import { routinesSubscriber } from "./routines/change-subscriber";

/**
 * What other capabilities add to a change for its events, wired once here, at the top
 * (docs/decisions/252-subscribers-wired-at-the-top.md): the app hands them to every request's
 * change (worker/app.ts), and the person's hub to what it changes on its own. In order: their
 * statements follow the change's own in its one batch; the routines' come before the records',
 * which count the occurrences the day's start made; the records' take-back of the occurrences an
 * undone day start made (docs/decisions/325-a-day-begun-ahead-is-undone.md) comes before both,
 * while they are there to count.
 */
export const CHANGE_SUBSCRIBERS: readonly ChangeSubscriber[] = [
  analyticsBeforeRoutinesSubscriber,
  routinesSubscriber,
  analyticsSubscriber,
];
