import type { Context } from "hono";
import { TAB_HEADER, TAB_ID_PATTERN } from "../../shared/live-protocol";
import type { AppEnv, Bindings } from "../env";

/*
 * Every call the Worker makes to a person's hub (worker/hub-host/user-hub.ts) goes through here. What a
 * capability stored in D1 already stands whatever becomes of the call: the ones that only tell the
 * hub (and through it every open tab) log a failure rather than turn a saved change into an error.
 * A committed change is told to it once, with its events (worker/changes/tell-hub.ts,
 * docs/decisions/381-one-message-from-a-change-to-the-hub.md).
 */

/** The person's hub (one Durable Object per person, by their id). */
export function userHub(env: Bindings, userId: string) {
  return env.USER_HUB.getByName(userId);
}

/** Runs a call that only tells the hub something; a failure is logged, never thrown. */
export async function tellSafely(what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (err) {
    console.error(`could not tell the user's hub ${what}`, err);
  }
}

/**
 * The tab that sent this request (its X-Onething-Tab header), or null: a client that sends none,
 * or a malformed one, only means no tab skips the echo.
 */
export function requestingTab(c: Context<AppEnv>): string | null {
  const tab = c.req.header(TAB_HEADER);
  return tab !== undefined && TAB_ID_PATTERN.test(tab) ? tab : null;
}

/**
 * Why a sign-in session ended, when the user's hub was told a reason (a password change, a
 * sign-out everywhere, the session cap); null otherwise or when the hub cannot be reached. Asked
 * only for a request about to answer 401, so its answer can say why.
 */
export async function sessionEndReason(env: Bindings, userId: string, sessionId: string) {
  try {
    return await userHub(env, userId).sessionEndReason(sessionId);
  } catch (err) {
    console.error("could not ask the hub why a session ended", err);
    return null;
  }
}

/** Whether the user's hub knows this sign-in session as revoked (a `sessions-ended` it was told); throws when unreachable. */
export async function revokedInHub(env: Bindings, userId: string, sessionId: string): Promise<boolean> {
  return userHub(env, userId).sessionRevoked(sessionId);
}
