// `npm run lint:clock` (part of `npm run lint` and a step of `npm test`): no browser test reads the
// machine's calendar or makes an account outside a steady place (scripts/clock-free-tests.ts,
// docs/decisions/237-clock-dependence-fails-every-run.md).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { clockProblems } from "./clock-free-tests.ts";

const root = new URL("..", import.meta.url).pathname;
const folder = "tests/e2e";

const files = readdirSync(join(root, folder))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => ({ path: `${folder}/${name}`, text: readFileSync(join(root, folder, name), "utf8") }));
const problems = clockProblems(files);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`✔ ${files.length} browser test modules read no machine calendar and make accounts only in a steady place`);
