// The CPU time a command spends, by kind of process (not a test): what `npm test`'s time on a quiet
// machine is made of. On a machine shared with other work, wall time says how busy the machine was;
// the CPU-seconds a run's own processes spend change far less, and on two cores a run that keeps
// both busy takes at least half of them (docs/decisions/262-npm-test-time-is-a-cpu-budget.md).
//
//   node bench/suite-cpu.mjs -- npm test
//   node bench/suite-cpu.mjs -- npx playwright test --config tests/e2e/playwright.config.ts
//
// Linux only: every 0.5 s it reads /proc for the command's processes and every process they start
// (kept when they are handed to init), and keeps each one's last user+system time. A process that
// lives less than half a second can be missed; the figures are lower bounds by that much.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const separator = process.argv.indexOf("--");
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (!command.length) {
  console.error("usage: node bench/suite-cpu.mjs -- <command> [args...]");
  process.exit(2);
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** What kind of process a command line is, for the table. */
function kind(cmdline) {
  if (cmdline.includes("chromium")) {
    if (cmdline.includes("--type=renderer")) return "Chromium renderers (the pages)";
    if (cmdline.includes("--type=gpu-process")) return "Chromium GPU processes";
    if (cmdline.includes("--type=")) return "Chromium zygotes, network and other helpers";
    return "Chromium browser processes";
  }
  if (cmdline.includes("workerd")) return "workerd (the suites' Workers)";
  if (cmdline.includes("playwright")) return "Playwright (Node)";
  if (cmdline.includes("vitest")) return "vitest (Node)";
  if (/\bvite(\.js)? preview\b/.test(cmdline)) return "vite preview's proxy (Node)";
  // Since decision 440 the suite's server scripts only start Miniflare; workerd answers the requests.
  if (cmdline.includes("serve-e2e")) return "the suite's server scripts (Node, Miniflare's host)";
  if (cmdline.includes("wrangler")) return "wrangler (dry-run, migrations, types)";
  if (/\btsc\b|typescript/.test(cmdline)) return "tsc";
  if (cmdline.includes("knip")) return "knip";
  if (cmdline.includes("vite") || cmdline.includes("esbuild")) return "vite build, esbuild";
  return "other (npm, shells, lints, checks)";
}

/** pid → { ppid, start, cpu seconds } for every process now, read from /proc. */
function processes() {
  const now = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name, which may hold spaces: state is field 3, ppid 4, utime 14,
      // stime 15, starttime 22.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      now.set(Number(entry), {
        ppid: Number(fields[1]),
        start: fields[19],
        cpu: (Number(fields[11]) + Number(fields[12])) / TICKS,
      });
    } catch {
      // ended while being read
    }
  }
  return now;
}

/** `${pid}:${start}` → { kind, cpu } of every process of the run seen so far. */
const seen = new Map();
const ours = new Set();

function sample(rootPid) {
  const now = processes();
  const isOurs = (pid) => pid === rootPid || ours.has(`${pid}:${now.get(pid)?.start}`);
  // Parents come before children in no particular order: repeat until nothing new joins.
  let added = true;
  while (added) {
    added = false;
    for (const [pid, proc] of now) {
      const key = `${pid}:${proc.start}`;
      if (ours.has(key) || !(pid === rootPid || isOurs(proc.ppid))) continue;
      ours.add(key);
      added = true;
    }
  }
  for (const [pid, proc] of now) {
    const key = `${pid}:${proc.start}`;
    if (!ours.has(key)) continue;
    const known = seen.get(key);
    if (known) known.cpu = proc.cpu;
    else {
      let cmdline = "";
      try {
        cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        // ended while being read
      }
      seen.set(key, { kind: kind(cmdline), cpu: proc.cpu });
    }
  }
}

const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
const timer = setInterval(() => sample(child.pid), 500);
sample(child.pid);

child.on("close", (code) => {
  clearInterval(timer);
  const seconds = (Date.now() - started) / 1000;
  const byKind = new Map();
  for (const { kind, cpu } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu);
  const total = [...byKind.values()].reduce((sum, cpu) => sum + cpu, 0);
  const rows = [...byKind].sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nCPU time of \`${command.join(" ")}\`, by kind of process:`);
  for (const [name, cpu] of rows) console.log(`  ${name.padEnd(width)}  ${cpu.toFixed(1).padStart(7)} s`);
  console.log(`  ${"total".padEnd(width)}  ${total.toFixed(1).padStart(7)} s`);
  console.log(
    `Wall time ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(2)} cores busy on average; ` +
      `on two idle cores it needs at least ${(total / 2).toFixed(0)} s.`,
  );
  process.exit(code ?? 1);
});
