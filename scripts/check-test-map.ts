// `npm run lint:test-map` (part of `npm run lint` and `npm test`): every worker and browser test file
// is reachable from scripts/test-map.ts or always run, and every source path it names exists
// (docs/decisions/342-a-quick-tier-beside-the-gate.md).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { AREAS, mapProblems } from "./test-map.ts";

const root = new URL("..", import.meta.url).pathname;
const all = {
  worker: readdirSync(join(root, "tests/worker")).filter((name) => name.endsWith(".test.ts")),
  e2e: readdirSync(join(root, "tests/e2e")).filter((name) => name.endsWith(".spec.ts")),
};
const problems = mapProblems(all);
for (const [name, area] of Object.entries(AREAS)) {
  for (const source of area.sources) {
    if (!existsSync(join(root, source))) problems.push(`area ${name}: ${source} does not exist`);
  }
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(
  `✔ ${all.worker.length} worker and ${all.e2e.length} browser test files are reachable from scripts/test-map.ts`,
);
