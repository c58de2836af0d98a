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

/** Stops and clears the user's timer and its alarm (Start Fresh, account deletion). */
export async function resetUserTimer(env: Bindings, userId: string): Promise<void> {
  await env.USER_HUB.getByName(userId).reset();
}
