// Applies migrations/ to every D1 database wrangler.toml binds (the directory and each person
// database share one schema: docs/decisions/270-person-databases.md). `--local` or `--remote`, and
// any other wrangler flag (`--persist-to …`), are passed on. One command, whatever the number of databases.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const config = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
const bindings = [...config.matchAll(/\[\[d1_databases\]\][^[]*?binding\s*=\s*"([^"]+)"/g)].map((match) => match[1]);
if (bindings.length === 0) throw new Error("wrangler.toml binds no D1 database");
const flags = process.argv.slice(2);
for (const binding of bindings) {
  console.log(`Migrations for ${binding} ${flags.join(" ")}`);
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", binding, ...flags], { stdio: "inherit" });
}
