// `node bench/suggestions.mjs`: the suggestion quality pass rate. Runs the prompt set of
// tests/worker/suggestion-prompts.ts (tests/worker/suggestion-quality.test.ts, one test per prompt
// and path) and prints, per path, how many prompts passed every rule a person would hold the answer
// to (docs/decisions/160-suggestions-measured-by-a-prompt-set.md), with the rules each failure broke.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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
        "--reporter=json",
        `--outputFile=${output}`,
      ],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    );
  } catch {
    // A failing prompt fails the run; the report still says which.
  }
  const report = JSON.parse(readFileSync(output, "utf8"));
  const paths = new Map();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      const path = test.ancestorTitles.join(" › ");
      const counts = paths.get(path) ?? { passed: 0, total: 0, failures: [] };
      counts.total += 1;
      if (test.status === "passed") counts.passed += 1;
      else counts.failures.push(`${test.title}: ${(test.failureMessages[0] ?? "").split("\n")[0]}`);
      paths.set(path, counts);
    }
  }
  for (const [path, { passed, total, failures }] of paths) {
    console.log(`${path}: ${passed}/${total} prompts pass (${((100 * passed) / total).toFixed(1)} %)`);
    for (const failure of failures) console.log(`  ✗ ${failure}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
