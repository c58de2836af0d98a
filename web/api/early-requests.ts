import { ApiRequestError, apiRequest, getAuthToken } from "./client";
import { queryKeys } from "./query-keys";

/** Reads of the first screen, started before the app's code has loaded; renderApp puts them in the cache. */
export type EarlyRequests = { key: readonly unknown[]; promise: Promise<unknown> }[];

/**
 * With a session, `/` needs the user and the tasks: asking for them while the app's code loads
 * (not after the session check, after the screen's code) takes two round trips off the first screen.
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
  }
  // The cache takes the outcome over in renderApp; this keeps a failure from being reported twice.
  for (const { promise } of early) promise.catch(() => {});
  return early;
}
