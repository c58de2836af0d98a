import type { SessionEndReason } from "../../shared/live";
import type { Bindings } from "../env";

/**
 * Tells every open tab and device of the user that their tasks changed, so they refetch. Called
 * from `waitUntil` after a change has been stored: a hub that cannot be reached must not turn a
 * saved change into an error, so failures are only logged.
 */
export async function notifyTasksChanged(env: Bindings, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).notifyTasksChanged();
  } catch (err) {
    console.error("could not notify the user's devices", err);
  }
}

/**
 * Start Fresh: stops and clears the user's timer and its alarm. Called after the data is gone, so a
 * hub that cannot be reached is only logged: its run finds no session row and records nothing.
 */
export async function resetUserTimer(env: Bindings, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).reset();
  } catch (err) {
    console.error("could not reset the user's timer", err);
  }
}

/** Clear Tasks: a timer about one of the (now deleted) tasks goes back to idle; failures as above. */
export async function releaseTimerTasks(env: Bindings, userId: string): Promise<void> {
  try {
    await env.USER_HUB.getByName(userId).releaseTasks();
  } catch (err) {
    console.error("could not release the user's timer", err);
  }
}

/**
 * After tasks are deleted or cleared from the "No" list: a timer about one of them ends (its
 * minutes kept) and goes idle. The removal is stored already and is what counts, so a hub that
 * cannot be reached is only logged.
 */
export async function releaseTimerTasksAmong(env: Bindings, userId: string, taskIds: readonly number[]): Promise<void> {
  if (taskIds.length === 0) return;
  try {
    await env.USER_HUB.getByName(userId).releaseTasksAmong(taskIds);
  } catch (err) {
    console.error("could not release the timer of a removed task", err);
  }
}

/**
 * Tells the hub about sign-in sessions that were just revoked: it closes their live sockets and
 * answers reads that check it (docs/decisions.md#51). The revocation is stored in D1 already, which
 * writes and tickets check on the primary, so a hub that cannot be reached is only logged.
 */
export async function closeLiveSessions(
  env: Bindings,
  userId: string,
  sessionIds: readonly string[],
  why?: SessionEndReason,
): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await env.USER_HUB.getByName(userId).closeSessions(sessionIds, why);
  } catch (err) {
    console.error("could not close the live sockets of revoked sessions", err);
  }
}

/** Account deletion: the hub closes every socket and forgets everything but the sessions just revoked. */
export async function wipeUserHub(env: Bindings, userId: string, revokedSessionIds: readonly string[]): Promise<void> {
  await env.USER_HUB.getByName(userId).wipe(revokedSessionIds);
}

/** Whether the user's hub knows this sign-in session as revoked (see UserHub.closeSessions). */
export async function sessionRevokedInHub(env: Bindings, userId: string, sessionId: string): Promise<boolean> {
  return env.USER_HUB.getByName(userId).sessionRevoked(sessionId);
}
