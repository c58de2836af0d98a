// `npm test`: every check and suite in turn, then one summary line summing all suites.
// Exits non-zero if any step fails; later steps still run so one report shows everything.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const reports = "test-results";
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Each step: a command, and for test suites how to read passed/failed/skipped from its JSON report. */
const steps = [
  { name: "typecheck", cmd: "npx tsc -b" },
  { name: "lint", cmd: "npx biome check ." },
  { name: "worker types are current", cmd: "npm run --silent cf-typegen:check" },
  {
    name: "worker tests",
    cmd: `npx vitest run --config tests/worker/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${reports}/worker.json`,
    report: `${reports}/worker.json`,
    read: vitestCounts,
  },
  {
    name: "unit tests",
    cmd: `npx vitest run --config tests/unit/vitest.config.ts --reporter=default --reporter=json --outputFile.json=${reports}/unit.json`,
    report: `${reports}/unit.json`,
    read: vitestCounts,
  },
  {
    name: "browser tests",
    cmd: "npx playwright test --config tests/e2e/playwright.config.ts",
    env: { E2E_JSON_REPORT: `${process.cwd()}/${reports}/e2e.json` },
    report: `${reports}/e2e.json`,
    read: playwrightCounts,
  },
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

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const started = Date.now();

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t0 = Date.now();
  const result = spawnSync(step.cmd, { shell: true, stdio: "inherit", env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
  if (step.report) {
    if (existsSync(step.report)) {
      const counts = step.read(JSON.parse(readFileSync(step.report, "utf8")));
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      if (counts.passed + counts.failed === 0) failedSteps.push(`${step.name} (ran no test)`);
    } else {
      failedSteps.push(`${step.name} (no report)`);
    }
  }
  if (!ok) failedSteps.push(step.name);
  console.log(`${ok ? "✔" : "✘"} ${step.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

const seconds = Math.round((Date.now() - started) / 1000);
// Read by bench/run.mjs (the "npm test time" figure).
writeFileSync(`${reports}/summary.json`, `${JSON.stringify({ ...totals, seconds }, null, 2)}\n`);
console.log(`\nAll steps took ${seconds} s.`);
if (failedSteps.length) console.log(`Failed: ${[...new Set(failedSteps)].join(", ")}`);
console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
