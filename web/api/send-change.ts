import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { User } from "../../shared/schemas/auth";
import type { Change as ChangeOf } from "../changes/change-kind";
import type { ChangeIntent } from "../changes/registry";
import { loadToastCode } from "../ui/sonner-loader";
import { useCurrentUser } from "./auth";
import { ApiRequestError, apiRequest, randomHexId } from "./client";
import { queryKeys } from "./query-keys";

// The one way a change that works offline is sent (docs/product.md#offline): straight to the server
// with its own id when the network is there; into the outbox on the device (web/api/outbox.ts,
// loaded only when needed) when it is not, or when earlier changes still wait, so that they arrive
// in the order they were made.

/** A change that works offline, built by its kind's module (web/changes/): the request, and what it shows at once when it waits. */
export type Change = ChangeOf<ChangeIntent>;

/** The answer of a change kept in the outbox: applied on screen, sent later. */
export type QueuedChange = { queued: true; changeId: string };

export function isQueued(answer: unknown): answer is QueuedChange {
  return typeof answer === "object" && answer !== null && (answer as QueuedChange).queued === true;
}

/** How many of the person's changes wait, in localStorage under their id: the header reads it at once. */
export const WAITING_KEY = "onething_outbox_waiting_";
export const WAITING_EVENT = "onething-outbox-waiting";

export function waitingCount(userId: string | undefined): number {
  try {
    return userId ? Number(localStorage.getItem(WAITING_KEY + userId)) || 0 : 0;
  } catch {
    return 0;
  }
}

function subscribeWaiting(onChange: () => void) {
  window.addEventListener(WAITING_EVENT, onChange);
  // Another tab's outbox.
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(WAITING_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The person's changes waiting to sync, kept current. */
export function useWaitingCount(userId: string | undefined): number {
  return useSyncExternalStore(
    subscribeWaiting,
    () => waitingCount(userId),
    () => 0,
  );
}

export function signedInUserId(queryClient: QueryClient): string | undefined {
  return queryClient.getQueryData<User | null>(queryKeys.user)?.id;
}

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

/** After the first screen's own requests. */
const OUTBOX_PREFETCH_DELAY_MS = 1500;

/**
 * When the app opens, when the person signs in, and when another tab keeps a change: the waiting
 * changes are shown again over what the screen reads, and sent. The outbox's code loads only then.
 */
export function useOutboxOnOpen() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().user?.id;
  // Changes kept by another tab count too: this tab sends them if that one is closed.
  const waiting = useWaitingCount(userId) > 0;
  useEffect(() => {
    if (!userId) return;
    // With nothing waiting, the code is still fetched while the network is here, after the first
    // screen: a change made once it is gone finds it, service worker or not.
    const timer = setTimeout(
      () => {
        void import("./outbox").then(
          (outbox) => outbox.openOutbox(queryClient),
          () => {},
        );
        // The Undo of a delete made offline needs its code too, and every change's feedback: the
        // toasts, the done's words and its Undo (docs/decisions/334-feedback-loads-before-the-network-can-go.md).
        void import("./undo-removal").catch(() => {});
        void loadToastCode();
        void import("./done-toasts").catch(() => {});
        void import("./reopen-task").catch(() => {});
      },
      waiting ? 0 : OUTBOX_PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [userId, waiting, queryClient]);
}
