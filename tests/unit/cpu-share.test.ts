import { describe, expect, it } from "vitest";
import { childrenCpuSeconds, cpuTimes, idleShare, unusedShare } from "../../scripts/cpu-share";

describe("npm test's CPU shares", () => {
  it("reads the aggregate cpu line, idle with iowait, guest time not counted twice", () => {
    const stat = "cpu  100 5 50 800 45 0 0 0 30 0\ncpu0 50 2 25 400 20 0 0 0 15 0\nintr 1\n";
    expect(cpuTimes(stat)).toEqual({ total: 1000, idle: 845 });
  });

  it("gives the idle share between two readings", () => {
    expect(idleShare({ total: 1000, idle: 845 }, { total: 1400, idle: 945 })).toBe(0.25);
    expect(idleShare({ total: 1000, idle: 845 }, { total: 1000, idle: 845 })).toBe(0);
  });

  it("gives the share of two cores the run's processes left unused", () => {
    expect(unusedShare(150, 100, 2)).toBe(0.25);
    expect(unusedShare(250, 100, 2)).toBe(0);
  });

  it("reads the ended children's CPU from a process's stat, whatever its name holds", () => {
    const stat = "4242 (node (a) b) S 1 4242 4242 0 -1 4194304 10 0 0 0 300 40 1250 250 20 0 11 0 99";
    expect(childrenCpuSeconds(stat)).toBe(15);
  });
});
