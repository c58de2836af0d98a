import type { SessionEndReason } from "../../shared/live";
import type { Bindings } from "../env";
import { SESSION_TTL_MS } from "./tokens";

/** `revoked-session:<sid>` → when its token expires (ms), with why when there is a reason to tell. */
export const REVOKED_PREFIX = "revoked-session:";
/** `ticket:<jti>` → when the live ticket expires (ms). */
const TICKET_PREFIX = "ticket:";

type RevokedRecord = { until: number; why: SessionEndReason };

/**
 * Sign-in state kept in the user's Durable Object storage: the session ids revoked lately (a read's
 * session check may run on a D1 replica that has not seen the revocation yet, so reads ask here at
 * the same time: docs/decisions/051-revocation-stays-immediate-replica-reads-writes.md) and the
 * live tickets already redeemed (a ticket opens one socket:
 * docs/decisions/062-live-ticket-opens-socket.md). The hub holds the storage; only this class reads
 * or writes these keys (docs/decisions/163-sign-in-records-under-auth.md). Synchronous KV calls
 * only, so a check and its write cannot interleave with another call.
 */
export class SignInRecords {
  constructor(private readonly kv: SyncKvStorage) {}

  /**
   * Remembers these sessions as revoked until their tokens expire, with why when there is a reason
   * to tell the device (docs/decisions/177-signed-out-told-why.md), dropping the ones that have.
   */
  revoke(sessionIds: readonly string[], now = Date.now(), why?: SessionEndReason): void {
    this.dropExpired(REVOKED_PREFIX, now);
    const until = now + SESSION_TTL_MS;
    for (const sid of sessionIds) {
      this.kv.put(`${REVOKED_PREFIX}${sid}`, why ? ({ until, why } satisfies RevokedRecord) : until);
    }
  }

  isRevoked(sessionId: string): boolean {
    return this.kv.get(`${REVOKED_PREFIX}${sessionId}`) !== undefined;
  }

  /** Why this revoked session ended, when it was for a reason to tell the device; else null. */
  endReason(sessionId: string): SessionEndReason | null {
    const record = this.kv.get<number | RevokedRecord>(`${REVOKED_PREFIX}${sessionId}`);
    return typeof record === "object" && record !== null ? record.why : null;
  }

  /** True the first time a ticket is shown, false after; kept until the ticket would have expired. */
  redeemTicket(ticketId: string, expiresAt: number, now = Date.now()): boolean {
    this.dropExpired(TICKET_PREFIX, now);
    const key = `${TICKET_PREFIX}${ticketId}`;
    if (this.kv.get(key) !== undefined) return false;
    this.kv.put(key, expiresAt);
    return true;
  }

  private dropExpired(prefix: string, now: number): void {
    for (const [key, record] of this.kv.list<number | RevokedRecord>({ prefix })) {
      const until = typeof record === "number" ? record : record.until;
      if (until <= now) this.kv.delete(key);
    }
  }
}

/**
 * Tells the user's hub about sign-in sessions that were just revoked: it remembers them (above) and
 * closes their live sockets. The revocation is stored in D1 already, which writes and tickets check
 * on the primary, so a hub that cannot be reached is only logged.
 */
export async function announceRevokedSessions(
  env: Bindings,
  userId: string,
  sessionIds: readonly string[],
  why?: SessionEndReason,
): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await env.USER_HUB.getByName(userId).closeSessions(sessionIds, why);
  } catch (err) {
    console.error("could not close the live sockets of revoked sessions", err);
  }
}

/**
 * Why a sign-in session ended, when the user's hub was told a reason (a password change, a
 * sign-out everywhere, the session cap); null otherwise or when the hub cannot be reached. Asked
 * only for a request about to answer 401, so its answer can say why.
 */
export async function sessionEndReason(env: Bindings, userId: string, sessionId: string) {
  try {
    return await env.USER_HUB.getByName(userId).sessionEndReason(sessionId);
  } catch (err) {
    console.error("could not ask the hub why a session ended", err);
    return null;
  }
}

/** Whether the user's hub knows this sign-in session as revoked (announceRevokedSessions). */
export async function revokedInHub(env: Bindings, userId: string, sessionId: string): Promise<boolean> {
  return env.USER_HUB.getByName(userId).sessionRevoked(sessionId);
}
