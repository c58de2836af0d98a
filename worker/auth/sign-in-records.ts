import type { SessionEndReason } from "../../shared/live-protocol";
import { HUB_KEY_PREFIXES } from "../hub/storage-keys";
import { SESSION_TTL_MS } from "./tokens";

const REVOKED_PREFIX = HUB_KEY_PREFIXES.revokedSession;
const TICKET_PREFIX = HUB_KEY_PREFIXES.redeemedTicket;

/** A revoked session's record when there is a reason to tell the device; else only when it expires (ms). */
type RevokedRecord = { until: number; why: SessionEndReason };

/**
 * Sign-in state kept in the user's Durable Object storage: the session ids revoked lately (a read's
 * session check may run on a D1 replica that has not seen the revocation yet, so reads ask here at
 * the same time: docs/decisions/051-revocation-stays-immediate-replica-reads-writes.md) and the
 * live tickets already redeemed (a ticket opens one socket:
 * docs/decisions/062-live-ticket-opens-socket.md). A part of the hub (worker/hub-host/user-hub.ts), which
 * holds the storage; only this class reads or writes these keys (worker/hub/storage-keys.ts lists
 * them: docs/decisions/163-sign-in-records-under-auth.md). Synchronous KV calls only, so a check and
 * its write cannot interleave with another call.
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
