// `npm test`: every check and suite, then one summary line summing all suites.
// Exits non-zero if any step fails; later steps still run so one report shows everything.
// Each phase's two lanes run at once (see `phases`); each phase ends with its time, its processes'
// CPU-seconds and how idle the cores were, and test-results/summary.json keeps them.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { childrenCpuSeconds, cpuTimes, idleShare, unusedShare } from "./cpu-share.ts";
import { closingLines, emptyTally, recordStep } from "./test-tally.ts";

const reports = "test-results";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Whether nothing listens on 127.0.0.1:port. */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/**
 * The browser suite's port (its OIDC test adds 1000 and 2000 to it): 8790, or the next one whose
 * three ports are free when a server is already there (one left from an earlier run, a dev server),
 * so the suite never tests a server it did not start. E2E_PORT, when set, is used as it is.
 */
async function browserSuitePort() {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  for (let port = 8790; port < 8890; port++) {
    if ((await portFree(port)) && (await portFree(port + 1000)) && (await portFree(port + 2000))) {
      if (port !== 8790) console.log(`Port 8790 (or 9790, 10790) is in use: the browser suite uses ${port}.`);
      return String(port);
    }
  }
  return "8790";
}

const e2ePort = await browserSuitePort();
// Read by every step that serves or tests the app (scripts/serve-e2e.mjs, the Playwright config).
process.env.E2E_PORT = e2ePort;
/** Where scripts/serve-e2e.mjs serves from; the check's build is copied there, so it skips its own. */
const e2eBuild = `dist-e2e-${e2ePort}`;

/**
 * Phases run one after another. A phase is two lanes that run at once, each its steps one after
 * another: the first lane's output live, the second's when the phase ends. Each step: a command,
 * and for test suites how to read passed/failed/skipped from its JSON report.
 *
 * Two lanes so that both cores work from the first second (docs/decisions/341-npm-test-keeps-both-cores-busy.md):
 * the typecheck is one thread for half a minute, so the worker suite starts as soon as it ends, and
 * the second lane does everything else the browser suite waits for (the build, the databases'
 * template, its server) and the lints and the unit suite.
 */
const phases = [
  [
    [
      // `npm run check`'s typecheck; the build and `wrangler deploy --dry-run` run in the other lane.
      { name: "typecheck", cmd: "npm run --silent typecheck" },
      {
        name: "worker tests",
        cmd: `npx vitest run --config tests/worker/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${reports}/worker.json`,
        // A minute before a day's start, on every run, unless TEST_CLOCK says otherwise: a test that
        // depends on the clock fails every run, not once a day (docs/decisions/237-clock-dependence-fails-every-run.md).
        env: { TEST_CLOCK: process.env.TEST_CLOCK ?? "day-start" },
        report: `${reports}/worker.json`,
        read: vitestCounts,
      },
    ],
    [
      // Before the build and while the other lane type-checks: it rewrites the catalogs as it
      // extracts, so nothing may read them meanwhile. None is behind the code, and every language
      // says every message (docs/decisions/395-messages-in-lingui-catalogs.md).
      { name: "catalogs whole in every language", cmd: "npm run --silent lint:catalogs" },
      // `npm run check`'s other steps (a broken deploy fails the run). .dev.vars first: the build
      // copies it beside the Worker, and the browser tests serve this same build.
      {
        name: "build and deploy dry-run",
        cmd: "node scripts/ensure-dev-vars.mjs && npx vite build --logLevel warn && npx wrangler deploy --dry-run",
      },
      // The browser suite's databases, migrated once for all its servers (docs/decisions/340-browser-servers-copy-one-migrated-template.md).
      { name: "browser tests: the databases' template", cmd: "node scripts/e2e-state.mjs" },
      {
        // The check's build, copied to where scripts/serve-e2e.mjs serves from (building it again took
        // about 9 s of CPU).
        name: "browser tests: the app's build",
        cmd: `rm -rf ${e2eBuild} && cp -r dist ${e2eBuild}`,
      },
      {
        // The browser suite's server starts here, so Playwright finds it ready instead of spending
        // its first seconds on it.
        name: "browser tests: the server",
        cmd: "node scripts/serve-e2e.mjs",
        env: () => ({ E2E_SKIP_BUILD: buildMissing() ? "0" : "1" }),
        serves: `http://127.0.0.1:${e2ePort}/api/health`,
      },
      // The lint, the import directions, the unused-code, decision-record and table-owner checks read
      // only the sources.
      { name: "lint", cmd: "npx biome check ." },
      { name: "import directions", cmd: "npm run --silent lint:imports" },
      // Unused files, exports and dependencies (knip.jsonc): dead code fails the run.
      { name: "unused code", cmd: "npm run --silent lint:unused" },
      { name: "decision records", cmd: "npm run --silent lint:decisions" },
      { name: "table owners", cmd: "npm run --silent lint:tables" },
      // Only worker/db/person-db.ts names a D1 binding (docs/decisions/270-person-databases.md).
      { name: "database bindings", cmd: "npm run --silent lint:bindings" },
      // Every test file reachable from the quick tier's map (docs/decisions/342-a-quick-tier-beside-the-gate.md).
      { name: "test map", cmd: "npm run --silent lint:test-map" },
      // No person's words written inline in web/ (docs/decisions/395-messages-in-lingui-catalogs.md).
      { name: "words in the catalogs", cmd: "npm run --silent lint:words" },
      // Browser tests that read the machine's calendar or make an account outside a steady place
      // (docs/decisions/237-clock-dependence-fails-every-run.md).
      { name: "clock-free browser tests", cmd: "npm run --silent lint:clock" },
      // After the build: wrangler reads the configuration through the redirect the build writes.
      { name: "worker types are current", cmd: "npm run --silent cf-typegen:check" },
      {
        name: "unit tests",
        cmd: `npx vitest run --config tests/unit/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${reports}/unit.json`,
        env: { TEST_CLOCK: process.env.TEST_CLOCK ?? "day-start" },
        report: `${reports}/unit.json`,
        read: vitestCounts,
      },
    ],
  ],
  [
    [
      {
        name: "browser tests",
        cmd: "npx playwright test --config tests/e2e/playwright.config.ts",
        // Started above; if that failed, Playwright starts it (building again if the build failed).
        env: () => ({
          E2E_JSON_REPORT: `${process.cwd()}/${reports}/e2e.json`,
          E2E_SERVER_STARTED: server ? "1" : "0",
          E2E_SKIP_BUILD: buildMissing() ? "0" : "1",
        }),
        report: `${reports}/e2e.json`,
        read: playwrightCounts,
      },
    ],
  ],
];

function vitestCounts(json) {
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
}

function playwrightCounts(json) {
  const s = json.stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

/** Every suite's counts and every failed step (scripts/test-tally.ts). */
const tally = emptyTally();
/** Steps that have failed so far, known as soon as they end (the tally learns them when their phase ends). */
const failedNow = new Set();

/** The check's build failed or was not copied: the browser suite's server builds its own, and shows why. */
function buildMissing() {
  return [...failedNow].some((step) => step.startsWith("build") || step.startsWith("browser tests: the app"));
}

/** The machine's CPU times now (/proc/stat), or null where there is no /proc. */
function machineCpu() {
  try {
    return cpuTimes(readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
}

/**
 * CPU-seconds the run's ended steps have spent so far, or null where there is no /proc: the ended
 * processes their parents waited for. Processes handed to init when their parent ended first
 * (Chromium's helpers, some of workerd's) are missed, so it is a lower bound: a whole run counted
 * 409 CPU-s this way where bench/suite-cpu.mjs counted 889 (bench/RESULTS.md).
 */
function runCpuSeconds() {
  try {
    return childrenCpuSeconds(readFileSync("/proc/self/stat", "utf8"));
  } catch {
    return null;
  }
}

/**
 * The CPU-seconds of the processes reaped since the last step ended: read as a step's process ends,
 * they are that step's (with everything it started and waited for).
 */
let reapedBefore = runCpuSeconds();
function reapedSinceLastStep() {
  const now = runCpuSeconds();
  const spent = now === null || reapedBefore === null ? null : now - reapedBefore;
  reapedBefore = now;
  return spent;
}

const percent = (share) => `${Math.round(share * 100)} %`;
const cores = availableParallelism();
/** Each step's and each phase's figures, for test-results/summary.json (bench/suite-time.mjs). */
const figures = { steps: [], phases: [] };

const started = Date.now();

/** The browser suite's server once its step has it answering; stopped when the run ends. */
let server;

/**
 * Runs one step; its output goes straight through (live), or is kept for record() to print. A step
 * that `serves` a URL is done once that URL answers, and its process keeps running.
 */
function run(step, live) {
  const t0 = Date.now();
  const cpu0 = machineCpu();
  if (live) console.log(`\n▶ ${step.name}`);
  const ended = (ok, output) => {
    if (!ok) failedNow.add(step.name);
    const cpu1 = machineCpu();
    return {
      ok,
      seconds: (Date.now() - t0) / 1000,
      cpuSeconds: step.serves ? null : reapedSinceLastStep(),
      idle: cpu0 && cpu1 ? idleShare(cpu0, cpu1) : null,
      output,
    };
  };
  return new Promise((resolve) => {
    const child = spawn(step.cmd, {
      shell: true,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...(typeof step.env === "function" ? step.env() : step.env) },
      // Its own process group, so stopping it stops what it started.
      detached: Boolean(step.serves),
    });
    const kept = [];
    child.stdout?.on("data", (chunk) => kept.push(chunk));
    child.stderr?.on("data", (chunk) => kept.push(chunk));
    if (step.serves) {
      waitUntilServing(step.serves, child).then((ok) => {
        if (ok) {
          server = child;
          // From now on its errors show as they happen, as Playwright shows those of a server it starts.
          child.stdout.removeAllListeners("data").resume();
          child.stderr.removeAllListeners("data").on("data", (chunk) => {
            process.stderr.write(String(chunk).replace(/^(?=.)/gm, "[WebServer] "));
          });
        } else if (child.exitCode === null) process.kill(-child.pid, "SIGTERM");
        resolve(ended(ok, Buffer.concat(kept)));
      });
    }
    child.on("close", (code) => {
      resolve(ended(code === 0, Buffer.concat(kept)));
    });
  });
}

/** True once url answers 2xx; false if the process ends first or it takes over 3 minutes. */
async function waitUntilServing(url, child) {
  const deadline = Date.now() + 180_000;
  while (child.exitCode === null && Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function record(step, { ok, seconds, cpuSeconds, idle, output }, live) {
  if (!live) {
    console.log(`\n▶ ${step.name} (ran alongside)`);
    process.stdout.write(output);
  }
  let counts;
  if (step.report) counts = existsSync(step.report) ? step.read(JSON.parse(readFileSync(step.report, "utf8"))) : null;
  recordStep(tally, { name: step.name, ok, counts });
  figures.steps.push({ name: step.name, seconds, cpuSeconds, machineIdle: idle });
  const cpuNote = cpuSeconds === null ? "" : `, ${cpuSeconds.toFixed(1)} CPU-s`;
  const idleNote = idle === null ? "" : `, machine idle ${percent(idle)}`;
  console.log(`${ok ? "✔" : "✘"} ${step.name} (${seconds.toFixed(1)} s${cpuNote}${idleNote})`);
}

/** Runs a lane's steps one after another; a live lane's are recorded as each ends. */
async function runLane(steps, live) {
  const results = [];
  for (const step of steps) {
    const result = await run(step, live);
    if (live) record(step, result, true);
    else results.push([step, result]);
  }
  return results;
}

/** A phase's or the run's time, its processes' CPU-seconds and the idle shares, as one line. */
function phaseFigures(name, t0, cpu0, own0) {
  const seconds = (Date.now() - t0) / 1000;
  const cpu1 = machineCpu();
  const own1 = runCpuSeconds();
  const cpuSeconds = own0 === null || own1 === null ? null : own1 - own0;
  const row = {
    name,
    seconds,
    cpuSeconds,
    unused: cpuSeconds === null ? null : unusedShare(cpuSeconds, seconds, cores),
    machineIdle: cpu0 && cpu1 ? idleShare(cpu0, cpu1) : null,
  };
  if (row.cpuSeconds !== null && row.machineIdle !== null) {
    console.log(
      `\n${name}: ${seconds.toFixed(1)} s, at least ${row.cpuSeconds.toFixed(0)} CPU-s of its own (at most ` +
        `${percent(row.unused)} of ${cores} cores unused by it); the machine was idle ${percent(row.machineIdle)} ` +
        `(load ${loadavg()[0].toFixed(1)}).`,
    );
  }
  return row;
}

const runCpu0 = machineCpu();
const runOwn0 = runCpuSeconds();
for (const [index, [liveLane, otherLane]] of phases.entries()) {
  const t0 = Date.now();
  const cpu0 = machineCpu();
  const own0 = runCpuSeconds();
  const alongside = runLane(otherLane ?? [], false);
  await runLane(liveLane, true);
  for (const [step, result] of await alongside) record(step, result, false);
  // The server keeps running; its CPU counts once it has ended, in the run's figure.
  figures.phases.push(phaseFigures(`Phase ${index + 1}`, t0, cpu0, own0));
}

if (server) {
  // Nothing the stopping server says may come after the closing line.
  server.stderr.removeAllListeners("data");
  const stopped = new Promise((resolve) => server.once("close", resolve));
  process.kill(-server.pid, "SIGTERM");
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5_000))]);
}
const whole = phaseFigures("The whole run", started, runCpu0, runOwn0);

const seconds = Math.round((Date.now() - started) / 1000);
const { passed, failed, skipped } = tally;
// Read by bench/run.mjs (the "npm test time" figure).
const load = loadavg();
writeFileSync(
  `${reports}/summary.json`,
  `${JSON.stringify({ passed, failed, skipped, seconds, cores, load, whole, ...figures }, null, 2)}\n`,
);
console.log("");
for (const line of closingLines(tally, seconds)) console.log(line);
process.exit(tally.failedSteps.length ? 1 : 0);
