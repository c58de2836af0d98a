declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** How far the suite's clock runs ahead of the real one (tests/worker/suite-clock.ts). */
    TEST_CLOCK_SHIFT_MS: string;
    /** Total requests security-fuzz.ts generates (vitest.config.ts, env FUZZ_RUNS). */
    FUZZ_RUNS: string;
    /** fast-check seed for security-fuzz.ts; empty for a new one each run (env FUZZ_SEED). */
    FUZZ_SEED: string;
    /** Non-empty when bench/suggestions.mjs runs the suite: a test per held-out prompt (env SUGGESTION_BENCH). */
    SUGGESTION_BENCH: string;
    /** Days the person-year benchmark lives (bench/person-year.mjs, env PERSON_YEAR_BENCH); empty: skipped. */
    PERSON_YEAR_BENCH: string;
    /** The loopback mock push service of mock-push-service.ts (vitest.config.ts). */
    PUSH_MOCK_URL: string;
    /** Its host, the one push service outside worker/push/push-services.ts the worker accepts here. */
    PUSH_TEST_SERVICE_HOST: string;
  }
}
