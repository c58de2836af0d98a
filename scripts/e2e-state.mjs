// The local databases of the browser suite's servers (the main one, the identity-provider app, the
// day servers): migrations/ is applied once, into a template, and every server starts from a copy of
// it. Applying every migration to both databases took each server about 19 CPU-seconds and 31 s,
// four times a run; a copy takes a fraction of a second (docs/decisions/340-browser-servers-copy-one-migrated-template.md).
//
// The template's name is a hash of what its content follows from (the migrations, the D1 bindings
// of wrangler.toml, wrangler's version), so an unchanged template serves later runs too and a new
// migration makes a new one. Servers that start at once build it once: each builds into a folder of
// its own and renames it into place; a rename that finds the template there already keeps that one.
//
//   node scripts/e2e-state.mjs   builds the template if it is missing (scripts/test.mjs, early)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stateRoot = resolve(root, ".wrangler");
const prefix = "e2e-template-";

/** The template's folder for the migrations, bindings and wrangler now in the tree. */
function templateDir() {
  const hash = createHash("sha256");
  const migrations = resolve(root, "migrations");
  for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const path = resolve(migrations, name);
    if (!name.endsWith(".sql")) continue;
    hash.update(name).update(readFileSync(path));
  }
  const config = readFileSync(resolve(root, "wrangler.toml"), "utf8");
  for (const [section] of config.matchAll(/\[\[d1_databases\]\][^[]*/g)) hash.update(section);
  hash.update(JSON.parse(readFileSync(resolve(root, "node_modules/wrangler/package.json"), "utf8")).version);
  return resolve(stateRoot, `${prefix}${hash.digest("hex").slice(0, 16)}`);
}

/** The migrated template's folder, made now if it is missing. */
function migratedTemplate() {
  const template = templateDir();
  if (existsSync(template)) return template;
  const building = `${template}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  execFileSync("node", [resolve(root, "scripts/migrate-databases.mjs"), "--local", "--persist-to", building], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    renameSync(building, template);
  } catch (error) {
    // Another server built it meanwhile: theirs is the same.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(template)) throw error;
  }
  // Templates of earlier migrations are not used again.
  for (const name of readdirSync(stateRoot)) {
    const path = resolve(stateRoot, name);
    if (name.startsWith(prefix) && !name.includes(".building-") && path !== template) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return template;
}

/** Replaces stateDir with a fresh copy of the migrated template: a server's own empty databases. */
export function freshState(stateDir) {
  const template = migratedTemplate();
  rmSync(stateDir, { recursive: true, force: true });
  cpSync(template, stateDir, { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) migratedTemplate();
