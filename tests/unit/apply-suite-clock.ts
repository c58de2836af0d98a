import { shiftClock } from "../../shared/shifted-clock";

// The unit suite's clock, placed as the worker suite's is (TEST_CLOCK, tests/worker/suite-clock.ts,
// docs/decisions/236-suites-run-across-a-days-start.md): web code that reads the date runs at that instant.
shiftClock(Number(import.meta.env.TEST_CLOCK_SHIFT_MS ?? 0));
