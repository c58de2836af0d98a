// `npm run bench`: runs every benchmark against one freshly built app and prints one table
// (figure, measured, target, result). Benchmarks are scripts, not tests: they print figures.
//
// Environment:
//   BENCH_ONLY=bundle,lighthouse,tasks,live,load,test   run only these parts (default: all)
//   BENCH_URL=http://127.0.0.1:8787                      measure a running app instead of building one
//   LIGHTHOUSE_RUNS=3                                    Lighthouse runs per page (median is shown)
//   LIGHTHOUSE_BROWSER=chromium                          Lighthouse in the whole Chromium, not its headless shell
//   BENCH_SKIP_ALARM=1                                   skip the one-minute alarm measurement
// Ports: the app on BENCH_PORT (8813), the gzip proxy for Lighthouse on BENCH_PROXY_PORT (8814),
// the load benchmark's own server on LOAD_PORT (8815).
import { existsSync, readFileSync, statSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { runBundleBench } from "./bundle.mjs";
import { runLighthouseBench } from "./lighthouse.mjs";
import { runLiveBench } from "./live.mjs";
import { startServer } from "./server.mjs";
import { runTasksBench } from "./tasks.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PARTS = ["bundle", "lighthouse", "tasks", "live", "load", "test"];
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(",").map((s) => s.trim()) : PARTS;
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(", ")}; known: ${PARTS.join(", ")}`);

/** One row of the table: figure, measured, target, pass (true, false, or null for reference rows). */
const row = (figure, measured, target, pass) => ({ figure, measured, target, pass });

async function liveRows(baseUrl, log) {
  const rows = await runLiveBench({ baseUrl, skipAlarm: process.env.BENCH_SKIP_ALARM === "1", log });
  return rows.map((r) =>
    row(`live: ${r.metric}`, `${r.measured.toFixed(1)} ms`, r.target === null ? "-" : `≤ ${r.target} ms`, r.pass),
  );
}

async function tasksRows(baseUrl, log) {
  const rows = await runTasksBench({ baseUrl, log });
  return rows.map((r) => row(r.name, r.measured, r.target, r.pass));
}

/** bench/load.mjs is optional: its row appears when the script exists. */
async function loadRows(log) {
  const file = new URL("./load.mjs", import.meta.url);
  if (!existsSync(file)) return [row("load (bench/load.mjs)", "not present", "-", null)];
  const { runLoadBench } = await import(file.href);
  // Without BENCH_URL the load script serves its own build with `wrangler dev` (see bench/load.mjs).
  const r = await runLoadBench({ baseUrl: process.env.BENCH_URL, port: Number(process.env.LOAD_PORT ?? 8815), log });
  return [
    row(
      "load: mixed traffic, errors / lost writes",
      `${r.errors} / ${r.lostWrites} of ${r.requests} requests`,
      "0 / 0",
      r.errors === 0 && r.lostWrites === 0,
    ),
    row("  load: latency p50 / p99", `${r.p50} ms / ${r.p99} ms`, "-", null),
  ];
}

/** `npm test` writes test-results/summary.json; this reads its duration. */
function testRows() {
  const file = `${root}/test-results/summary.json`;
  if (!existsSync(file))
    return [row("npm test on this machine", "no test-results/summary.json (run npm test)", "≤ 5 min", null)];
  const s = JSON.parse(readFileSync(file, "utf8"));
  const when = statSync(file).mtime.toISOString().slice(0, 16).replace("T", " ");
  return [
    row(
      "npm test on this machine",
      `${Math.floor(s.seconds / 60)} min ${s.seconds % 60} s (${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped; ${when} UTC)`,
      "≤ 5 min",
      s.seconds <= 300,
    ),
  ];
}

export function printTable(rows, log = console.log) {
  const cells = rows.map((r) => [r.figure, r.measured, r.target, r.pass === null ? "" : r.pass ? "pass" : "FAIL"]);
  const header = ["Figure", "Measured", "Target", "Result"];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c.map((cell, i) => cell.padEnd(widths[i])).join(" | ")} |`;
  log(line(header));
  log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) log(line(c));
}

async function main() {
  const log = (message) => console.error(message);
  const needsServer = only.some((part) => part !== "test");
  const server =
    needsServer && !process.env.BENCH_URL ? await startServer({ log }) : { baseUrl: process.env.BENCH_URL, stop() {} };
  const rows = [];
  const failures = [];
  const parts = {
    bundle: async () =>
      (await runBundleBench({ baseUrl: server.baseUrl, log })).map((r) => row(r.name, r.measured, r.target, r.pass)),
    lighthouse: async () =>
      (await runLighthouseBench({ baseUrl: server.baseUrl, log })).map((r) =>
        row(r.name, r.measured, r.target, r.pass),
      ),
    tasks: () => tasksRows(server.baseUrl, log),
    live: () => liveRows(server.baseUrl, log),
    load: () => loadRows(log),
    test: async () => testRows(),
  };
  try {
    for (const part of PARTS.filter((p) => only.includes(p))) {
      log(`\n▶ ${part}`);
      try {
        rows.push(...(await parts[part]()));
      } catch (err) {
        // One broken part still leaves the others' figures in the table.
        failures.push(part);
        log(err?.stack ?? String(err));
        rows.push(row(part, `error: ${String(err?.message ?? err).slice(0, 80)}`, "-", false));
      }
    }
  } finally {
    server.stop();
  }
  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`);
  printTable(rows);
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
