import type { QueryClient } from "@tanstack/react-query";
import { ApiRequestError, apiRequest, randomHexId } from "./client";
import { type Change, type QueuedChange, signedInUserId, waitingCount } from "./waiting-changes";

// The one way a change that works offline is sent (docs/product.md#offline): straight to the server
// with its own id when the network is there; into the outbox on the device (web/api/outbox.ts,
// loaded only when needed) when it is not, or when earlier changes still wait, so that they arrive
// in the order they were made. What a kept change is and how many wait: web/api/waiting-changes.ts,
// below the outbox (docs/decisions/405-no-cycle-in-web-api.md).

export { isQueued, type QueuedChange } from "./waiting-changes";

/**
 * Sends a change, or keeps it in the outbox: offline, after a request the network lost (the same id
 * makes a repeat harmless), or behind changes still waiting. Answers the server's answer, or
 * QueuedChange. Kept, it shows at once (its kind's step, web/changes/); with `atOnce`, sent, it
 * shows at once by that same step too, before the answer (web/api/show-sent-change.ts).
 */
export async function sendChange<T>(
  queryClient: QueryClient,
  change: Change,
  { atOnce = false }: { atOnce?: boolean } = {},
): Promise<T | QueuedChange> {
  // A change id (Idempotency-Key): 128 random bits.
  const changeId = randomHexId(16);
  const userId = signedInUserId(queryClient);
  const queue = async () => (await import("./outbox")).queueChange(queryClient, change, changeId);
  if (userId && (navigator.onLine === false || waitingCount(userId) > 0)) return queue();
  if (atOnce) await (await import("./show-sent-change")).showSentChange(queryClient, change.effect);
  try {
    return await apiRequest<T>(change.method, change.path, change.body, { changeId });
  } catch (err) {
    // No answer came (no network, or the connection dropped mid-way): kept, and sent again under the same id.
    if (userId && !(err instanceof ApiRequestError && err.status > 0)) return queue();
    throw err;
  }
}
