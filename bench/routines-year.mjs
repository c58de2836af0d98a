// `npm run bench:routines-year`: GET /api/routines and the JSON export for one person with 100
// routines and a year of kept days (tests/worker/routines-year.test.ts writes the year and
// measures), run on a baseline commit (ROUTINES_YEAR_BASE, default main) and on the tree as it is,
// in the same run, and printed side by side: the list's time (three GETs in a row), bytes and rows
// read, and the export's bytes. The figures go into bench/RESULTS.md
// (docs/decisions/326-the-routines-list-reads-its-strips.md).
import { execFileSync, execSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const TEST = "tests/worker/routines-year.test.ts";
// What the test needs that a baseline from before it may not have.
const BROUGHT = [TEST, "shared/routine-strip.ts"];
const base = process.env.ROUTINES_YEAR_BASE ?? "main";
const baseCommit = execSync(`git rev-parse --short ${base}`, { encoding: "utf8" }).trim();
const headCommit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();

/** Runs the test in `dir` and answers its report (the test may fail its bounds there: the report comes first). */
function measure(dir) {
  let output;
  let passed = true;
  try {
    output = execFileSync("npx", ["vitest", "run", "--config", "tests/worker/vitest.config.ts", TEST], {
      cwd: dir,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    passed = false;
    output = `${error.stdout ?? ""}${error.stderr ?? ""}`;
  }
  const line = output.split("\n").find((text) => text.includes("ROUTINES_YEAR_REPORT "));
  if (!line) throw new Error(`no report from ${dir}:\n${output.slice(-4000)}`);
  const report = JSON.parse(line.slice(line.indexOf("ROUTINES_YEAR_REPORT ") + "ROUTINES_YEAR_REPORT ".length));
  return { ...report, bounds: passed ? "pass" : "FAIL" };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const started = new Date();
const loadBefore = load();
const baseDir = mkdtempSync(join(tmpdir(), "routines-year-base-"));
let before;
let after;
try {
  execSync(`git archive ${base} | tar -x -C ${baseDir}`);
  symlinkSync(resolve("node_modules"), join(baseDir, "node_modules"));
  for (const file of BROUGHT) {
    mkdirSync(join(baseDir, file, ".."), { recursive: true });
    copyFileSync(file, join(baseDir, file));
  }
  before = measure(baseDir);
  after = measure(process.cwd());
} finally {
  rmSync(baseDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ratio = (a, b) => `${(b / a).toFixed(2)}×`;
console.log(
  `\nRoutines-year benchmark, ${started.toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadBefore} before, ${load()} after`,
);
console.log(`Baseline ${base} (${baseCommit}) against the tree at ${headCommit}\n`);
console.log("| figure | baseline | now | now / baseline |\n|---|---:|---:|---:|");
const rows = [
  [
    "GET /api/routines, ms (3 in a row)",
    before.listMs.join(", "),
    after.listMs.join(", "),
    ratio(median(before.listMs), median(after.listMs)),
  ],
  ["GET /api/routines, bytes", kb(before.listBytes), kb(after.listBytes), ratio(before.listBytes, after.listBytes)],
  [
    "GET /api/routines, rows the Worker read",
    before.listRowsAnswered,
    after.listRowsAnswered,
    ratio(before.listRowsAnswered, after.listRowsAnswered),
  ],
  [
    "GET /api/routines, rows D1 scanned",
    before.listRowsScanned,
    after.listRowsScanned,
    ratio(before.listRowsScanned, after.listRowsScanned),
  ],
  [
    "GET /api/account/export, bytes",
    mb(before.exportBytes),
    mb(after.exportBytes),
    ratio(before.exportBytes, after.exportBytes),
  ],
  [
    "  of which the routines with their days",
    mb(before.exportRoutinesBytes),
    mb(after.exportRoutinesBytes),
    ratio(before.exportRoutinesBytes, after.exportRoutinesBytes),
  ],
  [
    `  of which the tasks (${after.exportTasks} kept)`,
    mb(before.exportTasksBytes),
    mb(after.exportTasksBytes),
    ratio(before.exportTasksBytes, after.exportTasksBytes),
  ],
  [
    "the person's year in their home database",
    mb(before.personDatabaseBytes),
    mb(after.personDatabaseBytes),
    ratio(before.personDatabaseBytes, after.personDatabaseBytes),
  ],
  ["GET /api/account/export, ms", before.exportMs, after.exportMs, ratio(before.exportMs, after.exportMs)],
];
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
console.log(`\nThe test's bounds (${TEST}): baseline ${before.bounds}, now ${after.bounds}`);
