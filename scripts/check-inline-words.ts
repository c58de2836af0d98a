// `npm run lint:words` (part of `npm run lint` and a step of `npm test`): no words a person reads
// are written inline in the web app; they go through the catalogs (scripts/inline-words.ts,
// docs/decisions/395-messages-in-lingui-catalogs.md).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { inlineWords } from "./inline-words.ts";

const root = new URL("..", import.meta.url).pathname;
/** The app's modules; the locales are the catalogs themselves. */
const folders = ["web"];
const skipped = new Set(["web/locales", "web/public"]);

function modules(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (skipped.has(path)) return [];
    if (statSync(join(root, path)).isDirectory()) return modules(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = folders.flatMap(modules);
const found = files.flatMap((path) => inlineWords(path, readFileSync(join(root, path), "utf8")));
for (const words of found) console.error(`${words.path}:${words.line}  ${JSON.stringify(words.text)}`);
if (process.argv.includes("--count")) {
  const byFolder = new Map<string, number>();
  for (const { path } of found) {
    const folder = relative("web", path).split("/").slice(0, 2).join("/");
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  for (const [folder, count] of [...byFolder].sort((a, b) => b[1] - a[1])) console.error(`${count}\t${folder}`);
}
if (found.length > 0) {
  console.error(
    `✘ ${found.length} words written inline: put them in a message (docs/decisions/395-messages-in-lingui-catalogs.md)`,
  );
  process.exit(1);
}
console.log(`✔ ${files.length} web modules show no inline words`);
