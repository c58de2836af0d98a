import type { Db } from "./db/client";
import type { PersonHome } from "./db/person-home";

/** Bindings from wrangler.toml (generated in worker-configuration.d.ts) plus the optional ones. */
export type Bindings = Env & {
  /** Workers AI: bound only in production configurations (no local simulation exists). */
  AI?: Ai;
  /** Deadline of a suggestion provider in milliseconds (default 10 000); tests shorten it. */
  AI_TIMEOUT_MS?: string;
  /** Model requests per person and day (default 50, worker/suggestions/daily-limit.ts); tests lower it. */
  AI_DAILY_LIMIT?: string;
  /** "test": a local server's cheap password hashes (worker/auth/test-password-cost.ts). */
  PASSWORD_HASH_COST?: string;
  /** How far a browser-test build's clock runs ahead of the machine's, in ms (worker/test-clock.ts). */
  E2E_CLOCK_SHIFT_MS?: string;
  /**
   * The host of the worker tests' loopback push service, accepted as a push service besides
   * worker/push/push-services.ts. Bound only in tests/worker/vitest.config.ts, never in wrangler.toml.
   */
  PUSH_TEST_SERVICE_HOST?: string;
};

/** What a verified session token claims (worker/auth/middleware.ts), before the session row is checked. */
export type SessionClaims = {
  userId: string;
  sessionId: string;
  /** The person database of the person's rows (worker/db/person-db.ts), so finding it costs no read. */
  home: number;
};

/**
 * The signed-in user as protected routes see it; timeZone and dayStartHour decide their "today"
 * (shared/day.ts) and "hour".
 */
export type SessionUser = {
  id: string;
  sessionId: string;
  timeZone: string;
  dayStartHour: number;
  /** The person database of their rows (the token's claim): what the hub's alarms need. */
  home: number;
};

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    /**
     * The request's D1 Sessions API session (worker/db/d1-session.ts); `db` runs on it. Before
     * requireUser it is the directory's; after, the signed-in person's home database
     * (docs/decisions/270-person-databases.md).
     */
    d1: D1DatabaseSession;
    /** The person's rows (the directory's handle on a route that signs no one in). */
    db: Db;
    /** The directory: accounts, sessions, sign-in records, push subscriptions. */
    directory: Db;
    /**
     * The token's claims, set by `requireUser` (checked signature, not yet the session row). The
     * signed-in user comes from `readAsUser` (worker/auth/session-read.ts), which checks the row.
     */
    claims?: SessionClaims;
    /**
     * The signed-in person's databases (where their rows are, where their account is), set by
     * `requireUser` from the token's claim (worker/db/person-session.ts): what a route reads and
     * writes them through (docs/decisions/388-the-home-is-one-value.md).
     */
    home?: PersonHome;
  };
};
