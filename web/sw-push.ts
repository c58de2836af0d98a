// What the service worker (web/sw.ts) does with a push and with a click on its notification. The
// browser's objects are passed in, so the rules can be checked without a browser
// (tests/unit/sw-push.test.ts). The types below are the few members used, not the DOM's or the
// WebWorker library's, so this file compiles in both (the service worker's build and the web app's
// with the unit tests).
import { FOCUS_TIMER_PATH } from "../shared/constants";
import type { PushMessageBody } from "../shared/schemas/push";

/** Where each known push leads: the focus screen, or the priority picker with its plan step (docs/product.md#morning-nudge). */
const PUSH_PAGES: Record<PushMessageBody["type"], string> = {
  "timer-finished": FOCUS_TIMER_PATH,
  "plan-reminder": "/",
  "day-close": "/close",
};

/**
 * The plain notification for a push this version cannot read. In English: the service worker loads
 * no catalog and knows no language (a push's own words arrive in the person's language).
 */
// words-ok: the service worker has no language active to say it in
export const FALLBACK_MESSAGE: PushMessageBody = {
  type: "timer-finished",
  title: "Onething", // words-ok: the product's name
  body: "Something changed in Onething. Open the app to see it.",
  tag: "onething",
  url: FOCUS_TIMER_PATH,
};

/** An open window of the app (a WindowClient). */
export type AppWindow = {
  readonly visibilityState: DocumentVisibilityState;
  focus(): Promise<AppWindow>;
  navigate(url: string): Promise<unknown>;
};

/** What the handlers use of the service worker's global scope. */
export type ServiceWorkerParts = {
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: true }): Promise<readonly AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  /** The app's origin (self.location.origin). */
  origin: string;
};

/** A push's payload (PushMessageData); null when the push carries none. */
export type PushPayload = { json(): unknown } | null;

/** The push's texts, or the fallback for a message this version does not know. */
export function readPush(data: PushPayload): PushMessageBody {
  let value: Partial<PushMessageBody> | null | undefined;
  try {
    value = data?.json() as Partial<PushMessageBody> | null | undefined;
  } catch {
    return FALLBACK_MESSAGE; // Not JSON.
  }
  const type = value?.type;
  if (
    (type !== "timer-finished" && type !== "plan-reminder") ||
    typeof value?.title !== "string" ||
    typeof value.body !== "string"
  ) {
    return FALLBACK_MESSAGE;
  }
  return {
    type,
    title: value.title,
    body: value.body,
    tag: typeof value.tag === "string" ? value.tag : FALLBACK_MESSAGE.tag,
    // The page comes from the type, never from the payload: a push cannot send the app elsewhere.
    url: PUSH_PAGES[type],
  };
}

/**
 * Shows the push as a notification, unless it is a known message and a tab of the app is visible:
 * that tab shows its own notice of the end (the live channel told it), and browsers only require a
 * notification when no tab of the site is visible
 * (docs/decisions/093-push-subscriptions-belong-sign-session.md). A message this version cannot
 * read is shown in any case: no tab knows it either, so nothing else would say it came.
 */
export async function showPush(data: PushPayload, { clients, registration }: ServiceWorkerParts): Promise<void> {
  const message = readPush(data);
  const windows = await clients.matchAll({ type: "window", includeUncontrolled: true });
  if (message !== FALLBACK_MESSAGE && windows.some((client) => client.visibilityState === "visible")) return;
  await registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: message.url },
  });
}

/**
 * A click on a notification closes it and shows its page (the focus screen, or the plan for a
 * "plan-reminder"): in an open window of the app, brought to the front, or else in a new one.
 */
export async function openNotificationPage(
  notification: { close(): void; data?: unknown },
  { clients, origin }: ServiceWorkerParts,
): Promise<void> {
  notification.close();
  const wanted = (notification.data as { url?: unknown } | null | undefined)?.url;
  const path = Object.values(PUSH_PAGES).find((page) => page === wanted) ?? FOCUS_TIMER_PATH;
  const url = new URL(path, origin).href;
  const [open] = await clients.matchAll({ type: "window", includeUncontrolled: true });
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  // A window this service worker does not control refuses navigate(); it is at least in front.
  await focused.navigate(url).catch(() => undefined);
}
