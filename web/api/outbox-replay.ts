import { CHANGE_ID_HEADER } from "../../shared/constants";
import { serverIdsOf, writtenIn } from "../changes/registry";
import { localIdsIn, withServerIds } from "./outbox-ids";
import {
  type OutboxEntry,
  putEntry,
  type RefusalReason,
  type RefusedChange,
  removeEntry,
  waitingEntries,
} from "./outbox-store";

// Sending the outbox (docs/product.md#offline, docs/decisions/222-offline-outbox.md): in the order
// the changes were made, each with its id, so the server applies it once however often it arrives
// (worker/http/apply-once.ts). Shared by the page and the service worker.

export type ReplayResult = {
  sent: { entry: OutboxEntry; answer: unknown }[];
  refused: RefusedChange[];
  /** Why sending stopped with changes left: they wait for the next try. */
  stopped?: "offline" | "signed-out" | "busy";
};

type ReplayOptions = {
  userId: string;
  /** The headers of every request of this context (the page's bearer token and D1 bookmark). */
  headers: () => Record<string, string>;
  onResponse?: (res: Response) => void;
};

/** A refusal that no retry can change: the change is dropped and the person told why. */
function refusal(entry: OutboxEntry, status: number, text: string): RefusedChange {
  // What was changed is gone: said in the person's words, not the server's "not found"; a title
  // they typed for it is offered back (docs/decisions/246-refused-changes-named-and-kept.md).
  if (status === 404) {
    const written = writtenIn(entry.effect);
    return { label: entry.label, reason: { deleted: true }, ...(written ? { written } : {}) };
  }
  let reason: RefusalReason = "";
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === "string") reason = message;
  } catch {
    // Not our JSON error shape: the status says it.
  }
  if (!reason) reason = { status };
  return { label: entry.label, reason };
}

/**
 * Worth another try later, the change kept: a lost session (sent once the person signs in again),
 * a refused origin, a timeout, a limit, a server error, or the same change still being applied
 * elsewhere (409 with Retry-After).
 */
function isRetryable(res: Response): boolean {
  if (res.status === 409) return res.headers.has("Retry-After");
  return res.status === 401 || res.status === 403 || res.status === 408 || res.status === 429 || res.status >= 500;
}

async function sendOne(entry: OutboxEntry, options: ReplayOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers(), [CHANGE_ID_HEADER]: entry.changeId };
  if (entry.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(entry.path, {
    method: entry.method,
    headers,
    body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
    credentials: "include",
  });
  options.onResponse?.(res);
  return res;
}

/** The tasks made on this device get the server's ids in every change still waiting. */
async function giveServerIds(entry: OutboxEntry, answer: unknown, userId: string) {
  const serverIds = serverIdsOf(entry.effect, answer);
  if (serverIds.size === 0) return;
  for (const later of await waitingEntries(userId)) {
    const renamed = withServerIds(later, serverIds);
    if (JSON.stringify(renamed) !== JSON.stringify(later)) await putEntry(renamed);
  }
}

async function replayInOrder(options: ReplayOptions): Promise<ReplayResult> {
  const result: ReplayResult = { sent: [], refused: [] };
  // Read again before each: another context may have sent or renamed the rest meanwhile.
  for (;;) {
    const [entry] = await waitingEntries(options.userId);
    if (!entry) return result;
    if (localIdsIn([entry.path, entry.body]).length > 0) {
      // It changes a task whose creation the server refused: nothing to change.
      result.refused.push({ label: entry.label, reason: { neverSaved: true } });
      await removeEntry(entry.key);
      continue;
    }
    let res: Response;
    try {
      res = await sendOne(entry, options);
    } catch {
      return { ...result, stopped: "offline" };
    }
    const text = await res.text().catch(() => "");
    if (res.ok) {
      let answer: unknown = {};
      try {
        answer = text ? JSON.parse(text) : {};
      } catch {
        // An answer that is not JSON is no answer to use.
      }
      await giveServerIds(entry, answer, options.userId);
      await removeEntry(entry.key);
      result.sent.push({ entry, answer });
    } else if (isRetryable(res)) {
      return { ...result, stopped: res.status === 401 ? "signed-out" : "busy" };
    } else {
      result.refused.push(refusal(entry, res.status, text));
      await removeEntry(entry.key);
    }
  }
}

/**
 * Sends the person's waiting changes in order. One sender at a time per browser (a Web Lock, where
 * the browser has them): two tabs and the service worker take turns; where it has none, each change's
 * id still keeps a repeat from being applied twice.
 */
export function replayOutbox(options: ReplayOptions): Promise<ReplayResult> {
  return holdingOutbox(() => replayInOrder(options));
}

/** Runs `work` as the outbox's one sender in this browser (a Web Lock), where the browser has them. */
export async function holdingOutbox<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks) return work();
  // The lock is held until the work's promise settles; its answer is that promise.
  return await locks.request("onething-outbox", () => work());
}
