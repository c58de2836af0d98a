// `npm run test:quick`: the answer while you work, in about a minute on a warm machine: the typecheck,
// the lint of the files changed since this branch left main (commits and working tree), the source
// checks, the unit suite, and the worker and browser tests of what changed (scripts/test-map.ts).
// `npm test` stays the gate: it runs everything (docs/decisions/342-a-quick-tier-beside-the-gate.md).
//
//   QUICK_BASE=<commit>   compare with this commit instead of `git merge-base HEAD main`
//   E2E_PORT=<port>       the browser tests' server (default 8890, clear of npm test's 8790)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { testsFor } from "./test-map.ts";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const base = process.env.QUICK_BASE ?? git("merge-base", "HEAD", "main")[0];
const changed = [
  ...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")]),
];
const present = changed.filter((path) => existsSync(path));
const all = {
  worker: readdirSync("tests/worker").filter((name) => name.endsWith(".test.ts")),
  e2e: readdirSync("tests/e2e").filter((name) => name.endsWith(".spec.ts")),
};
const picked = testsFor(changed, all);
process.env.E2E_PORT ??= "8890";

console.log(`${changed.length} files changed since ${base.slice(0, 10)}; areas: ${picked.areas.join(", ") || "none"}.`);
console.log(`Worker tests: ${picked.worker.join(" ") || "none"}.`);
console.log(`Browser tests: ${picked.e2e.join(" ") || "none"}.`);

const lint = present.length
  ? `npx biome check --no-errors-on-unmatched --files-ignore-unknown=true ${present.map((path) => `'${path}'`).join(" ")}`
  : null;
const checks = ["decisions", "tables", "bindings", "clock", "test-map"].map((name) => ({
  name: `lint:${name}`,
  cmd: `npm run --silent lint:${name}`,
}));
const clock = { TEST_CLOCK: process.env.TEST_CLOCK ?? "day-start" };

/** Lanes run at once, each its steps one after another (the first lane's output live). */
const lanes = [
  [{ name: "typecheck", cmd: "npx tsc -b" }],
  [
    lint && { name: "lint of the changed files", cmd: lint },
    ...checks,
    { name: "unit tests", cmd: "npx vitest run --config tests/unit/vitest.config.ts", env: clock },
    picked.worker.length && {
      name: "worker tests of what changed",
      cmd: `npx vitest run --config tests/worker/vitest.config.ts ${picked.worker.map((file) => `tests/worker/${file}`).join(" ")}`,
      env: clock,
    },
  ].filter(Boolean),
  [
    picked.e2e.length && {
      name: "browser tests of what changed",
      cmd: `npx playwright test --config tests/e2e/playwright.config.ts ${picked.e2e.map((file) => `tests/e2e/${file}`).join(" ")}`,
    },
  ].filter(Boolean),
];

const started = Date.now();
const results = [];

function run(step, live) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, {
      shell: true,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...step.env },
    });
    const kept = [];
    child.stdout?.on("data", (chunk) => kept.push(chunk));
    child.stderr?.on("data", (chunk) => kept.push(chunk));
    child.on("close", (code) => {
      const seconds = (Date.now() - t0) / 1000;
      if (!live || code !== 0) {
        console.log(`\n▶ ${step.name}`);
        if (!live) process.stdout.write(Buffer.concat(kept));
      }
      console.log(`${code === 0 ? "✔" : "✘"} ${step.name} (${seconds.toFixed(1)} s)`);
      results.push({ name: step.name, ok: code === 0 });
      resolve();
    });
  });
}

await Promise.all(
  lanes.map(async (steps, index) => {
    for (const step of steps) await run(step, index === 0);
  }),
);

const failed = results.filter((result) => !result.ok).map((result) => result.name);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\nQuick tier: ${seconds} s, ${failed.length ? `failed: ${failed.join(", ")}` : "all passed"}. npm test is the gate.`,
);
process.exit(failed.length ? 1 : 0);
