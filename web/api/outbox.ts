import type { InfiniteData, QueryCacheNotifyEvent, QueryClient } from "@tanstack/react-query";
import type { User } from "../../shared/schemas/auth";
import type { Day, HistoryPage } from "../../shared/schemas/day";
import type { Task } from "../../shared/schemas/tasks";
import {
  type ChangeEffect,
  changeInWords,
  keptEffect,
  putBackOf,
  withDayEffect,
  withHistoryEffect,
  withTaskEffect,
} from "../changes/registry";
import { apiHeaders, rememberD1Bookmark } from "./client";
import { holdingOutbox, replayOutbox } from "./outbox-replay";
import {
  addEntry,
  forgetEntries,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  removeEntry,
  takeRefused,
  waitingEntries,
} from "./outbox-store";
import { queryKeys } from "./query-keys";
import { invalidateTaskData } from "./refetch-after-change";
import { changesRefused } from "./refused-changes";
import { todayOf } from "./today";
import {
  type Change,
  type QueuedChange,
  signedInUserId,
  WAITING_EVENT,
  WAITING_KEY,
  waitingCount,
} from "./waiting-changes";

// The page's side of the outbox (docs/product.md#offline, docs/decisions/222-offline-outbox.md):
// a change kept offline shows at once and again after every read until it is sent; the outbox is
// sent when the network returns, when the app is shown again, when it opens, and by the service
// worker's Background Sync where the browser has it. Loaded only once a change waits.

/** The waiting changes of the signed-in person, as last read: shown over every fresh read. */
let waiting: OutboxEntry[] = [];
let started: QueryClient | null = null;
/** The answers of changes this page sent from the outbox, by id: an Undo of one sent meanwhile uses it. */
const sentAnswers = new Map<string, unknown>();

/** Today as the server counts it (web/api/today.ts). */
function today(queryClient: QueryClient): string {
  return todayOf(
    queryClient.getQueryData<Day>(queryKeys.day)?.date,
    queryClient.getQueryData<User | null>(queryKeys.user),
  );
}

function showEffects(queryClient: QueryClient, effects: ChangeEffect[]) {
  if (effects.length === 0) return;
  const date = today(queryClient);
  queryClient.setQueryData<Task[]>(queryKeys.tasks, (tasks) =>
    tasks ? effects.reduce((shown, effect) => withTaskEffect(shown, effect, date), tasks) : tasks,
  );
  queryClient.setQueryData<Day>(queryKeys.day, (day) =>
    day ? effects.reduce((shown, effect) => withDayEffect(shown, effect), day) : day,
  );
  queryClient.setQueryData<InfiniteData<HistoryPage>>(queryKeys.history, (history) =>
    history ? effects.reduce((shown, effect) => withHistoryEffect(shown, effect), history) : history,
  );
}

/** Every waiting change, over what the screen shows now. */
function showWaiting(queryClient: QueryClient) {
  // Only the signed-in person's: another may have signed in on this page since they were read.
  const userId = signedInUserId(queryClient);
  showEffects(
    queryClient,
    waiting.filter((entry) => entry.userId === userId).map((entry) => entry.effect),
  );
}

/** The count the header shows (web/api/send-change.ts useWaitingCount), written after every change to the outbox. */
function setWaitingCount(userId: string, count: number) {
  try {
    if (count > 0) localStorage.setItem(WAITING_KEY + userId, String(count));
    else localStorage.removeItem(WAITING_KEY + userId);
  } catch {
    // Private mode without storage: nothing waits across a reload either.
  }
  window.dispatchEvent(new Event(WAITING_EVENT));
}

/** Reads the outbox again; answers whether a change this page knew of has gone (sent or refused elsewhere too). */
async function readWaiting(userId: string): Promise<boolean> {
  const before = waiting;
  waiting = await waitingEntries(userId);
  setWaitingCount(userId, waiting.length);
  const now = new Set(waiting.map((entry) => entry.key));
  return before.some((entry) => !now.has(entry.key));
}

/** The outbox as it is now, over what shows; what left it (sent elsewhere) is read again from the server. */
async function refreshWaiting(queryClient: QueryClient) {
  const userId = signedInUserId(queryClient);
  if (!userId) return;
  if (await readWaiting(userId)) await invalidateTaskData(queryClient);
  else showWaiting(queryClient);
}

/** A fresh read of the tasks, the day or the history, while changes wait: they are shown over it. */
function isFreshRead(event: QueryCacheNotifyEvent): boolean {
  if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return false;
  const key = event.query.queryKey[0];
  return key === queryKeys.tasks[0] || key === queryKeys.day[0] || key === queryKeys.history[0];
}

let sending: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 2000;
/** The longest wait between tries while the network is there but the server does not answer. */
const RETRY_MAX_MS = 60_000;

/** Tries again later, each wait longer: the network is there, the server did not take the changes yet. */
function retryLater(queryClient: QueryClient) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void sendWaiting(queryClient), retryDelayMs);
  retryDelayMs = Math.min(retryDelayMs * 2, RETRY_MAX_MS);
}

/** Sends the waiting changes now, unless a send is under way; then everything is read again. */
export function sendWaiting(queryClient: QueryClient): Promise<void> {
  const userId = signedInUserId(queryClient);
  if (!userId || navigator.onLine === false) return Promise.resolve();
  sending ??= (async () => {
    let again = false;
    try {
      const result = await replayOutbox({ userId, headers: () => apiHeaders("/api"), onResponse: rememberD1Bookmark });
      for (const { entry, answer } of result.sent) sentAnswers.set(entry.changeId, answer);
      const refused = [...result.refused, ...(await takeRefused())];
      // Said by what the app registered (web/api/refused-changes.ts), whose offer to keep a title sends a change.
      if (refused.length > 0) changesRefused(queryClient, refused);
      // Gone also when another tab or the service worker sent it: what shows is then read again.
      const gone = await readWaiting(userId);
      if (result.stopped === "busy" || (result.stopped === "offline" && navigator.onLine)) retryLater(queryClient);
      else retryDelayMs = 2000;
      // A change kept after the last read of the outbox, while this send was ending.
      again = !result.stopped && waiting.length > 0;
      if (gone || result.sent.length > 0 || result.refused.length > 0) await invalidateTaskData(queryClient);
    } finally {
      sending = null;
    }
    if (again) await sendWaiting(queryClient);
  })();
  return sending;
}

/** Asks the service worker to send the outbox when the network returns, even with every tab closed. */
async function askBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari): the page sends it when it is open and online.
  }
}

/** Once per page: the triggers that send, and the re-showing of waiting changes over fresh reads. */
export async function startOutbox(queryClient: QueryClient): Promise<void> {
  const userId = signedInUserId(queryClient);
  if (!userId) return;
  if (started !== queryClient) {
    started = queryClient;
    queryClient.getQueryCache().subscribe((event) => {
      if (isFreshRead(event)) showWaiting(queryClient);
    });
    window.addEventListener("online", () => void sendWaiting(queryClient));
    // Another tab kept or sent a change: this page shows the outbox as it is now.
    window.addEventListener("storage", (event) => {
      if (event.key?.startsWith(WAITING_KEY)) void refreshWaiting(queryClient);
    });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") void sendWaiting(queryClient);
    });
    // The service worker sent the outbox in the background: its outcome is read here.
    navigator.serviceWorker?.addEventListener("message", (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_TAG) void sendWaiting(queryClient);
    });
  }
  await readWaiting(userId);
  showWaiting(queryClient);
  await sendWaiting(queryClient);
}

/** The account is deleted: its changes still waiting on this device go with it. */
export async function forgetOutbox(userId: string): Promise<void> {
  await forgetEntries(userId);
  setWaitingCount(userId, 0);
}

/** When the app opens (web/api/send-change.ts useOutboxOnOpen): started when changes wait. */
export function openOutbox(queryClient: QueryClient) {
  if (waitingCount(signedInUserId(queryClient)) > 0) void startOutbox(queryClient);
}

/** Keeps a change in the outbox and shows it at once (sendChange's offline path). */
export async function queueChange(queryClient: QueryClient, change: Change, changeId: string): Promise<QueuedChange> {
  const userId = signedInUserId(queryClient);
  if (!userId) throw new Error("A change is kept for the signed-in person only.");
  await queryClient.cancelQueries({ queryKey: queryKeys.tasks });
  const tasks = queryClient.getQueryData<Task[]>(queryKeys.tasks) ?? [];
  const effect = keptEffect(change.effect, { userId, tasks });
  const entry = await addEntry({
    ...change,
    effect,
    label: changeInWords(effect, tasks),
    changeId,
    userId,
    queuedAt: Date.now(),
  });
  waiting = [...waiting, entry];
  setWaitingCount(userId, waiting.length);
  showEffects(queryClient, [entry.effect]);
  void askBackgroundSync();
  // Started once per page; after that, only a send (the outbox was just read and shown here).
  if (started === queryClient) void sendWaiting(queryClient);
  else void startOutbox(queryClient);
  return { queued: true, changeId };
}

/** Takes a change back before it is sent (the Undo of a delete made offline); false when it was sent meanwhile. */
async function takeBack(queryClient: QueryClient, changeId: string): Promise<boolean> {
  const userId = signedInUserId(queryClient);
  if (!userId) return false;
  // As the outbox's one sender, so that no tab (nor the service worker) is sending it meanwhile;
  // then this page's sending has the server's answer of a change it sent.
  const entry = await holdingOutbox(async () => {
    const found = (await waitingEntries(userId)).find((candidate) => candidate.changeId === changeId);
    if (found) await removeEntry(found.key);
    return found;
  });
  if (!entry) {
    await sending;
    return false;
  }
  await readWaiting(userId);
  // The screen goes back to the server's data with the other waiting changes over it.
  const task = putBackOf(entry.effect);
  if (task) {
    queryClient.setQueryData<Task[]>(queryKeys.tasks, (tasks) =>
      tasks && !tasks.some((other) => other.id === task.id) ? [...tasks, task] : tasks,
    );
  }
  return true;
}

/**
 * The Undo of a removal made offline (web/api/undo-removal.ts): true when it was taken out of the
 * outbox before it was sent; else the server's undo ticket when this page sent it, or null.
 */
export async function takeBackRemoval(queryClient: QueryClient, changeId: string): Promise<true | string | null> {
  if (await takeBack(queryClient, changeId)) return true;
  const answer = sentAnswers.get(changeId) as { undoToken?: unknown } | undefined;
  return typeof answer?.undoToken === "string" ? answer.undoToken : null;
}
