// Serves a fresh production build of the app for the benchmarks: its own output folder and its own
// local database (migrated from scratch) per port, like scripts/serve-e2e.mjs, so a benchmark never
// shares state with a dev server or a test run.
//
//   node bench/server.mjs            serves on BENCH_PORT (default 8813) until interrupted
//   import { startServer } ...       the same from a script; answers { baseUrl, stop }
import { execSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Polls /api/health until it answers 200. */
export async function waitForHealth(baseUrl, timeoutMs = 240_000, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (child && child.exitCode !== null) throw new Error("the bench server exited before answering");
    if (Date.now() > deadline) throw new Error(`${baseUrl} did not answer /api/health in ${timeoutMs / 1000} s`);
    await sleep(300);
  }
}

/**
 * Builds the app into dist-bench-PORT, migrates .wrangler/bench-PORT from scratch and serves it with
 * `vite preview` (workerd). Answers the base URL and a function that stops the server.
 *
 * `direct: true` serves the built Worker with `wrangler dev` instead, for the load benchmark:
 * under load `vite preview`'s Node proxy in front of workerd resets connections (ECONNRESET,
 * answered as an HTML 500) when the machine starves it, which measures the proxy, not the app.
 */
export async function startServer({
  port = Number(process.env.BENCH_PORT ?? 8813),
  direct = false,
  log = console.log,
} = {}) {
  const outDir = `dist-bench-${port}`;
  const stateDir = `.wrangler/bench-${port}`;
  const env = { ...process.env, ONETHING_OUT_DIR: outDir, ONETHING_STATE_DIR: stateDir, ONETHING_NO_INSPECTOR: "1" };
  const run = (command) => execSync(command, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env });

  log(`Building and serving the app on port ${port} ...`);
  rmSync(`${root}/${stateDir}`, { recursive: true, force: true });
  run("node scripts/ensure-dev-vars.mjs");
  run("npx vite build --logLevel warn");
  run(`node scripts/migrate-databases.mjs --local --persist-to ${stateDir}`);
  const serve = direct
    ? [
        "wrangler",
        "dev",
        "--config",
        `${outDir}/onething/wrangler.json`,
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
      ].concat(["--persist-to", stateDir, "--log-level", "warn", "--show-interactive-dev-session=false"])
    : ["vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"];
  const child = spawn("npx", serve, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, 240_000, child);
  } catch (err) {
    stop();
    throw err;
  }
  return { baseUrl, outDir: `${root}/${outDir}`, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const server = await startServer();
  console.log(`Serving ${server.baseUrl} (Ctrl-C stops it)`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      server.stop();
      process.exit(0);
    });
  }
}
