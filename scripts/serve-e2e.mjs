// Serves a fresh build of the app for the Playwright suite: its own output folder and its own
// local databases (a copy of the migrated template: scripts/e2e-state.mjs) per port, so parallel
// runs never share state. The Worker is served from workerd alone (scripts/serve-built-worker.mjs).
//   E2E_PORT        the port (default 8790); the state folder is .wrangler/e2e-<port>
//   E2E_BUILD_DIR   the build to serve (default dist-e2e-<port>): the day servers of
//                   tests/e2e/day-two.ts serve the suite's build with databases of their own
import { freshState } from "./e2e-state.mjs";
import { buildUnlessMade, serveBuiltWorker, stopOnSignals } from "./serve-built-worker.mjs";

const port = process.env.E2E_PORT ?? "8790";
const outDir = process.env.E2E_BUILD_DIR ?? `dist-e2e-${port}`;
const stateDir = `.wrangler/e2e-${port}`;

buildUnlessMade(outDir);
freshState(stateDir);
const stop = await serveBuiltWorker({
  outDir,
  stateDir,
  port,
  vars: {
    // The run's placed clock, when E2E_CLOCK placed one (tests/e2e/run-clock.ts, worker/test-clock.ts).
    E2E_CLOCK_SHIFT_MS: process.env.E2E_CLOCK_SHIFT_MS ?? "0",
  },
});
stopOnSignals(stop);
