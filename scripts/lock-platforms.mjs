// Records every platform's optional binary package in package-lock.json.
//
// Why: packages such as Biome, Tailwind's oxide and workerd ship one optional
// package per OS/CPU. When the registry npm talks to lacks some of those builds
// (a partial mirror), `npm install` silently leaves them out of the lock, and
// then `npm ci` refuses the lock as "out of sync" on every machine. This script
// adds the missing entries with the os/cpu/libc they declare, so `npm ci` skips
// them on other platforms and installs them where they belong.
//
// Run after any `npm install` that changes the lock: `node scripts/lock-platforms.mjs`.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

/** Node's lookup: the nearest node_modules/<name> walking up from `from`. */
function resolve(from, name) {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return null;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

/** os/cpu/libc read off the package name, for builds the registry does not have at all. */
function platformFromName(name) {
  const parts = name.split("/").pop().split("-");
  const has = (token) => parts.includes(token);
  // [value, ...the tokens that name it]: the first whose token is in the name wins.
  const first = (choices) => choices.find(([, ...tokens]) => tokens.some(has))?.[0] ?? null;
  const os = first([
    ["darwin", "darwin"],
    ["win32", "win32", "windows"],
    ["android", "android"],
    ["freebsd", "freebsd"],
    ["linux", "linux"],
  ]);
  const cpu = first([
    ["arm64", "arm64"],
    ["x64", "x64", "64"],
    ["arm", "arm"],
    ["wasm32", "wasm32"],
    ["ia32", "ia32"],
  ]);
  const libc = first([
    ["musl", "musl"],
    ["glibc", "gnu", "gnueabihf"],
  ]);
  if (!os && !cpu) throw new Error(`cannot tell the platform of ${name}`);
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

function registryManifest(name, version) {
  try {
    const out = execFileSync(
      "npm",
      ["view", `${name}@${version}`, "--json", "os", "cpu", "libc", "dist.integrity", "license"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    return out.trim() ? JSON.parse(out) : null;
  } catch {
    return null;
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const found = resolve(location, name);
    if (found && packages[found].version === spec) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      if (found) continue; // a range already satisfied by npm's own choice
      throw new Error(`${location} wants ${name}@${spec}: only exact versions are filled in`);
    }
    const topLevel = `node_modules/${name}`;
    const key = packages[topLevel] ? `${location}/node_modules/${name}` : topLevel;
    const manifest = registryManifest(name, spec);
    const platform = manifest?.os || manifest?.cpu ? {} : platformFromName(name);
    packages[key] = {
      version: spec,
      ...(manifest?.["dist.integrity"] && { integrity: manifest["dist.integrity"] }),
      ...(entry.dev && { dev: true }),
      optional: true,
      ...(manifest?.license && { license: manifest.license }),
      ...(manifest?.os && { os: [].concat(manifest.os) }),
      ...(manifest?.cpu && { cpu: [].concat(manifest.cpu) }),
      ...(manifest?.libc && { libc: [].concat(manifest.libc) }),
      ...platform,
    };
    added++;
    console.log(`added ${key}@${spec}${manifest ? "" : " (not in this registry: platform from its name)"}`);
  }
}

// npm keeps package entries sorted by location.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added ? `${added} platform entries added to package-lock.json` : "package-lock.json already lists every platform",
);
