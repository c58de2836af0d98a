// `npm run bench:person-year` (PERSON_YEAR_DAYS, default 120): one person homed in a person
// database alone lives that many days of realistic use through the API
// (tests/worker/person-year.test.ts), and this prints what their home database grew by, projected
// to a year, and the D1 calls of each common action for a person homed in the directory and one
// homed away (docs/decisions/272-a-session-check-across-two-databases.md). The figures go into
// bench/RESULTS.md and docs/architecture.md#person-databases.
import { execFileSync } from "node:child_process";
import { cpus, loadavg } from "node:os";

const days = Number(process.env.PERSON_YEAR_DAYS ?? 120);
if (!Number.isInteger(days) || days < 12) throw new Error("PERSON_YEAR_DAYS: a whole number of days, at least 12");
const started = Date.now();
const output = execFileSync(
  "npx",
  ["vitest", "run", "--config", "tests/worker/vitest.config.ts", "tests/worker/person-year.test.ts"],
  { env: { ...process.env, PERSON_YEAR_BENCH: String(days) }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
const line = output.split("\n").find((text) => text.includes("PERSON_YEAR_REPORT "));
if (!line) throw new Error(`no report in the run's output:\n${output.slice(-4000)}`);
const report = JSON.parse(line.slice(line.indexOf("PERSON_YEAR_REPORT ") + "PERSON_YEAR_REPORT ".length));

// Receipts stop growing within days (kept 8 days, at most 100 a person): the growth after the
// tenth day is what a year adds day by day.
const settled = 9;
const sizes = report.sizesByDay;
const perDay = (sizes[days - 1] - sizes[settled]) / (days - 1 - settled);
const firstDays = sizes[settled] - report.databaseBytesBefore;
const year = firstDays + perDay * (365 - (settled + 1));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(
  `\nPerson-year benchmark, ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load ${loadavg()[0].toFixed(1)}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`Days lived: ${days}; the home database grew ${kb(sizes[days - 1] - report.databaseBytesBefore)}`);
console.log(
  `Growth per day after day ${settled + 1}: ${(perDay / 1024).toFixed(2)} KB; projected person-year: ${kb(year)}`,
);
console.log("\n| table | rows | bytes of values |\n|---|---:|---:|");
for (const [table, rows] of Object.entries(report.rows))
  console.log(`| ${table} | ${rows} | ${report.payloadBytes[table]} |`);
console.log(`\nDirectory rows of the person: ${JSON.stringify(report.directoryRows)}`);
console.log("\n| action | D1 calls, homed in the directory | D1 calls, homed away |\n|---|---:|---:|");
const actions = new Set(Object.keys(report.callsPerAction).map((key) => key.replace(/ \((homed .*|EU|OC)\)$/, "")));
for (const action of actions) {
  const at = (where) => report.callsPerAction[`${action} (${where})`] ?? "-";
  const home = action === "sign up" ? at("EU") : at("homed in the directory");
  const away = action === "sign up" ? at("OC") : at("homed away");
  console.log(`| ${action} | ${home} | ${away} |`);
}
