import { ApiRequestError } from "../../api/client";

/**
 * What to tell the person when a call fails: our server's own message for a refusal it explains
 * (e.g. "Some of these tasks were not found. Nothing was changed."), else the screen's fallback.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.status < 500 && err.status !== 401) return err.serverMessage ?? fallback;
  return fallback;
}
