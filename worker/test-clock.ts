import { env } from "cloudflare:workers";
import { shiftClock } from "../shared/shifted-clock";

// The browser suite's clock, placed where a day turns during its run
// (docs/decisions/238-browser-suite-runs-across-a-days-start.md): `E2E_CLOCK_SHIFT_MS`, set only in
// a browser-test build's .dev.vars by scripts/serve-e2e.mjs, runs this Worker's `Date` (its
// routes, its Durable Objects: one isolate) that far ahead of the machine's clock, as the test
// processes and the browsers run theirs. Unset (every other build, `wrangler deploy`), it does
// nothing. Loaded first by worker/index.ts.

const shiftMs = Number((env as { E2E_CLOCK_SHIFT_MS?: string }).E2E_CLOCK_SHIFT_MS) || 0;

shiftClock(shiftMs);

/** The machine's instant for an instant on this Worker's clock: a Durable Object's alarm rings on the machine's. */
export function machineInstant(at: number): number {
  return at - shiftMs;
}
