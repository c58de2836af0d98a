declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Total requests security-fuzz.ts generates (vitest.config.ts, env FUZZ_RUNS). */
    FUZZ_RUNS: string;
    /** fast-check seed for security-fuzz.ts; empty for a new one each run (env FUZZ_SEED). */
    FUZZ_SEED: string;
    /** The loopback mock push service of mock-push-service.ts (vitest.config.ts). */
    PUSH_MOCK_URL: string;
  }
}
