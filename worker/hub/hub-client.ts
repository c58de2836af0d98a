import type { Context } from "hono";
import { TAB_HEADER, TAB_ID_PATTERN } from "../../shared/live-protocol";
import type { AppEnv, Bindings } from "../env";
import type { TasksChange } from "./user-hub";

/**
 * The tab that sent this request (its X-Onething-Tab header), or null: a client that sends none,
 * or a malformed one, only means no tab skips the echo.
 */
export function requestingTab(c: Context<AppEnv>): string | null {
  const tab = c.req.header(TAB_HEADER);
  return tab !== undefined && TAB_ID_PATTERN.test(tab) ? tab : null;
}

/**
 * A change of the user's tasks, stored already: ONE call to their hub, which first lets go of a
 * timer about removed tasks (or resets it for Start Fresh) and then tells every open tab and device
 * to refetch, naming the tab that made the change (docs/decisions/161-tab-skips-own-live-echo.md).
 * A hub that cannot be reached must not turn a saved change into an error, so failures are only
 * logged.
 *
 * A change that touches the timer is awaited (the answer follows the timer's new state); a plain
 * one goes in `waitUntil`, after the answer.
 */
export function announceTasksChanged(
  c: Context<AppEnv>,
  userId: string,
  timer: Omit<TasksChange, "tab"> = {},
): Promise<void> {
  const sent = c.env.USER_HUB.getByName(userId)
    .tasksChanged({ ...timer, tab: requestingTab(c) })
    .catch((err: unknown) => console.error("could not tell the user's devices about a change of tasks", err));
  if (timer.removedTasks !== undefined || timer.resetTimer) return sent;
  c.executionCtx.waitUntil(sent);
  return Promise.resolve();
}

/** Account deletion: the hub closes every socket and forgets everything but the sessions just revoked. */
export async function wipeUserHub(env: Bindings, userId: string, revokedSessionIds: readonly string[]): Promise<void> {
  await env.USER_HUB.getByName(userId).wipe(revokedSessionIds);
}
