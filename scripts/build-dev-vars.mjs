// The build copies .dev.vars beside the Worker (`<outDir>/onething/.dev.vars`), and `vite preview`
// reads that copy: the browser-test servers set their own variables there, leaving .dev.vars alone.
import { readFileSync, writeFileSync } from "node:fs";

/** Sets (or replaces) variables in a build's copy of .dev.vars. */
export function setBuildVars(outDir, vars) {
  const path = `${outDir}/onething/.dev.vars`;
  const names = new Set(Object.keys(vars));
  const kept = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => !names.has(line.split("=", 1)[0]))
    .join("\n");
  const added = Object.entries(vars).map(([name, value]) => `${name}='${value}'\n`);
  writeFileSync(path, `${kept.trimEnd()}\n${added.join("")}`);
}
