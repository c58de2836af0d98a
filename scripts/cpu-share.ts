// How busy the machine's cores were between two moments, from /proc/stat (Linux), and how much of
// that a run's own processes spent: `npm test` (scripts/test.mjs) prints both per phase, so a run
// that leaves a core idle shows it (docs/decisions/341-npm-test-keeps-both-cores-busy.md).

/** The machine's CPU time so far, in clock ticks: all of it and the idle part (idle + iowait). */
export type CpuTimes = { total: number; idle: number };

/** The aggregate `cpu` line of /proc/stat's text. */
export function cpuTimes(procStat: string): CpuTimes {
  const line = procStat.split("\n").find((row) => row.startsWith("cpu "));
  if (!line) throw new Error("/proc/stat has no aggregate cpu line");
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait };
}

/** The share of the machine's CPU time that was idle between two readings (0 when none passed). */
export function idleShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 0;
}

/**
 * The share of `cores` × `seconds` the run's own processes did not use, given the CPU-seconds they
 * spent: on a machine doing nothing else, the time its cores waited on the run.
 */
export function unusedShare(cpuSeconds: number, seconds: number, cores: number): number {
  return seconds > 0 ? Math.max(0, 1 - cpuSeconds / (seconds * cores)) : 0;
}

/** CPU-seconds of a process's ended and waited-for descendants (cutime + cstime of /proc/<pid>/stat). */
export function childrenCpuSeconds(procPidStat: string, ticksPerSecond = 100): number {
  // Fields after the command name (which may hold spaces and parentheses): state is field 3, cutime 16, cstime 17.
  const fields = procPidStat.slice(procPidStat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
}
