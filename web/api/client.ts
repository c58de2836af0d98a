import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";
import { AUTH_TOKEN_KEY, CHANGE_ID_HEADER, D1_BOOKMARK_HEADER } from "../../shared/constants";
import { SESSION_END_REASONS, type SessionEndReason, TAB_HEADER } from "../../shared/live-protocol";
import { rememberSessionEnd } from "./session-end";

/**
 * A non-OK answer. `message` follows docs/product.md#how-a-failure-reads ("status: text"); `serverMessage` is the `message` of
 * our JSON error shape, for toasts that show what the server said.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly responseText: string,
    statusText: string,
  ) {
    super(`${status}: ${responseText || statusText}`);
    this.name = "ApiRequestError";
  }

  /** On a 401 for a session ended elsewhere: why (a password change, a sign-out everywhere, the cap). */
  get sessionEndReason(): SessionEndReason | undefined {
    if (this.status !== 401) return undefined;
    try {
      const { why } = JSON.parse(this.responseText) as { why?: unknown };
      return SESSION_END_REASONS.find((reason) => reason === why);
    } catch {
      return undefined;
    }
  }

  get serverMessage(): string | undefined {
    try {
      const body = JSON.parse(this.responseText) as { message?: unknown };
      return typeof body.message === "string" ? body.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * What an action that needs the server says when the browser has no network
 * (docs/decisions/092-offline-page-keeps-last-known-reads.md): the timer, settings, suggestions.
 * The changes in docs/product.md#offline are kept on the device instead (web/api/send-change.ts).
 */
export function offlineMessage(): string {
  return t`You're offline. Nothing was changed: try again when you're back online.`;
}

/**
 * A request the browser could not send because it is offline: status 0, with the message in the
 * JSON error shape, so every screen's usual error text (serverMessage) tells the person why.
 */
export class OfflineError extends ApiRequestError {
  constructor() {
    super(0, JSON.stringify({ message: offlineMessage() }), t`Offline`);
    this.name = "OfflineError";
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAuthToken(): string | null {
  return stored(AUTH_TOKEN_KEY);
}

/** Stores (or, for null, removes) a value; without storage (private mode) nothing is kept. */
function store(key: string, value: string | null) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // The session cookie still carries the session; reads may come from a lagging replica.
  }
}

export function setAuthToken(token: string | null) {
  store(AUTH_TOKEN_KEY, token);
}

/**
 * The device's D1 bookmark (docs/decisions/050-reads-through-d1-sessions-api-bookmark.md): sent
 * with every request so a replica answers no older than this device's last write. In localStorage
 * (under the header's name), so every tab of the device and a reload keep it (in memory, a reload
 * right after a write could read an older replica). The last answer's bookmark is kept: each is at
 * least as new as the one its request sent.
 */
export function rememberD1Bookmark(res: Response) {
  const bookmark = res.headers.get(D1_BOOKMARK_HEADER);
  if (bookmark) store(D1_BOOKMARK_HEADER, bookmark);
}

/**
 * A random id of `bytes` bytes, in hex. getRandomValues rather than randomUUID: it works outside
 * secure contexts too (a LAN address).
 */
export function randomHexId(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join(
    "",
  );
}

/**
 * This tab's id, new with every page load: sent with every request (X-Onething-Tab) so that the
 * live channel's echo of this tab's own change is skipped here
 * (docs/decisions/161-tab-skips-own-live-echo.md).
 */
export const TAB_ID = randomHexId(12);

/**
 * The headers every API request carries: the bearer token (docs/product.md#request-behaviour), the
 * D1 bookmark, this tab's id and the shown language.
 */
export function apiHeaders(path: string): Record<string, string> {
  const headers: Record<string, string> = { [TAB_HEADER]: TAB_ID };
  // The language the page is shown in: what the server says is said in it (docs/product.md#your-language).
  if (i18n.locale) headers["Accept-Language"] = i18n.locale;
  const token = getAuthToken();
  if (token && wantsToken(path)) headers.Authorization = `Bearer ${token}`;
  const bookmark = stored(D1_BOOKMARK_HEADER);
  if (bookmark) headers[D1_BOOKMARK_HEADER] = bookmark;
  return headers;
}

/** docs/product.md#request-behaviour: the bearer token goes everywhere except the login and register calls. */
function wantsToken(path: string) {
  return !path.includes("/api/auth/login") && !path.includes("/api/auth/register");
}

/** docs/product.md#request-behaviour: an empty 204, or a body that is not JSON, reads as an empty object. */
async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return {};
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export async function apiRequest<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  { changeId, ...init }: { signal?: AbortSignal; keepalive?: boolean; changeId?: string } = {},
): Promise<T> {
  const headers = apiHeaders(path);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // The change's own id: a repeat of it is applied once (docs/decisions/220-changes-applied-once-by-their-id.md).
  if (changeId) headers[CHANGE_ID_HEADER] = changeId;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
      ...init,
    });
  } catch (err) {
    if (typeof navigator !== "undefined" && navigator.onLine === false) throw new OfflineError();
    throw err;
  }
  rememberD1Bookmark(res);
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    const error = new ApiRequestError(res.status, text, res.statusText);
    // Signed out elsewhere for a reason: kept for whichever screen the tab lands on
    // (docs/decisions/177-signed-out-told-why.md).
    const why = error.sessionEndReason;
    if (why) rememberSessionEnd(why);
    throw error;
  }
  return (await readBody(res)) as T;
}

/** docs/product.md#request-behaviour default loader: GET on the query key's first element; optionally null on a 401. */
export function getQueryFn<T>({ on401 }: { on401: "returnNull" | "throw" }) {
  return async ({ queryKey, signal }: { queryKey: readonly unknown[]; signal?: AbortSignal }): Promise<T | null> => {
    try {
      return await apiRequest<T>("GET", String(queryKey[0]), undefined, { signal });
    } catch (err) {
      if (on401 === "returnNull" && err instanceof ApiRequestError && err.status === 401) return null;
      throw err;
    }
  };
}
