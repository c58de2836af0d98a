// Serves a copy of the browser suite's build with a database of its own, for the day-two browser
// tests (tests/e2e/day.spec.ts starts it): they move an account's data a day back in this database
// directly, which must not happen under another test's requests (SQLite allows one writer; the
// server's write would fail) (docs/decisions/145-browser-tests-move-the-day.md).
//   E2E_DAY_APP_PORT   this server (default 11790)
import { execSync, spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { setBuildVars } from "./build-dev-vars.mjs";
import { pointPreviewAt } from "./preview-target.mjs";

const appPort = process.env.E2E_DAY_APP_PORT ?? "11790";
const outDir = `dist-e2e-day-${appPort}`;
const stateDir = `.wrangler/e2e-day-${appPort}`;
const env = { ...process.env, ONETHING_OUT_DIR: outDir, ONETHING_STATE_DIR: stateDir };
const run = (command) => execSync(command, { stdio: "inherit", env });

rmSync(stateDir, { recursive: true, force: true });
run("node scripts/ensure-dev-vars.mjs");
// The browser suite's server has just built the app: a copy serves here, rather than a second build.
const mainBuild = `dist-e2e-${process.env.E2E_PORT ?? "8790"}`;
if (existsSync(mainBuild)) {
  rmSync(outDir, { recursive: true, force: true });
  cpSync(mainBuild, outDir, { recursive: true });
} else {
  run("npx vite build --logLevel warn");
}
setBuildVars(outDir, { PASSWORD_HASH_COST: "test" });
run(`npx wrangler d1 migrations apply DB --local --persist-to ${stateDir}`);
pointPreviewAt(outDir);
const server = spawn("npx", ["vite", "preview", "--host", "127.0.0.1", "--port", appPort, "--strictPort"], {
  stdio: "inherit",
  env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
