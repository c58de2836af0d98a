// `node bench/suggestions.mjs`: the suggestion quality pass rates, on the development half of the
// prompt set (tests/worker/suggestion-prompts.ts, tests/worker/suggestion-quality.test.ts) and on
// the held-out half (tests/worker/suggestion-prompts-held-out.ts, written before the generator's
// second round and never tuned to: docs/decisions/195-held-out-suggestion-prompts.md), one test
// per prompt and path. Prints, per path, how many prompts passed, with what each failure missed,
// and the date and machine, for bench/RESULTS.md.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "suggestion-bench-"));
const output = join(dir, "report.json");
try {
  try {
    execFileSync(
      "npx",
      [
        "vitest",
        "run",
        "--config",
        "tests/worker/vitest.config.ts",
        "tests/worker/suggestion-quality.test.ts",
        "tests/worker/suggestion-held-out.test.ts",
        "tests/worker/suggestion-model-answers.test.ts",
        "--reporter=json",
        `--outputFile=${output}`,
      ],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, SUGGESTION_BENCH: "1" } },
    );
  } catch {
    // A failing prompt fails the run; the report still says which.
  }
  const report = JSON.parse(readFileSync(output, "utf8"));
  const paths = new Map();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      const path = test.ancestorTitles.join(" › ");
      // Only the per-prompt paths are figures; the suite's own floor checks are not.
      if (!/^(?:development|held-out):/.test(path)) continue;
      const counts = paths.get(path) ?? { passed: 0, total: 0, failures: [] };
      counts.total += 1;
      if (test.status === "passed") counts.passed += 1;
      else counts.failures.push(`${test.title}: ${(test.failureMessages[0] ?? "").split("\n")[0]}`);
      paths.set(path, counts);
    }
  }
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  console.log(`${new Date().toISOString().slice(0, 10)}, ${cpu} (${cpus().length} cores), Node ${process.version}`);
  for (const [path, { passed, total, failures }] of paths) {
    console.log(`${path}: ${passed}/${total} prompts pass (${((100 * passed) / total).toFixed(1)} %)`);
    for (const failure of failures) console.log(`  ✗ ${failure}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
