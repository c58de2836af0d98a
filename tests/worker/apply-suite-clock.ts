import { env } from "cloudflare:workers";
import { shiftClock } from "../../shared/shifted-clock";

// The first set-up file: the suite's clock (tests/worker/suite-clock.ts), before any test reads it.
// The Worker, its Durable Objects and the tests share this isolate, so they share the clock.
shiftClock(Number(env.TEST_CLOCK_SHIFT_MS ?? 0));
