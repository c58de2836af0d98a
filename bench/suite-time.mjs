// `npm test`'s time as bench/RESULTS.md keeps it: the whole run's and each step's wall time,
// CPU-seconds and idle shares, with the machine's load beside them and the date
// (docs/decisions/343-npm-test-time-measured-per-step.md). Prints a Markdown section to paste.
//
//   node bench/suite-time.mjs                 runs `npm test`, then prints its figures
//   node bench/suite-time.mjs --summary-only  prints the figures of the last run (test-results/summary.json)
//
// The figures are scripts/test.mjs's own (Linux: /proc/stat and its ended children's CPU time, which
// misses processes handed to init: a lower bound; `node bench/suite-cpu.mjs -- node bench/suite-time.mjs`
// counts every process); the load is sampled every 10 s while the run goes. Compare runs by their CPU-seconds and unused share:
// on a shared machine the wall time mostly says how busy it was.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const loads = [];

if (!process.argv.includes("--summary-only")) {
  loads.push(loadavg()[0]);
  const timer = setInterval(() => loads.push(loadavg()[0]), 10_000);
  const code = await new Promise((resolve) => {
    spawn("npm", ["test"], { cwd: root, stdio: "inherit" }).on("close", resolve);
  });
  clearInterval(timer);
  if (code !== 0) console.log(`\nnpm test exited with ${code}: the figures below are of a failing run.`);
}

const summary = JSON.parse(readFileSync(`${root}/test-results/summary.json`, "utf8"));
const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
const pct = (share) => (share === null || share === undefined ? "-" : `${Math.round(share * 100)} %`);
const cpu = (seconds) => (seconds === null || seconds === undefined ? "-" : seconds.toFixed(1));
const loadNote = loads.length
  ? `load ${loads[0].toFixed(1)} at the start, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}`
  : `load at the end ${summary.load.map((n) => n.toFixed(1)).join(" / ")} (1, 5, 15 min)`;

const lines = [
  `### ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}: npm test`,
  "",
  `${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped; ${summary.cores} cores; ${loadNote}.`,
  "",
  "| Part | Wall | CPU-s of its own (at least) | Cores unused by it (at most) | Machine idle |",
  "| --- | ---: | ---: | ---: | ---: |",
  ...[...summary.phases, summary.whole].map(
    (row) =>
      `| ${row.name} | ${row.seconds.toFixed(1)} s | ${cpu(row.cpuSeconds)} | ${pct(row.unused)} | ${pct(row.machineIdle)} |`,
  ),
  "",
  "| Step | Wall | CPU-s | Machine idle |",
  "| --- | ---: | ---: | ---: |",
  ...summary.steps.map(
    (step) => `| ${step.name} | ${step.seconds.toFixed(1)} s | ${cpu(step.cpuSeconds)} | ${pct(step.machineIdle)} |`,
  ),
];
console.log(`\n${lines.join("\n")}`);
