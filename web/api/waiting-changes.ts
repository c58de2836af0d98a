import type { QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { User } from "../../shared/schemas/auth";
import type { Change as ChangeOf } from "../changes/change-kind";
import type { ChangeIntent } from "../changes/registry";
import { queryKeys } from "./query-keys";

// What a change that works offline is, once kept, and how many of the person's wait: what sending a
// change (web/api/send-change.ts) and the outbox that keeps it (web/api/outbox.ts) both read, below
// them both, so neither imports the other back (docs/decisions/405-no-cycle-in-web-api.md).

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
