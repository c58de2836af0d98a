// `npm run lint:catalogs` (a step of `npm test`): the catalogs hold every message the code has, and
// every language translates each of them with English's placeholders and tags
// (scripts/catalog-gaps.ts, docs/decisions/395-messages-in-lingui-catalogs.md).
//
// It extracts first (`lingui extract --clean`, which writes the catalogs and drops the messages the
// code no longer has: the build would still compile them, and an old one can win over a new one): a catalog that changed was
// behind the code, and the run fails so the new messages are committed with their translations.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGE_TAGS, SOURCE_LANGUAGE } from "../shared/languages.ts";
import { catalogGaps } from "./catalog-gaps.ts";

const root = new URL("..", import.meta.url).pathname;

/** Every catalog as [English file, one language's file], relative to the root. */
function catalogPairs(): [string, string][] {
  const web = readdirSync(join(root, "web/locales", SOURCE_LANGUAGE)).filter((name) => name.endsWith(".po"));
  const others = LANGUAGE_TAGS.filter((tag) => tag !== SOURCE_LANGUAGE);
  return others.flatMap((tag) => [
    ...web.map((name): [string, string] => [`web/locales/${SOURCE_LANGUAGE}/${name}`, `web/locales/${tag}/${name}`]),
    [`worker/locales/${SOURCE_LANGUAGE}.po`, `worker/locales/${tag}.po`],
  ]);
}

const read = (path: string) => {
  try {
    return readFileSync(join(root, path), "utf8");
  } catch {
    return "";
  }
};

const before = new Map(
  catalogPairs()
    .flat()
    .map((path) => [path, read(path)]),
);
execFileSync("npx", ["lingui", "extract", "--clean"], { cwd: root, stdio: "ignore" });
const changed = catalogPairs()
  .flat()
  .filter((path, index, all) => all.indexOf(path) === index && read(path) !== before.get(path));
for (const path of changed) console.error(`${path}: was behind the code (now extracted: translate and commit it)`);

const gaps = catalogPairs().flatMap(([english, translated]) =>
  catalogGaps(translated, read(english), read(translated)),
);
for (const gap of gaps) console.error(`${gap.path}: ${JSON.stringify(gap.message)}: ${gap.problem}`);
if (changed.length > 0 || gaps.length > 0) {
  console.error(
    `✘ ${changed.length} catalogs behind the code, ${gaps.length} messages not translated as English says them`,
  );
  process.exit(1);
}
console.log(`✔ ${catalogPairs().length} catalogs hold every message, in every language`);
