// `npm run lint:bindings` (part of `npm run lint`): only worker/db/person-db.ts names a D1 binding
// (scripts/binding-names.ts, docs/decisions/270-person-databases.md).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { bindingProblems } from "./binding-names.ts";

const root = new URL("..", import.meta.url).pathname;

function* sources(path: string): Generator<string> {
  const full = join(root, path);
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full)) yield* sources(join(path, entry));
  } else if (/\.(ts|tsx)$/.test(path)) {
    yield path;
  }
}

const files = [...sources("worker")].map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
const problems = bindingProblems(files);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log(`✔ ${files.length} worker modules find their database through worker/db/person-db.ts`);
