// Serves a fresh build of the app for the Playwright suite: its own output folder and its own
// local databases (a copy of the migrated template: scripts/e2e-state.mjs) per port, so parallel
// runs never share state.
import { execSync, spawn } from "node:child_process";
import { setBuildVars } from "./build-dev-vars.mjs";
import { freshState } from "./e2e-state.mjs";
import { startPreviewOf } from "./preview-target.mjs";

const port = process.env.E2E_PORT ?? "8790";
const outDir = `dist-e2e-${port}`;
const stateDir = `.wrangler/e2e-${port}`;
const env = { ...process.env, ONETHING_OUT_DIR: outDir, ONETHING_STATE_DIR: stateDir };
const run = (command) => execSync(command, { stdio: "inherit", env });

run("node scripts/ensure-dev-vars.mjs");
if (process.env.E2E_SKIP_BUILD !== "1") run("npx vite build --logLevel warn");
// Cheap password hashes for this loopback server's hundred-odd sign-ups
// (docs/decisions/123-browser-suites-local-server-hashes-passwords.md).
// The run's placed clock, when E2E_CLOCK placed one (tests/e2e/run-clock.ts, worker/test-clock.ts):
// written anew at each start, so a build reused with E2E_SKIP_BUILD=1 runs on the run's clock.
setBuildVars(outDir, { PASSWORD_HASH_COST: "test", E2E_CLOCK_SHIFT_MS: process.env.E2E_CLOCK_SHIFT_MS ?? "0" });
freshState(stateDir);
const server = await startPreviewOf(outDir, `http://127.0.0.1:${port}/api/health`, () =>
  spawn("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", port, "--strictPort"], {
    stdio: "inherit",
    env,
  }),
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
