// `npm run lint:decisions` (part of `npm run lint` and a step of `npm test`): checks the decision
// records, their index and every citation of a record in the repository (scripts/decision-records.ts),
// and that every file the living docs name exists.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Citation, decisionProblems } from "./decision-records.ts";

const root = new URL("..", import.meta.url).pathname;
const recordsDir = join(root, "docs/decisions");
const files = readdirSync(recordsDir)
  .filter((name) => name.endsWith(".md"))
  .map((name) => ({ name, text: readFileSync(join(recordsDir, name), "utf8") }));
const index = readFileSync(join(root, "docs/decisions.md"), "utf8");

/** Where records are cited: the sources, the tests, the scripts and the docs. */
const CITING = ["worker", "web", "shared", "tests", "scripts", "bench", "docs", "README.md", ".dependency-cruiser.cjs"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|html|toml|json|jsonc)$/;
const CITED = /(?:docs\/)?decisions\/\d{3}-[a-z0-9-]+\.md/g;

function* textFiles(path: string): Generator<string> {
  const full = join(root, path);
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full)) yield* textFiles(join(path, entry));
  } else if (TEXT.test(path)) {
    yield path;
  }
}

const citations: Citation[] = [];
for (const top of CITING) {
  for (const file of textFiles(top)) {
    for (const [path] of readFileSync(join(root, file), "utf8").matchAll(CITED)) citations.push({ path, file });
  }
}

/**
 * The living docs (not the records, which say what was true when they were written) name files in
 * backticks: each must exist, so docs/architecture.md and the README follow a move.
 */
const LIVING_DOCS = ["README.md", "docs/architecture.md", "docs/product.md", "docs/decisions.md"];
const NAMED_FILE =
  /`((?:worker|web|shared|scripts|tests|bench)\/[A-Za-z0-9_./-]+\.(?:ts|tsx|js|mjs|cjs|css|json|html))`/g;
const missingFiles = LIVING_DOCS.flatMap((doc) =>
  [...readFileSync(join(root, doc), "utf8").matchAll(NAMED_FILE)]
    .filter(([, path]) => !existsSync(join(root, path ?? "")))
    .map(([, path]) => `${doc}: names ${path}, which does not exist`),
);

const problems = [...decisionProblems(files, index, citations), ...missingFiles];
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(
    `${problems.length} problem(s) with the decision records or the docs (docs/decisions/208-decisions-index-checked.md)`,
  );
  process.exit(1);
}
console.log(
  `✔ ${files.length} decision records, their index and ${citations.length} citations agree; the docs name only files that exist`,
);
