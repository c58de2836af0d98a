// `npm run lint:tables` (part of `npm run lint` and a step of `npm test`): each D1 table is named
// only by the capability that owns it, or where decision 206 says (scripts/table-owners.ts).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { tableProblems } from "./table-owners.ts";

const root = new URL("..", import.meta.url).pathname;

function* sources(path: string): Generator<string> {
  const full = join(root, path);
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full)) yield* sources(join(path, entry));
  } else if (path.endsWith(".ts")) {
    yield path;
  }
}

const files = [...sources("worker")].map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
const problems = tableProblems(files);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`✔ ${files.length} worker modules name only their own tables, or where decision 206 says`);
