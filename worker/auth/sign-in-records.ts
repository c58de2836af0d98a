import { HUB_KEY_PREFIXES } from "../hub/storage-keys";
import { SESSION_TTL_MS } from "./tokens";

const REVOKED_PREFIX = HUB_KEY_PREFIXES.revokedSession;
const TICKET_PREFIX = HUB_KEY_PREFIXES.redeemedTicket;

/**
 * Sign-in state kept in the user's Durable Object storage: the session ids revoked lately (a read's
 * session check may run on a D1 replica that has not seen the revocation yet, so reads ask here at
 * the same time: docs/decisions/051-revocation-stays-immediate-replica-reads-writes.md) and the
 * live tickets already redeemed (a ticket opens one socket:
 * docs/decisions/062-live-ticket-opens-socket.md). A part of the hub (worker/hub/user-hub.ts), which
 * holds the storage; only this class reads or writes these keys (worker/hub/storage-keys.ts lists
 * them: docs/decisions/163-sign-in-records-under-auth.md). Synchronous KV calls only, so a check and
 * its write cannot interleave with another call.
 */
export class SignInRecords {
  constructor(private readonly kv: SyncKvStorage) {}

  /** Remembers these sessions as revoked until their tokens expire, dropping the ones that have. */
  revoke(sessionIds: readonly string[], now = Date.now()): void {
    this.dropExpired(REVOKED_PREFIX, now);
    for (const sid of sessionIds) this.kv.put(`${REVOKED_PREFIX}${sid}`, now + SESSION_TTL_MS);
  }

  isRevoked(sessionId: string): boolean {
    return this.kv.get(`${REVOKED_PREFIX}${sessionId}`) !== undefined;
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
    for (const [key, until] of this.kv.list<number>({ prefix })) if (until <= now) this.kv.delete(key);
  }
}
