import { ApiRequestError, apiRequest, getAuthToken } from "./client";
import { queryKeys } from "./query-keys";

/**
 * A read of the first screen, started before the app's code has loaded; renderApp puts it in the
 * cache. `answer` is set once it has succeeded, so a read that is back before the app has loaded
 * is in the cache for the first render (no spinner for a frame).
 */
export type EarlyRequest = { key: readonly unknown[]; promise: Promise<unknown>; answer?: { data: unknown } };
export type EarlyRequests = EarlyRequest[];

/**
 * With a session, `/` needs the user, the tasks and the day (whose plan step may lead the screen:
 * docs/product.md#plan-your-day): asking for them while the app's code loads (not after the
 * session check, after the screen's code) takes two round trips off the first screen.
 */
export function startEarlyRequests(pathname: string): EarlyRequests {
  if (!getAuthToken()) return [];
  // Like useCurrentUser's query: a 401 means signed out (null), not an error.
  const user = apiRequest("GET", queryKeys.user[0]).catch((err: unknown) => {
    if (err instanceof ApiRequestError && err.status === 401) return null;
    throw err;
  });
  const early: EarlyRequests = [{ key: queryKeys.user, promise: user }];
  if (pathname === "/" || pathname === "/braindump") {
    early.push({ key: queryKeys.tasks, promise: apiRequest("GET", queryKeys.tasks[0]) });
    early.push({ key: queryKeys.day, promise: apiRequest("GET", queryKeys.day[0]) });
  }
  for (const request of early) {
    // A failure is left to the cache (renderApp), so it is not reported twice.
    request.promise.then((data) => (request.answer = { data })).catch(() => {});
  }
  return early;
}
