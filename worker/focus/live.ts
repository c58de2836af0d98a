import type { Bindings } from "../env";

/**
 * Tells every open tab and device of the user that their tasks changed, so they refetch.
 * Seam: filled in by the focus capability (the UserHub broadcasts); until then it does nothing.
 */
export async function notifyTasksChanged(_env: Bindings, _userId: string): Promise<void> {}

/** Stops and clears the user's timer (Start Fresh, account deletion). Seam, as above. */
export async function resetUserTimer(_env: Bindings, _userId: string): Promise<void> {}
